import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketLabel, changeText } from './labels';
import { PERIODS, rangeOf, readView, viewParams } from './period';

/** Months from `from` to `to`, both counted. */
const length = ({ from, to }: { from: string; to: string }) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7)) +
  1;

/** Any moment from 2001 to 2099. */
const moment = fc
  .integer({ min: Date.UTC(2001, 0, 1), max: Date.UTC(2099, 11, 31) })
  .map((ms) => new Date(ms));

describe('analytics periods', () => {
  it('gives the last N months up to this one (UTC), this year so far, or last year, as YYYY-MM', () => {
    fc.assert(
      fc.property(moment, (now) => {
        const thisMonth = now.toISOString().slice(0, 7);
        const year = now.getUTCFullYear();
        expect(rangeOf('12m', now)).toMatchObject({ to: thisMonth });
        expect(length(rangeOf('12m', now))).toBe(12);
        expect(length(rangeOf('24m', now))).toBe(24);
        expect(length(rangeOf('36m', now))).toBe(36);
        expect(rangeOf('ytd', now)).toEqual({
          from: `${year}-01`,
          to: thisMonth,
        });
        expect(rangeOf('last-year', now)).toEqual({
          from: `${year - 1}-01`,
          to: `${year - 1}-12`,
        });
        for (const { value } of PERIODS) {
          const range = rangeOf(value, now);
          expect(range.from).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
          expect(range.to).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
          expect(range.from <= range.to).toBe(true);
        }
      }),
    );
  });

  it('keeps the view in the URL, leaving the defaults out, and ignores what it does not know', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PERIODS.map((p) => p.value)),
        fc.constantFrom('month' as const, 'quarter' as const, 'year' as const),
        (period, interval) => {
          expect(readView(viewParams({ period, interval }))).toEqual({
            period,
            interval,
          });
        },
      ),
    );
    expect(viewParams({ period: '12m', interval: 'month' }).toString()).toBe(
      '',
    );
    expect(readView(new URLSearchParams('period=1y&interval=week'))).toEqual({
      period: '12m',
      interval: 'month',
    });
  });

  it('names buckets, saying which months a cut quarter or year holds', () => {
    expect(bucketLabel({ first: '2026-01', last: '2026-03' }, 'quarter')).toBe(
      'Q1 2026',
    );
    expect(bucketLabel({ first: '2025-12', last: '2025-12' }, 'quarter')).toBe(
      'Q4 2025 (Dec)',
    );
    expect(bucketLabel({ first: '2026-10', last: '2026-11' }, 'quarter')).toBe(
      'Q4 2026 (Oct–Nov)',
    );
    expect(bucketLabel({ first: '2025-01', last: '2025-12' }, 'year')).toBe(
      '2025',
    );
    expect(bucketLabel({ first: '2025-02', last: '2025-12' }, 'year')).toBe(
      '2025 (Feb–Dec)',
    );
  });

  it('says the change on a year earlier, with its sign, and "new" where there was nothing', () => {
    expect(changeText(128, 100)).toBe('+28%');
    expect(changeText(97, 100)).toBe('−3%');
    expect(changeText(100, 100)).toBe('no change');
    expect(changeText(5, 0)).toBe('new');
    expect(changeText(0, 0)).toBe('no change');
    fc.assert(
      fc.property(
        fc.nat(),
        fc.integer({ min: 1, max: 1e9 }),
        (current, ago) => {
          const text = changeText(current, ago);
          if (current > ago * 1.005) expect(text.startsWith('+')).toBe(true);
          if (current < ago * 0.995) expect(text.startsWith('−')).toBe(true);
        },
      ),
    );
  });
});
