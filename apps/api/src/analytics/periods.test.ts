import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, contractMonth, type MonthStart } from '../data/months';
import { Refusal } from '../http/error-replies';
import {
  bucketKey,
  bucketsOf,
  gramsOf,
  kgOf,
  monthsOf,
  resolvePeriod,
  yearAgo,
} from './periods';

/** A month from January 2000 to December 2039. */
const month = fc
  .integer({ min: 0, max: 40 * 12 - 1 })
  .map((index) => addMonths('2000-01-01', index));
const interval = fc.constantFrom(
  'month' as const,
  'quarter' as const,
  'year' as const,
);
/** A period of 1 to 60 months. */
const period = fc
  .tuple(month, fc.integer({ min: 0, max: 59 }))
  .map(([first, extra]) => ({ first, last: addMonths(first, extra) }));

describe('periods', () => {
  it('puts every month of a period in exactly one bucket, in order, each bucket one calendar unit', () => {
    fc.assert(
      fc.property(period, interval, (p, unit) => {
        const buckets = bucketsOf(p, unit);
        expect(buckets.flatMap((b) => b.months)).toEqual(monthsOf(p));
        for (const bucket of buckets) {
          const keys = new Set(bucket.months.map((m) => bucketKey(m, unit)));
          expect([...keys]).toEqual([bucket.key]);
          expect(bucket.months.length).toBeLessThanOrEqual(
            unit === 'month' ? 1 : unit === 'quarter' ? 3 : 12,
          );
        }
        // Neighbouring buckets are different units; only the ends may be cut.
        for (const [index, bucket] of buckets.entries()) {
          expect(bucket.key).not.toBe(buckets[index + 1]?.key);
          if (index > 0 && index < buckets.length - 1 && unit === 'quarter') {
            expect(bucket.months).toHaveLength(3);
          }
        }
      }),
    );
  });

  it('names quarters by calendar', () => {
    expect(bucketKey('2026-01-01', 'quarter')).toBe('2026-Q1');
    expect(bucketKey('2026-03-01', 'quarter')).toBe('2026-Q1');
    expect(bucketKey('2026-04-01', 'quarter')).toBe('2026-Q2');
    expect(bucketKey('2026-12-01', 'quarter')).toBe('2026-Q4');
    expect(bucketKey('2026-12-01', 'year')).toBe('2026');
    expect(bucketKey('2026-12-01', 'month')).toBe('2026-12');
  });

  it('compares with the same calendar month a year earlier', () => {
    fc.assert(
      fc.property(month, (m) => {
        const ago = yearAgo(m);
        expect(ago.slice(5)).toBe(m.slice(5));
        expect(Number(ago.slice(0, 4))).toBe(Number(m.slice(0, 4)) - 1);
      }),
    );
  });

  it('resolves a period the query gives whole, and 12 months to this one by default', () => {
    fc.assert(
      fc.property(month, fc.integer({ min: 0, max: 59 }), (first, extra) => {
        const last = addMonths(first, extra);
        expect(
          resolvePeriod(
            { from: contractMonth(first), to: contractMonth(last) },
            new Date(),
          ),
        ).toEqual({ first, last });
        const now = new Date(`${last.slice(0, 7)}-15T12:00:00Z`);
        expect(resolvePeriod({}, now)).toEqual({
          first: addMonths(last, -11),
          last,
        });
        expect(resolvePeriod({ to: contractMonth(last) }, new Date())).toEqual({
          first: addMonths(last, -11),
          last,
        });
      }),
    );
  });

  it('refuses a period that ends before it starts or is longer than 60 months', () => {
    fc.assert(
      fc.property(month, fc.integer({ min: 1, max: 100 }), (first, gap) => {
        const reversed = {
          from: contractMonth(first),
          to: contractMonth(addMonths(first, -gap)),
        };
        expect(() => resolvePeriod(reversed, new Date())).toThrow(Refusal);
        const long = {
          from: contractMonth(first),
          to: contractMonth(addMonths(first, 59 + gap)),
        };
        expect(() => resolvePeriod(long, new Date())).toThrow(
          /at most 60 months/,
        );
      }),
    );
  });

  it("rounds whole grams to 100 g half up, as the database's round(kg, 1)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (grams) => {
        const kg = kgOf(grams);
        expect(Math.abs(kg * 1000 - grams)).toBeLessThanOrEqual(50);
        expect(Number.isInteger(Math.round(kg * 10))).toBe(true);
        expect(kg).toBe(
          Number((Math.floor(grams / 100) + (grams % 100 >= 50 ? 1 : 0)) / 10),
        );
        expect(gramsOf(grams / 1000)).toBe(grams);
      }),
    );
  });

  it('rounds a tie away from zero', () => {
    expect(kgOf(1050)).toBe(1.1);
    expect(kgOf(1049)).toBe(1);
    expect(kgOf(123_450)).toBe(123.5);
  });

  it('counts the months of a period', () => {
    const p = {
      first: '2025-11-01' as MonthStart,
      last: '2026-02-01' as MonthStart,
    };
    expect(monthsOf(p)).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
  });
});
