import type { ThemeDefinition } from '../theme-definition';
import { baseTheme, lightShadows } from './shared';

/** The main tenant's default theme: teal #2E888D (specification §9) on cool greys. */
export const pactTheme: ThemeDefinition = {
  ...baseTheme,
  key: 'pact',
  name: 'Pact',
  tenant: 'pact',
  variant: 'default',
  colors: {
    primary: '#2E888D',
    // Lighter on hover: the text on primary is near-black, white would be 4.2:1.
    primaryHover: '#4FA5AA',
    onPrimary: '#031012',
    secondary: '#1F4E5F',
    accent: '#A34A16',
    background: '#F4F7F7',
    surface: '#FFFFFF',
    surfaceElevated: '#EAF1F1',
    text: { primary: '#14232A', secondary: '#3D5058', muted: '#55666D' },
    border: '#748990',
    borderLight: '#D5DFE1',
    focusRing: '#1F6E73',
    success: '#146A36',
    successBg: '#E3F3E8',
    warning: '#7F5300',
    error: '#B42318',
    info: '#1D5FA8',
  },
  gradients: {
    primary: 'linear-gradient(135deg, #2E888D 0%, #1F4E5F 100%)',
    surface: 'linear-gradient(180deg, #FFFFFF 0%, #F4F7F7 100%)',
  },
  shadows: lightShadows,
  logoInvert: false,
};
