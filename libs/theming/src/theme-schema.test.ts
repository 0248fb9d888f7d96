import type * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { isDarkTheme } from './css-variables';
import {
  THEME_KEYS,
  type ThemeDefinition,
  type ThemeKey,
} from './theme-definition';
import type { ThemeDefinitionSchema } from './theme-schema';
import { parseThemeDefinition } from './theme-schema';
import { THEMES } from './themes';

const SPEC_PRIMARIES: Record<ThemeKey, string> = {
  pact: '#2E888D',
  'pact-new': '#3B7CD0',
  'pact-modern': '#0F766E',
  'pact-pentatonic': '#00FBA9',
  'pact-pentatonic-dark': '#00FBA9',
  kiehls: '#00FBA9',
  'kiehls-pentatonic': '#00FBA9',
  'kiehls-pentatonic-dark': '#00FBA9',
};

describe('ThemeDefinitionSchema', () => {
  it('describes exactly the ThemeDefinition type', () => {
    expectTypeOf<
      v.InferOutput<typeof ThemeDefinitionSchema>
    >().toEqualTypeOf<ThemeDefinition>();
  });

  it('has one definition per theme key of specification §3, under its own key', () => {
    expect(Object.keys(THEMES)).toEqual([...THEME_KEYS]);
    for (const key of THEME_KEYS) expect(THEMES[key].key).toBe(key);
  });

  it.each(THEME_KEYS)('accepts the complete %s definition', (key) => {
    expect(parseThemeDefinition(THEMES[key])).toEqual(THEMES[key]);
  });

  it.each(THEME_KEYS)(
    'gives %s the primary colour of specification §9',
    (key) => {
      expect(THEMES[key].colors.primary.toUpperCase()).toBe(
        SPEC_PRIMARIES[key],
      );
    },
  );

  it.each(THEME_KEYS)(
    'inverts the logo of %s exactly when its page is dark',
    (key) => {
      const theme = THEMES[key];
      expect(theme.logoInvert).toBe(key.endsWith('-dark'));
      expect(isDarkTheme(theme)).toBe(key.endsWith('-dark'));
    },
  );

  it('rejects an incomplete definition, naming the missing field', () => {
    const broken = structuredClone(THEMES.pact) as Partial<ThemeDefinition>;
    delete broken.logoInvert;
    expect(() => parseThemeDefinition(broken)).toThrow(/logoInvert/);
    const noMuted = structuredClone(THEMES.pact);
    delete (noMuted.colors.text as Partial<ThemeDefinition['colors']['text']>)
      .muted;
    expect(() => parseThemeDefinition(noMuted)).toThrow(/colors\.text\.muted/);
  });

  it('rejects colours that are not #rrggbb and unknown fields', () => {
    const named = structuredClone(THEMES.pact);
    named.colors.primary = 'teal';
    expect(() => parseThemeDefinition(named)).toThrow(/colors\.primary/);
    const extra = { ...structuredClone(THEMES.pact), favicon: '/x.svg' };
    expect(() => parseThemeDefinition(extra)).toThrow(/favicon/);
  });

  it('rejects animation durations other than those of specification §9', () => {
    const slow = structuredClone(THEMES.pact) as unknown as {
      animation: { duration: { fast: number } };
    };
    slow.animation.duration.fast = 160;
    expect(() => parseThemeDefinition(slow)).toThrow(
      /animation\.duration\.fast/,
    );
  });

  it('rejects a key that does not match its tenant and variant', () => {
    const mismatch = { ...structuredClone(THEMES.pact), variant: 'new' };
    expect(() => parseThemeDefinition(mismatch)).toThrow(/key is the tenant/);
  });
});
