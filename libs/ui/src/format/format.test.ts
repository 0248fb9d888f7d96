import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dateTimeFormat,
  formatDate,
  formatMonth,
  formatNumber,
  formatPercent,
  formatWeight,
  numberFormat,
} from './format';

describe('formats', () => {
  it('writes numbers, weights and shares the way an English reader expects', () => {
    expect(formatNumber(12480, 'en-US')).toBe('12,480');
    expect(formatWeight(850, 'en-US')).toBe('850 kg');
    expect(formatWeight(1.4, 'en-US')).toBe('1 kg');
    expect(formatWeight(1.25, 'en-US', 2)).toBe('1.25 kg');
    expect(formatWeight(12_480, 'en-US', 2)).toBe('12.5 t');
    expect(formatWeight(12_480, 'en-US')).toBe('12.5 t');
    expect(formatWeight(1_234_567, 'en-US')).toBe('1,235 t');
    expect(formatPercent(0.724, 'en-US')).toBe('72%');
    expect(formatDate('2026-11-20T08:00:00.000Z', 'en-US')).toBe(
      'Nov 20, 2026',
    );
    expect(formatMonth('2026-11', 'en-US')).toBe('Nov 2026');
    expect(formatMonth('2026-01', 'en-US', true)).toBe('Jan');
  });

  it('follows the locale', () => {
    expect(formatNumber(12480, 'de-DE')).toBe('12.480');
    expect(formatWeight(12_480, 'de-DE')).toBe('12,5 t');
  });

  it('never gives an empty text for a finite weight', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (kg) => {
        expect(formatWeight(kg, 'en-US')).toMatch(/\d.* (kg|t)$/);
      }),
    );
  });
});

describe('numberFormat and dateTimeFormat', () => {
  it('make one formatter per locale and options, and reuse it', () => {
    const options = { maximumFractionDigits: 2 };
    const first = numberFormat(options, 'en-US');
    expect(numberFormat({ maximumFractionDigits: 2 }, 'en-US')).toBe(first);
    expect(numberFormat(options, 'de-DE')).not.toBe(first);
    expect(numberFormat({ maximumFractionDigits: 3 }, 'en-US')).not.toBe(first);
    expect(numberFormat(options)).not.toBe(first);
    const month = dateTimeFormat({ month: 'short', timeZone: 'UTC' }, 'en-US');
    expect(dateTimeFormat({ month: 'short', timeZone: 'UTC' }, 'en-US')).toBe(
      month,
    );
    expect(
      dateTimeFormat({ month: 'long', timeZone: 'UTC' }, 'en-US'),
    ).not.toBe(month);
  });

  it('format as a formatter made afresh does, whatever was asked before', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            locale: fc.constantFrom('en-US', 'de-DE', 'fr-FR', undefined),
            digits: fc.integer({ min: 0, max: 3 }),
            style: fc.constantFrom('decimal', 'percent'),
            value: fc.double({ min: -1e9, max: 1e9, noNaN: true }),
          }),
          { maxLength: 20 },
        ),
        (asks) => {
          for (const { locale, digits, style, value } of asks) {
            const options: Intl.NumberFormatOptions = {
              style,
              maximumFractionDigits: digits,
            };
            expect(numberFormat(options, locale).format(value)).toBe(
              new Intl.NumberFormat(locale, options).format(value),
            );
          }
        },
      ),
    );
  });
});
