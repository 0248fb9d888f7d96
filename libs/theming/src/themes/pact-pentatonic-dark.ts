import type { ThemeDefinition } from '../theme-definition';
import {
  baseTheme,
  darkShadows,
  pentatonicRadius,
  pentatonicTypography,
} from './shared';

/** The main tenant's dark pentatonic variant: #00fba9 (specification §9) on green-black, logo inverted. */
export const pactPentatonicDarkTheme: ThemeDefinition = {
  ...baseTheme,
  key: 'pact-pentatonic-dark',
  name: 'Pact Pentatonic Dark',
  tenant: 'pact',
  variant: 'pentatonic-dark',
  colors: {
    primary: '#00FBA9',
    primaryHover: '#5CFFC8',
    onPrimary: '#04140E',
    secondary: '#7FD6DA',
    accent: '#00FBA9',
    background: '#0B1110',
    surface: '#121A18',
    surfaceElevated: '#1A2522',
    text: { primary: '#EEF5F2', secondary: '#C2CFCA', muted: '#98A8A2' },
    border: '#6C7D77',
    borderLight: '#2A3733',
    focusRing: '#00FBA9',
    success: '#5EE39A',
    successBg: '#0E2A1D',
    warning: '#F5B93D',
    error: '#FF8A80',
    info: '#7DB5FF',
  },
  gradients: {
    primary: 'linear-gradient(135deg, #00FBA9 0%, #2E888D 100%)',
    surface: 'linear-gradient(180deg, #121A18 0%, #0B1110 100%)',
  },
  typography: pentatonicTypography,
  shadows: darkShadows,
  borderRadius: pentatonicRadius,
  logoInvert: true,
};
