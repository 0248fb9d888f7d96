import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkThemeContrast,
  contrastRatio,
  parseHexColor,
  relativeLuminance,
  themeContrastPairs,
} from './contrast';
import { THEME_KEYS } from './theme-definition';
import { THEMES } from './themes';

const hex6 = fc
  .tuple(
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
  )
  .map(
    ([r, g, b]) =>
      `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`,
  );

describe('parseHexColor', () => {
  it('reads #rrggbb and #rgb in any case', () => {
    expect(parseHexColor('#2E888D')).toEqual({ r: 46, g: 136, b: 141 });
    expect(parseHexColor('#2e888d')).toEqual({ r: 46, g: 136, b: 141 });
    expect(parseHexColor('#0fa')).toEqual({ r: 0, g: 255, b: 170 });
  });

  it('round-trips every #rrggbb colour', () => {
    fc.assert(
      fc.property(hex6, (hex) => {
        const { r, g, b } = parseHexColor(hex);
        const back = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
        expect(back).toBe(hex.toLowerCase());
      }),
    );
  });

  it('rejects anything that is not a hex colour, naming it', () => {
    for (const bad of ['', '2E888D', '#12345', '#GGGGGG', 'red', '#1234567']) {
      expect(() => parseHexColor(bad)).toThrow(`"${bad}" is not a hex colour`);
    }
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(s)),
        (s) => {
          expect(() => parseHexColor(s)).toThrow(TypeError);
        },
      ),
    );
  });
});

describe('relativeLuminance', () => {
  it('is 0 for black and 1 for white', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10);
  });

  it('stays within 0..1 and grows with every channel', () => {
    fc.assert(
      fc.property(
        hex6,
        fc.constantFrom('r', 'g', 'b'),
        (hex, channel: 'r' | 'g' | 'b') => {
          const rgb = parseHexColor(hex);
          const l = relativeLuminance(rgb);
          expect(l).toBeGreaterThanOrEqual(0);
          expect(l).toBeLessThanOrEqual(1 + 1e-12);
          if (rgb[channel] < 255) {
            const brighter = { ...rgb, [channel]: rgb[channel] + 1 };
            expect(relativeLuminance(brighter)).toBeGreaterThan(l);
          }
        },
      ),
    );
  });
});

describe('contrastRatio', () => {
  it('gives 21:1 for black on white and known values of WCAG examples', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 10);
    // #767676 is the classic lightest grey passing 4.5:1 on white.
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeLessThan(4.5);
  });

  it('is symmetric, between 1 and 21, and 1 only for equal luminance', () => {
    fc.assert(
      fc.property(hex6, hex6, (a, b) => {
        const ratio = contrastRatio(a, b);
        expect(ratio).toBe(contrastRatio(b, a));
        expect(ratio).toBeGreaterThanOrEqual(1);
        expect(ratio).toBeLessThanOrEqual(21 + 1e-9);
      }),
    );
    fc.assert(
      fc.property(hex6, (a) => {
        expect(contrastRatio(a, a)).toBe(1);
      }),
    );
  });

  it('never falls when the lighter colour gets lighter', () => {
    fc.assert(
      fc.property(hex6, hex6, (a, b) => {
        const [dark, light] =
          relativeLuminance(a) <= relativeLuminance(b) ? [a, b] : [b, a];
        expect(contrastRatio(dark, '#FFFFFF')).toBeGreaterThanOrEqual(
          contrastRatio(dark, light),
        );
      }),
    );
  });
});

describe('theme contrast (decisions D8)', () => {
  it.each(THEME_KEYS)(
    '%s meets 4.5:1 for every text pair and 3:1 for every UI pair',
    (key) => {
      const failures = checkThemeContrast(THEMES[key]).map(
        (f) => `${f.name}: ${f.ratio.toFixed(2)} < ${f.minimum}`,
      );
      expect(failures).toEqual([]);
    },
  );

  it('measures text on all three backgrounds, text on fills, and UI parts', () => {
    const names = themeContrastPairs(THEMES.pact).map((p) => p.name);
    for (const bg of ['background', 'surface', 'surfaceElevated']) {
      for (const fg of [
        'text.primary',
        'text.secondary',
        'text.muted',
        'error',
        'warning',
        'info',
        'success',
        'border',
        'focusRing',
      ]) {
        expect(names).toContain(`${fg} on ${bg}`);
      }
    }
    expect(names).toContain('onPrimary on primary');
    expect(names).toContain('onPrimary on primaryHover');
    expect(names).toContain('success on successBg');
  });

  it('reports a pair that falls short, with its ratio', () => {
    const theme = structuredClone(THEMES.kiehls);
    // The light-theme trap: the bright green as text on white.
    theme.colors.accent = theme.colors.primary;
    theme.colors.focusRing = theme.colors.primary;
    const failures = checkThemeContrast(theme);
    expect(failures.map((f) => f.name)).toEqual(
      expect.arrayContaining(['accent on surface', 'focusRing on surface']),
    );
    const accent = failures.find((f) => f.name === 'accent on surface');
    expect(accent?.minimum).toBe(4.5);
    expect(accent?.ratio).toBeLessThan(1.5);
  });
});
