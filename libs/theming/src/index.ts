/**
 * @collective/theming: the collective's themes as typed data and the code
 * that applies them as CSS custom properties. No React; bindings are in
 * `@collective/theming/react`.
 */
export { ANIMATION_DURATIONS_MS, THEME_REFRESH_DELAY_MS } from './constants';
export { applyTheme, themeVariables } from './css-variables';
export { THEME_KEYS } from './theme-definition';
export type { ThemeDefinition, ThemeKey } from './theme-definition';
export { pactTheme } from './themes/pact';
