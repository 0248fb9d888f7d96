import type { ThemeDefinition } from '../theme-definition';
import { pentatonicDarkColors, pentatonicDarkTheme } from './shared';

/** Kiehl's dark pentatonic variant: #00fba9 (specification §9) on black, logo inverted. */
export const kiehlsPentatonicDarkTheme: ThemeDefinition = {
  ...pentatonicDarkTheme,
  key: 'kiehls-pentatonic-dark',
  name: "Kiehl's Pentatonic Dark",
  tenant: 'kiehls',
  colors: {
    ...pentatonicDarkColors,
    secondary: '#B8F5DF',
    background: '#0A0A0A',
    surface: '#141414',
    surfaceElevated: '#1E1E1E',
    text: { primary: '#F5F5F5', secondary: '#CACACA', muted: '#A0A0A0' },
    border: '#757575',
    borderLight: '#2E2E2E',
  },
  gradients: {
    primary: 'linear-gradient(135deg, #00FBA9 0%, #5B2DA8 100%)',
    surface: 'linear-gradient(180deg, #141414 0%, #0A0A0A 100%)',
  },
};
