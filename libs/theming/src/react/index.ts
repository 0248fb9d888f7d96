/** React bindings of @collective/theming: provider, hook and switcher over the framework-free controller. */
export { ThemeProvider, useTheme } from './theme-provider';
export type { ThemeContextValue, ThemeProviderProps } from './theme-provider';
export { ThemeSwitcher } from './theme-switcher/theme-switcher';
export type { ThemeSwitcherProps } from './theme-switcher/theme-switcher';
