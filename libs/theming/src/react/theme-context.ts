import { createContext } from 'react';
import type { ThemeState } from '../theme-controller';

/** What {@link useTheme} gives: the theme in force, the tenant's variants and the actions. */
export interface ThemeContextValue extends ThemeState {
  /** Stores the variant (`default` clears it), applies it and emits `themeChanged`. */
  setVariant(variant: string): void;
  /** Reloads the page; the switcher calls it after storing a choice (§4). */
  reload(): void;
}

/** Context of {@link ThemeProvider}; `undefined` outside it so the hook can say what is missing. */
export const ThemeContext = createContext<ThemeContextValue | undefined>(
  undefined,
);
