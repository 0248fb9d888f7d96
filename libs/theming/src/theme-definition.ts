/** The theme keys of specification §3. */
export const THEME_KEYS = [
  'pact',
  'pact-new',
  'pact-modern',
  'pact-pentatonic',
  'pact-pentatonic-dark',
  'kiehls',
  'kiehls-pentatonic',
  'kiehls-pentatonic-dark',
] as const;

/** One of the eight themes. */
export type ThemeKey = (typeof THEME_KEYS)[number];

/**
 * A full theme (specification §3). Colours the specification leaves open are
 * designed to meet WCAG 2.2 AA (decisions D8). `onPrimary` is the text colour
 * on `primary` surfaces, an addition the contrast rule needs.
 */
export interface ThemeDefinition {
  key: ThemeKey;
  name: string;
  colors: {
    primary: string;
    primaryHover: string;
    onPrimary: string;
    secondary: string;
    accent: string;
    background: string;
    surface: string;
    surfaceElevated: string;
    text: { primary: string; secondary: string; muted: string };
    border: string;
    borderLight: string;
    success: string;
    successBg: string;
    warning: string;
    error: string;
    info: string;
  };
  gradients: { primary: string; surface: string };
  typography: {
    fontFamily: string;
    fontFamilyHeading: string;
    fontSize: {
      xs: string;
      sm: string;
      base: string;
      lg: string;
      xl: string;
      '2xl': string;
    };
    fontWeight: { normal: number; medium: number; bold: number };
    lineHeight: { tight: number; normal: number };
  };
  spacing: Record<1 | 2 | 3 | 4 | 6 | 8, string>;
  shadows: { sm: string; md: string; lg: string };
  borderRadius: { sm: string; md: string; lg: string; full: string };
  animation: {
    duration: {
      instant: number;
      fast: number;
      normal: number;
      slow: number;
      slower: number;
      slowest: number;
    };
    easing: string;
  };
  /** Whether the logo is drawn inverted (light on dark themes). */
  logoInvert: boolean;
}
