import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatMonth,
  formatNumber,
  formatPercent,
  formatWeight,
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
