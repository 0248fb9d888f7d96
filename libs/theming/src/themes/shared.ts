import { ANIMATION_DURATIONS_MS } from '../constants';
import type { ThemeDefinition } from '../theme-definition';

const systemFont =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Typography, spacing, radii and animation shared by the themes unless one says otherwise. */
export const baseTheme = {
  typography: {
    fontFamily: systemFont,
    fontFamilyHeading: systemFont,
    fontSize: {
      xs: '0.75rem',
      sm: '0.875rem',
      base: '1rem',
      lg: '1.125rem',
      xl: '1.25rem',
      '2xl': '1.5rem',
    },
    fontWeight: { normal: 400, medium: 500, bold: 700 },
    lineHeight: { tight: 1.25, normal: 1.5 },
  },
  spacing: {
    1: '0.25rem',
    2: '0.5rem',
    3: '0.75rem',
    4: '1rem',
    6: '1.5rem',
    8: '2rem',
  },
  borderRadius: { sm: '0.25rem', md: '0.5rem', lg: '0.75rem', full: '9999px' },
  animation: {
    duration: ANIMATION_DURATIONS_MS,
    easing: 'cubic-bezier(0.2, 0, 0, 1)',
  },
} satisfies Pick<
  ThemeDefinition,
  'typography' | 'spacing' | 'borderRadius' | 'animation'
>;

/** Soft shadows for light backgrounds. */
export const lightShadows: ThemeDefinition['shadows'] = {
  sm: '0 1px 2px rgb(15 23 42 / 0.08)',
  md: '0 4px 12px rgb(15 23 42 / 0.10)',
  lg: '0 12px 32px rgb(15 23 42 / 0.14)',
};

/** Deeper shadows, visible on dark backgrounds. */
export const darkShadows: ThemeDefinition['shadows'] = {
  sm: '0 1px 2px rgb(0 0 0 / 0.40)',
  md: '0 4px 12px rgb(0 0 0 / 0.50)',
  lg: '0 12px 32px rgb(0 0 0 / 0.60)',
};

/** The geometric, tighter-cornered typography of the pentatonic variants. */
export const pentatonicTypography: ThemeDefinition['typography'] = {
  ...baseTheme.typography,
  fontFamilyHeading:
    "'Helvetica Neue', Helvetica, Arial, system-ui, -apple-system, sans-serif",
  fontWeight: { normal: 400, medium: 500, bold: 800 },
};

/** Square-ish corners of the pentatonic variants. */
export const pentatonicRadius: ThemeDefinition['borderRadius'] = {
  sm: '0.125rem',
  md: '0.25rem',
  lg: '0.5rem',
  full: '9999px',
};

/**
 * The colours both dark pentatonic variants share: #00fba9 (specification
 * §9) as fill, accent and focus ring, and status colours that read on a
 * near-black page. Each variant adds its own neutrals.
 */
export const pentatonicDarkColors = {
  primary: '#00FBA9',
  primaryHover: '#5CFFC8',
  onPrimary: '#04140E',
  accent: '#00FBA9',
  focusRing: '#00FBA9',
  success: '#5EE39A',
  successBg: '#0E2A1D',
  warning: '#F5B93D',
  error: '#FF8A80',
  info: '#7DB5FF',
} satisfies Partial<ThemeDefinition['colors']>;

/**
 * What both dark pentatonic variants are besides their tenant's neutrals:
 * the variant, its typography and corners, shadows for a dark page and the
 * inverted logo.
 */
export const pentatonicDarkTheme = {
  ...baseTheme,
  variant: 'pentatonic-dark',
  typography: pentatonicTypography,
  shadows: darkShadows,
  borderRadius: pentatonicRadius,
  logoInvert: true,
} satisfies Partial<ThemeDefinition>;
