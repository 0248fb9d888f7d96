/**
 * @collective/theming: the collective's themes as typed data, their
 * resolution from storage, the CSS custom properties that apply them, a
 * pre-paint boot snippet and contrast checks. No React; bindings are in
 * `@collective/theming/react`.
 */
export {
  ANIMATION_DURATIONS_MS,
  DEFAULT_THEME_TENANT,
  DEFAULT_VARIANT,
  TEXT_CONTRAST_MIN,
  THEME_REFRESH_DELAY_MS,
  UI_CONTRAST_MIN,
} from './constants';
export { themeBootScript } from './boot-script';
export {
  checkThemeContrast,
  contrastRatio,
  parseHexColor,
  relativeLuminance,
  themeContrastPairs,
} from './contrast';
export type { ContrastFailure, ContrastPair, Rgb } from './contrast';
export {
  applyTheme,
  isDarkTheme,
  rootStyle,
  themeVariables,
} from './css-variables';
export {
  isThemeTenant,
  resolveThemeKey,
  resolveThemeTenant,
  themeFor,
  variantsFor,
} from './resolve-theme';
export type { ThemeVariantOption } from './resolve-theme';
export { createThemeController } from './theme-controller';
export type {
  ThemeChangedDetail,
  ThemeController,
  ThemeControllerOptions,
  ThemePlatform,
  ThemeState,
} from './theme-controller';
export { THEME_KEYS, THEME_TENANTS, THEME_VARIANTS } from './theme-definition';
export type {
  AnimationDurations,
  ThemeDefinition,
  ThemeKey,
  ThemeTenant,
  ThemeVariant,
} from './theme-definition';
export { parseThemeDefinition, ThemeDefinitionSchema } from './theme-schema';
export { THEMES } from './themes';
