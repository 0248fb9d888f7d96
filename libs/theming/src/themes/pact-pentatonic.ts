import type { ThemeDefinition } from '../theme-definition';
import {
  baseTheme,
  lightShadows,
  pentatonicRadius,
  pentatonicTypography,
} from './shared';

/**
 * The main tenant's light pentatonic variant. #00fba9 (specification §9) is
 * too light for text or outlines on a light page (1.4:1), so it is a fill
 * only, with near-black text on it; focus rings and text use deep greens.
 */
export const pactPentatonicTheme: ThemeDefinition = {
  ...baseTheme,
  key: 'pact-pentatonic',
  name: 'Pact Pentatonic',
  tenant: 'pact',
  variant: 'pentatonic',
  colors: {
    primary: '#00FBA9',
    primaryHover: '#00D993',
    onPrimary: '#04140E',
    secondary: '#1F6E73',
    accent: '#006B49',
    background: '#F6FAF8',
    surface: '#FFFFFF',
    surfaceElevated: '#EAF3EF',
    text: { primary: '#0B1A15', secondary: '#33443E', muted: '#4E5F59' },
    border: '#6E7F79',
    borderLight: '#D3E0DA',
    focusRing: '#00704C',
    success: '#166534',
    successBg: '#E0F5EA',
    warning: '#7C4A03',
    error: '#B42318',
    info: '#1D5FA8',
  },
  gradients: {
    primary: 'linear-gradient(135deg, #00FBA9 0%, #2E888D 100%)',
    surface: 'linear-gradient(180deg, #FFFFFF 0%, #F6FAF8 100%)',
  },
  typography: pentatonicTypography,
  shadows: lightShadows,
  borderRadius: pentatonicRadius,
  logoInvert: false,
};
