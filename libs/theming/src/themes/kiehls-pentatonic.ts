import type { ThemeDefinition } from '../theme-definition';
import {
  baseTheme,
  lightShadows,
  pentatonicRadius,
  pentatonicTypography,
} from './shared';

/** Kiehl's light pentatonic variant: #00fba9 (specification §9) as a fill on neutral greys. */
export const kiehlsPentatonicTheme: ThemeDefinition = {
  ...baseTheme,
  key: 'kiehls-pentatonic',
  name: "Kiehl's Pentatonic",
  tenant: 'kiehls',
  variant: 'pentatonic',
  colors: {
    primary: '#00FBA9',
    primaryHover: '#00D993',
    onPrimary: '#04140E',
    secondary: '#00573B',
    accent: '#5B2DA8',
    background: '#F7F7F5',
    surface: '#FFFFFF',
    surfaceElevated: '#EEEEEA',
    text: { primary: '#0A0A0A', secondary: '#363636', muted: '#555555' },
    border: '#737373',
    borderLight: '#DCDCD6',
    focusRing: '#007A52',
    success: '#166534',
    successBg: '#E0F5EA',
    warning: '#7C4A03',
    error: '#B42318',
    info: '#1F57A4',
  },
  gradients: {
    primary: 'linear-gradient(135deg, #00FBA9 0%, #5B2DA8 100%)',
    surface: 'linear-gradient(180deg, #FFFFFF 0%, #F7F7F5 100%)',
  },
  typography: pentatonicTypography,
  shadows: lightShadows,
  borderRadius: pentatonicRadius,
  logoInvert: false,
};
