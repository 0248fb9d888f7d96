import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysInYear, progressOf, yearPassed } from './progress';

const progressMetric = fc.constantFrom(
  'collected_kg',
  'active_stores',
  'recycling_rate' as const,
);
const figure = fc.double({ min: 0, max: 1e6, noNaN: true });
const elapsedInYear = fc.double({ min: 0.0001, max: 0.9999, noNaN: true });

describe('yearPassed', () => {
  it('counts today whole: 1 January is 1/365 of 2026 and 31 December all of it', () => {
    expect(yearPassed(2026, new Date('2026-01-01T00:00:00Z'))).toEqual({
      asOf: '2026-01-01',
      elapsed: 0.0027,
    });
    expect(yearPassed(2026, new Date('2026-12-31T23:59:59Z'))).toEqual({
      asOf: '2026-12-31',
      elapsed: 1,
    });
    expect(yearPassed(2024, new Date('2024-07-01T12:00:00Z')).elapsed).toBe(
      Math.round((183 / 366) * 10_000) / 10_000,
    );
  });

  it('gives a year over its last day and all of it, and a year to come today and none of it', () => {
    const now = new Date('2026-11-24T08:00:00Z');
    expect(yearPassed(2025, now)).toEqual({ asOf: '2025-12-31', elapsed: 1 });
    expect(yearPassed(2027, now)).toEqual({ asOf: '2026-11-24', elapsed: 0 });
  });

  it('grows with time and stays between 0 and 1', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2020-01-01'),
          max: new Date('2099-12-31'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 400 * 86_400_000 }),
        (earlier, later) => {
          const year = earlier.getUTCFullYear();
          const a = yearPassed(year, earlier).elapsed;
          const b = yearPassed(
            year,
            new Date(earlier.getTime() + later),
          ).elapsed;
          expect(a).toBeGreaterThan(0);
          expect(a).toBeLessThanOrEqual(1);
          expect(b).toBeGreaterThanOrEqual(a);
        },
      ),
    );
  });

  it('knows leap years', () => {
    expect(daysInYear(2024)).toBe(366);
    expect(daysInYear(2026)).toBe(365);
    expect(daysInYear(2100)).toBe(365);
  });
});

describe('progressOf', () => {
  it('has no status without a target', () => {
    expect(progressOf('collected_kg', 10, null, 0.5)).toEqual({
      share_of_target: null,
      status: 'no_target',
    });
  });

  it('judges collected weight by the share of the year passed', () => {
    expect(progressOf('collected_kg', 500, 1000, 0.5)).toEqual({
      share_of_target: 0.5,
      status: 'on_track',
    });
    expect(progressOf('collected_kg', 499, 1000, 0.5).status).toBe('behind');
    expect(progressOf('collected_kg', 1000, 1000, 0.5).status).toBe('met');
  });

  it('judges levels (stores, rate) against the whole target at any time of the year', () => {
    expect(progressOf('active_stores', 9, 10, 0.1).status).toBe('behind');
    expect(progressOf('recycling_rate', 0.6, 0.6, 0.1)).toEqual({
      share_of_target: 1,
      status: 'on_track',
    });
  });

  it('says met or missed once the year is over, not started before it', () => {
    fc.assert(
      fc.property(progressMetric, figure, figure, (metric, actual, target) => {
        expect(progressOf(metric, actual, target, 1).status).toBe(
          actual >= target ? 'met' : 'missed',
        );
        expect(progressOf(metric, actual, target, 0).status).toBe(
          'not_started',
        );
      }),
    );
  });

  it('never calls a figure behind that is ahead of one on track for the same target', () => {
    fc.assert(
      fc.property(
        progressMetric,
        figure,
        figure,
        fc.double({ min: 0.1, max: 1e6, noNaN: true }),
        elapsedInYear,
        (metric, a, b, target, elapsed) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const rank = { behind: 0, on_track: 1, met: 2 } as Record<
            string,
            number
          >;
          const lowStatus = progressOf(metric, low, target, elapsed).status;
          const highStatus = progressOf(metric, high, target, elapsed).status;
          expect(rank[highStatus]).toBeGreaterThanOrEqual(rank[lowStatus] ?? 0);
          expect(
            progressOf(metric, high, target, elapsed).share_of_target,
          ).toBe(Math.round((high / target) * 10_000) / 10_000);
        },
      ),
    );
  });
});
