import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isThemeTenant,
  resolveThemeKey,
  resolveThemeTenant,
  variantsFor,
} from './resolve-theme';
import { THEME_KEYS } from './theme-definition';
import { THEMES } from './themes';

const hostile = [
  '',
  ' ',
  'PACT',
  'Kiehls',
  'pact ',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'x'.repeat(10_000),
];

describe('variantsFor', () => {
  it('offers pact default, new, modern, pentatonic and pentatonic-dark (decisions D8)', () => {
    expect(variantsFor('pact').map((o) => o.variant)).toEqual([
      'default',
      'new',
      'modern',
      'pentatonic',
      'pentatonic-dark',
    ]);
  });

  it('offers kiehls default, pentatonic and pentatonic-dark only', () => {
    expect(variantsFor('kiehls')).toEqual([
      { variant: 'default', key: 'kiehls', name: "Kiehl's" },
      {
        variant: 'pentatonic',
        key: 'kiehls-pentatonic',
        name: "Kiehl's Pentatonic",
      },
      {
        variant: 'pentatonic-dark',
        key: 'kiehls-pentatonic-dark',
        name: "Kiehl's Pentatonic Dark",
      },
    ]);
  });
});

describe('resolveThemeTenant', () => {
  it('keeps a known tenant and turns anything else into pact', () => {
    expect(resolveThemeTenant('kiehls')).toBe('kiehls');
    expect(resolveThemeTenant('pact')).toBe('pact');
    expect(resolveThemeTenant(null)).toBe('pact');
    expect(resolveThemeTenant(undefined)).toBe('pact');
    for (const value of hostile) expect(resolveThemeTenant(value)).toBe('pact');
  });

  it('recognises only exact tenant codes', () => {
    expect(isThemeTenant('kiehls')).toBe(true);
    expect(isThemeTenant('KIEHLS')).toBe(false);
    expect(isThemeTenant(2)).toBe(false);
  });
});

describe('resolveThemeKey', () => {
  it('defaults to pact when nothing is stored', () => {
    expect(resolveThemeKey(null, null)).toBe('pact');
  });

  it('joins the stored tenant and variant', () => {
    expect(resolveThemeKey('pact', 'new')).toBe('pact-new');
    expect(resolveThemeKey('pact', 'modern')).toBe('pact-modern');
    expect(resolveThemeKey(null, 'pentatonic-dark')).toBe(
      'pact-pentatonic-dark',
    );
    expect(resolveThemeKey('kiehls', null)).toBe('kiehls');
    expect(resolveThemeKey('kiehls', 'default')).toBe('kiehls');
    expect(resolveThemeKey('kiehls', 'pentatonic')).toBe('kiehls-pentatonic');
  });

  it('falls back to the tenant base theme for a variant the tenant does not offer', () => {
    expect(resolveThemeKey('kiehls', 'new')).toBe('kiehls');
    expect(resolveThemeKey('kiehls', 'modern')).toBe('kiehls');
  });

  it('falls back to the base theme, then pact, for hostile values', () => {
    for (const value of hostile) {
      expect(resolveThemeKey('kiehls', value)).toBe('kiehls');
      expect(resolveThemeKey(value, value)).toBe('pact');
      expect(resolveThemeKey(value, 'pentatonic')).toBe('pact-pentatonic');
    }
  });

  it('reaches every theme from its own tenant and variant', () => {
    for (const key of THEME_KEYS) {
      const { tenant, variant } = THEMES[key];
      expect(resolveThemeKey(tenant, variant)).toBe(key);
    }
  });

  it('always gives a theme of the resolved tenant, for any stored strings', () => {
    const stored = fc.option(
      fc.oneof(
        fc.string(),
        fc.constantFrom(...hostile, 'pact', 'kiehls', 'new', 'pentatonic'),
      ),
      { nil: null },
    );
    fc.assert(
      fc.property(stored, stored, (tenant, variant) => {
        const key = resolveThemeKey(tenant, variant);
        expect(THEME_KEYS).toContain(key);
        const theme = THEMES[key];
        expect(theme.tenant).toBe(resolveThemeTenant(tenant));
        const offered = variantsFor(theme.tenant).map((o) => o.variant);
        expect(theme.variant).toBe(
          offered.includes(variant as never) ? variant : 'default',
        );
      }),
    );
  });
});
