import type { ThemeDefinition, ThemeKey } from '../theme-definition';
import { kiehlsTheme } from './kiehls';
import { kiehlsPentatonicTheme } from './kiehls-pentatonic';
import { kiehlsPentatonicDarkTheme } from './kiehls-pentatonic-dark';
import { pactTheme } from './pact';
import { pactModernTheme } from './pact-modern';
import { pactNewTheme } from './pact-new';
import { pactPentatonicTheme } from './pact-pentatonic';
import { pactPentatonicDarkTheme } from './pact-pentatonic-dark';

/**
 * Every theme by key. The record type makes a key without a definition a
 * compile error; the order of each tenant's themes here is the order a
 * switcher lists its variants in.
 */
export const THEMES: Readonly<Record<ThemeKey, ThemeDefinition>> = {
  pact: pactTheme,
  'pact-new': pactNewTheme,
  'pact-modern': pactModernTheme,
  'pact-pentatonic': pactPentatonicTheme,
  'pact-pentatonic-dark': pactPentatonicDarkTheme,
  kiehls: kiehlsTheme,
  'kiehls-pentatonic': kiehlsPentatonicTheme,
  'kiehls-pentatonic-dark': kiehlsPentatonicDarkTheme,
};
