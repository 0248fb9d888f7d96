import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { ThemeController } from '../theme-controller';
import { ThemeContext, type ThemeContextValue } from './theme-context';

/** Props of {@link ThemeProvider}. */
export interface ThemeProviderProps {
  /** The page's controller, created outside React with `createThemeController()`. */
  controller: ThemeController;
  /** Reloads the page after a switch; `location.reload()` by default (tests pass a spy). */
  reload?: () => void;
  children?: ReactNode;
}

function reloadPage(): void {
  window.location.reload();
}

/**
 * Makes the page's theme controller available to {@link useTheme} and the
 * {@link ThemeSwitcher}, and re-renders them when the theme changes (for
 * example after another tab switched it).
 */
export function ThemeProvider({
  controller,
  reload = reloadPage,
  children,
}: ThemeProviderProps) {
  const state = useSyncExternalStore(
    controller.subscribe,
    controller.getState,
    controller.getState,
  );
  const value = useMemo<ThemeContextValue>(
    () => ({ ...state, setVariant: controller.setVariant, reload }),
    [state, controller, reload],
  );
  return <ThemeContext value={value}>{children}</ThemeContext>;
}
