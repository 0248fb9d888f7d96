import {
  createContext,
  use,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { ThemeController, ThemeState } from '../theme-controller';

/** What {@link useTheme} gives: the theme in force, the tenant's variants and the actions. */
export interface ThemeContextValue extends ThemeState {
  /** Stores the variant (`default` clears it), applies it and emits `themeChanged`. */
  setVariant(variant: string): void;
  /** The switcher's action (§4): stores and applies the variant, then reloads the page. */
  switchVariant(variant: string): void;
}

const ThemeContext = createContext<ThemeController | undefined>(undefined);

/** Props of {@link ThemeProvider}. */
export interface ThemeProviderProps {
  /** The page's controller, created outside React with `createThemeController()`. */
  controller: ThemeController;
  children?: ReactNode;
}

/**
 * Makes the page's theme controller available to {@link useTheme} and the
 * `ThemeSwitcher`, which re-render when the theme changes (for example
 * after another tab switched it).
 */
export function ThemeProvider({ controller, children }: ThemeProviderProps) {
  return <ThemeContext value={controller}>{children}</ThemeContext>;
}

/**
 * The theme in force (key, definition, tenant, variant), the variants the
 * tenant offers, and the actions. Throws outside a {@link ThemeProvider}.
 */
export function useTheme(): ThemeContextValue {
  const controller = use(ThemeContext);
  if (!controller) {
    throw new Error(
      'useTheme must be used inside <ThemeProvider>; wrap the app in <ThemeProvider controller={createThemeController({ platform })}>.',
    );
  }
  const state = useSyncExternalStore(
    controller.subscribe,
    controller.getState,
    controller.getState,
  );
  return useMemo(
    () => ({
      ...state,
      setVariant: controller.setVariant,
      switchVariant: controller.switchVariant,
    }),
    [state, controller],
  );
}
