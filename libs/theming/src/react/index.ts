/** React bindings of @collective/theming: provider, hook and switcher over the framework-free controller. */
export { ThemeProvider } from './theme-provider';
export type { ThemeProviderProps } from './theme-provider';
export type { ThemeContextValue } from './theme-context';
export { ThemeSwitcher } from './theme-switcher/theme-switcher';
export type { ThemeSwitcherProps } from './theme-switcher/theme-switcher';
export { useTheme } from './use-theme';
