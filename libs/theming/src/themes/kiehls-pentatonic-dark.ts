import type { ThemeDefinition } from '../theme-definition';
import {
  baseTheme,
  darkShadows,
  pentatonicRadius,
  pentatonicTypography,
} from './shared';

/** Kiehl's dark pentatonic variant: #00fba9 (specification §9) on black, logo inverted. */
export const kiehlsPentatonicDarkTheme: ThemeDefinition = {
  ...baseTheme,
  key: 'kiehls-pentatonic-dark',
  name: "Kiehl's Pentatonic Dark",
  tenant: 'kiehls',
  variant: 'pentatonic-dark',
  colors: {
    primary: '#00FBA9',
    primaryHover: '#5CFFC8',
    onPrimary: '#04140E',
    secondary: '#B8F5DF',
    accent: '#00FBA9',
    background: '#0A0A0A',
    surface: '#141414',
    surfaceElevated: '#1E1E1E',
    text: { primary: '#F5F5F5', secondary: '#CACACA', muted: '#A0A0A0' },
    border: '#757575',
    borderLight: '#2E2E2E',
    focusRing: '#00FBA9',
    success: '#5EE39A',
    successBg: '#0E2A1D',
    warning: '#F5B93D',
    error: '#FF8A80',
    info: '#7DB5FF',
  },
  gradients: {
    primary: 'linear-gradient(135deg, #00FBA9 0%, #5B2DA8 100%)',
    surface: 'linear-gradient(180deg, #141414 0%, #0A0A0A 100%)',
  },
  typography: pentatonicTypography,
  shadows: darkShadows,
  borderRadius: pentatonicRadius,
  logoInvert: true,
};
