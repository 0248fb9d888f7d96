import type { ThemeDefinition } from '../theme-definition';
import { pentatonicDarkColors, pentatonicDarkTheme } from './shared';

/** The main tenant's dark pentatonic variant: #00fba9 (specification §9) on green-black, logo inverted. */
export const pactPentatonicDarkTheme: ThemeDefinition = {
  ...pentatonicDarkTheme,
  key: 'pact-pentatonic-dark',
  name: 'Pact Pentatonic Dark',
  tenant: 'pact',
  colors: {
    ...pentatonicDarkColors,
    secondary: '#7FD6DA',
    background: '#0B1110',
    surface: '#121A18',
    surfaceElevated: '#1A2522',
    text: { primary: '#EEF5F2', secondary: '#C2CFCA', muted: '#98A8A2' },
    border: '#6C7D77',
    borderLight: '#2A3733',
  },
  gradients: {
    primary: 'linear-gradient(135deg, #00FBA9 0%, #2E888D 100%)',
    surface: 'linear-gradient(180deg, #121A18 0%, #0B1110 100%)',
  },
};
