import { ANIMATION_DURATIONS_MS } from '../constants';
import type { ThemeDefinition } from '../theme-definition';

/** The parts shared by every theme unless a theme says otherwise. */
export const baseTheme = {
  typography: {
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    fontFamilyHeading:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
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
  shadows: {
    sm: '0 1px 2px rgb(15 23 42 / 0.08)',
    md: '0 4px 12px rgb(15 23 42 / 0.10)',
    lg: '0 12px 32px rgb(15 23 42 / 0.14)',
  },
  borderRadius: { sm: '0.25rem', md: '0.5rem', lg: '0.75rem', full: '9999px' },
  animation: {
    duration: ANIMATION_DURATIONS_MS,
    easing: 'cubic-bezier(0.2, 0, 0, 1)',
  },
} satisfies Partial<ThemeDefinition>;

/** The main tenant's default theme; primary #2E888D (specification §9). */
export const pactTheme: ThemeDefinition = {
  ...baseTheme,
  key: 'pact',
  name: 'Pact',
  colors: {
    primary: '#2E888D',
    primaryHover: '#246C70',
    onPrimary: '#000000',
    secondary: '#1F4E5F',
    accent: '#B3541E',
    background: '#F4F7F7',
    surface: '#FFFFFF',
    surfaceElevated: '#EEF3F3',
    text: { primary: '#14232A', secondary: '#3D5058', muted: '#5A6B72' },
    border: '#7A8C93',
    borderLight: '#D5DFE1',
    success: '#17703A',
    successBg: '#E6F4EA',
    warning: '#8A5A00',
    error: '#B42318',
    info: '#1D5FA8',
  },
  gradients: {
    primary: 'linear-gradient(135deg, #2E888D 0%, #1F4E5F 100%)',
    surface: 'linear-gradient(180deg, #FFFFFF 0%, #F4F7F7 100%)',
  },
  logoInvert: false,
};
