import type { ThemeDefinition } from '../theme-definition';
import { baseTheme, lightShadows } from './shared';

/** The main tenant's "modern" variant: deep teal #0F766E (specification §9) on warm neutrals. */
export const pactModernTheme: ThemeDefinition = {
  ...baseTheme,
  key: 'pact-modern',
  name: 'Pact Modern',
  tenant: 'pact',
  variant: 'modern',
  colors: {
    primary: '#0F766E',
    primaryHover: '#0B5C56',
    onPrimary: '#FFFFFF',
    secondary: '#134E4A',
    accent: '#9A3412',
    background: '#FAFAF9',
    surface: '#FFFFFF',
    surfaceElevated: '#F1F3F2',
    text: { primary: '#18181B', secondary: '#3F3F46', muted: '#52525B' },
    border: '#71717A',
    borderLight: '#E4E4E7',
    focusRing: '#0F766E',
    success: '#166534',
    successBg: '#E6F4EC',
    warning: '#854D0E',
    error: '#B91C1C',
    info: '#1D4ED8',
  },
  gradients: {
    primary: 'linear-gradient(135deg, #0F766E 0%, #134E4A 100%)',
    surface: 'linear-gradient(180deg, #FFFFFF 0%, #FAFAF9 100%)',
  },
  typography: {
    ...baseTheme.typography,
    fontWeight: { normal: 400, medium: 500, bold: 600 },
  },
  shadows: lightShadows,
  borderRadius: {
    sm: '0.375rem',
    md: '0.75rem',
    lg: '1rem',
    full: '9999px',
  },
  logoInvert: false,
};
