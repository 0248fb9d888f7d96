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

/** The tenants that have themes (decisions D3); the same codes as @collective/tenancy. */
export const THEME_TENANTS = ['pact', 'kiehls'] as const;

/** A tenant that has themes. */
export type ThemeTenant = (typeof THEME_TENANTS)[number];

/** The variants a theme can be, in the order a switcher lists them (decisions D8). */
export const THEME_VARIANTS = [
  'default',
  'new',
  'modern',
  'pentatonic',
  'pentatonic-dark',
] as const;

/** A theme variant; `default` is a tenant's base theme. */
export type ThemeVariant = (typeof THEME_VARIANTS)[number];

/** The six animation durations of specification §9, by name. */
export interface AnimationDurations {
  instant: 50;
  fast: 150;
  normal: 200;
  slow: 300;
  slower: 500;
  slowest: 700;
}

/**
 * A full theme (specification §3): plain data, checked by
 * `ThemeDefinitionSchema` and by the contrast rule of decisions D8.
 *
 * Colour roles: `primary` is the brand fill (primary buttons, selected
 * items) and `onPrimary` the text on it and on `primaryHover`; `secondary`
 * and `accent` are text-capable brand colours; `focusRing` draws focus
 * outlines and colour-only indicators (3:1 on every background, even where
 * `primary` is too light to, as #00fba9 is on light themes); `border` outlines
 * controls (3:1) while `borderLight` only divides (decorative).
 * `onPrimary` and `focusRing` are additions to §3 the contrast rule needs.
 */
export interface ThemeDefinition {
  key: ThemeKey;
  /** Readable name, shown in the theme switcher. */
  name: string;
  /** The tenant the theme belongs to. */
  tenant: ThemeTenant;
  /** `default` for the tenant's base theme. */
  variant: ThemeVariant;
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
    focusRing: string;
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
  spacing: { 1: string; 2: string; 3: string; 4: string; 6: string; 8: string };
  shadows: { sm: string; md: string; lg: string };
  borderRadius: { sm: string; md: string; lg: string; full: string };
  animation: { duration: AnimationDurations; easing: string };
  /** Whether the logo is drawn inverted (light on the dark themes). */
  logoInvert: boolean;
}
