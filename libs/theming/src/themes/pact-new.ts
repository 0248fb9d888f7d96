import type { ThemeDefinition } from '../theme-definition';
import { baseTheme, lightShadows } from './shared';

/** The main tenant's "new" variant: blue #3B7CD0 (specification §9) on slate greys. */
export const pactNewTheme: ThemeDefinition = {
  ...baseTheme,
  key: 'pact-new',
  name: 'Pact New',
  tenant: 'pact',
  variant: 'new',
  colors: {
    primary: '#3B7CD0',
    // Lighter on hover: the text on primary is near-black, white would be 4.2:1.
    primaryHover: '#5E95DC',
    onPrimary: '#02060D',
    secondary: '#1E3A8A',
    accent: '#6D28D9',
    background: '#F5F7FB',
    surface: '#FFFFFF',
    surfaceElevated: '#EBF0F7',
    text: { primary: '#111827', secondary: '#374151', muted: '#4B5563' },
    border: '#6B7280',
    borderLight: '#D8DEE8',
    focusRing: '#2557B3',
    success: '#166534',
    successBg: '#E3F4EA',
    warning: '#854D0E',
    error: '#B91C1C',
    info: '#1D4ED8',
  },
  gradients: {
    primary: 'linear-gradient(135deg, #3B7CD0 0%, #1E3A8A 100%)',
    surface: 'linear-gradient(180deg, #FFFFFF 0%, #F5F7FB 100%)',
  },
  shadows: lightShadows,
  logoInvert: false,
};
