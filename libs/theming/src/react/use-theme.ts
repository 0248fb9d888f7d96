import { useContext } from 'react';
import { ThemeContext, type ThemeContextValue } from './theme-context';

/**
 * The theme in force (key, definition, tenant, variant), the variants the
 * tenant offers, and `setVariant`. Throws outside a {@link ThemeProvider}.
 */
export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) {
    throw new Error(
      'useTheme must be used inside <ThemeProvider>; wrap the app in <ThemeProvider controller={createThemeController()}>.',
    );
  }
  return value;
}
