import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { median, percentile, quartiles } from './percentiles';

const figures = fc.array(fc.integer({ min: -1000, max: 100_000 }), {
  minLength: 1,
  maxLength: 60,
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('has as many values at or below it as at or above it, whatever the order', () => {
    fc.assert(
      fc.property(figures, (values) => {
        const middle = median(values) as number;
        const below = values.filter((x) => x <= middle).length;
        const above = values.filter((x) => x >= middle).length;
        expect(below * 2).toBeGreaterThanOrEqual(values.length);
        expect(above * 2).toBeGreaterThanOrEqual(values.length);
        expect(median([...values].reverse())).toBe(middle);
      }),
    );
  });
});

describe('percentile', () => {
  it('interpolates between the nearest ranks as percentile_cont does', () => {
    expect(percentile([10, 20, 30, 40], 0.25)).toBe(17.5);
    expect(percentile([10, 20, 30, 40], 0.75)).toBe(32.5);
    expect(percentile([5], 0.25)).toBe(5);
    expect(percentile([], 0.5)).toBeNull();
    expect(() => percentile([1], 1.5)).toThrow(RangeError);
  });

  it('is the least value at 0 and the greatest at 1, and never falls as the fraction grows', () => {
    fc.assert(
      fc.property(
        figures,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (values, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(percentile(values, 0)).toBe(Math.min(...values));
          expect(percentile(values, 1)).toBe(Math.max(...values));
          expect(percentile(values, low) as number).toBeLessThanOrEqual(
            (percentile(values, high) as number) + 1e-9,
          );
        },
      ),
    );
  });

  it('moves with the values: shifted or scaled values shift or scale it alike', () => {
    fc.assert(
      fc.property(
        figures,
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: 1, max: 9 }),
        (values, shift, scale) => {
          const p = percentile(values, 0.25) as number;
          expect(
            percentile(
              values.map((x) => x * scale + shift),
              0.25,
            ),
          ).toBeCloseTo(p * scale + shift, 6);
        },
      ),
    );
  });
});

describe('quartiles', () => {
  it('orders p25 ≤ median ≤ p75 within the least and the greatest value', () => {
    expect(quartiles([])).toBeNull();
    fc.assert(
      fc.property(figures, (values) => {
        const q = quartiles(values);
        expect(q).not.toBeNull();
        if (!q) return;
        expect(Math.min(...values)).toBeLessThanOrEqual(q.p25);
        expect(q.p25).toBeLessThanOrEqual(q.median);
        expect(q.median).toBeLessThanOrEqual(q.p75);
        expect(q.p75).toBeLessThanOrEqual(Math.max(...values));
        expect(q.median).toBe(median(values));
      }),
    );
  });
});
