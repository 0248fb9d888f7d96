import type { ThemeDefinition } from '../theme-definition';
import { baseTheme, lightShadows } from './shared';

/**
 * Kiehl's default theme: #00fba9 (specification §9) as a fill on an
 * apothecary black-and-cream page. The green is too light for text or
 * outlines here, so text on it is near-black and the focus ring is black.
 */
export const kiehlsTheme: ThemeDefinition = {
  ...baseTheme,
  key: 'kiehls',
  name: "Kiehl's",
  tenant: 'kiehls',
  variant: 'default',
  colors: {
    primary: '#00FBA9',
    primaryHover: '#00D993',
    onPrimary: '#04140E',
    secondary: '#1F1F1F',
    accent: '#8C1C2B',
    background: '#FAF8F5',
    surface: '#FFFFFF',
    surfaceElevated: '#F1EDE7',
    text: { primary: '#111111', secondary: '#3A3A3A', muted: '#575757' },
    border: '#767676',
    borderLight: '#DEDAD3',
    focusRing: '#111111',
    success: '#166534',
    successBg: '#E5F4EA',
    warning: '#7C4A03',
    error: '#B42318',
    info: '#1F57A4',
  },
  gradients: {
    primary: 'linear-gradient(135deg, #00FBA9 0%, #00D993 100%)',
    surface: 'linear-gradient(180deg, #FFFFFF 0%, #FAF8F5 100%)',
  },
  shadows: lightShadows,
  logoInvert: false,
};
