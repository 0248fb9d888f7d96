/**
 * @collective/theming: the collective's themes as typed data, their
 * resolution from storage, the CSS custom properties that apply them, a
 * pre-paint boot snippet and contrast checks. No React; bindings are in
 * `@collective/theming/react`.
 */
export {
  ACTIVE_TENANT_STORAGE_KEY,
  ANIMATION_DURATIONS_MS,
  DEFAULT_THEME_TENANT,
  DEFAULT_VARIANT,
  TENANT_CHANGED_EVENT,
  TEXT_CONTRAST_MIN,
  THEME_CHANGED_EVENT,
  THEME_REFRESH_DELAY_MS,
  THEME_VARIANT_STORAGE_KEY,
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
export { browserStorage, safeStorage } from './storage';
export type { ThemeStorage } from './storage';
export { createThemeController } from './theme-controller';
export type {
  ThemeChangedDetail,
  ThemeController,
  ThemeControllerOptions,
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
export {
  kiehlsPentatonicDarkTheme,
  kiehlsPentatonicTheme,
  kiehlsTheme,
  pactModernTheme,
  pactNewTheme,
  pactPentatonicDarkTheme,
  pactPentatonicTheme,
  pactTheme,
  THEMES,
} from './themes';
