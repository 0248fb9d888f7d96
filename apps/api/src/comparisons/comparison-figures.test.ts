import {
  COMPARISON_SORTS,
  MIN_ANONYMOUS_MEMBERS,
  type MemberComparison,
} from '@collective/api-client/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { median } from '../data/percentiles';
import {
  comparisonPercentiles,
  growthOf,
  roundTo,
  rowsInScope,
  shareOf,
  sortComparisons,
} from './comparison-figures';

const share = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 10_000);

/** A member's row with arbitrary figures. */
const row = (id: number) =>
  fc
    .record({
      name: fc.string({ minLength: 1, maxLength: 12 }),
      deactivated: fc.boolean(),
      collected: fc.integer({ min: 0, max: 1_000_000 }),
      previous: fc.integer({ min: 0, max: 1_000_000 }),
      stores: fc.integer({ min: 0, max: 400 }),
      mix: fc.tuple(share, share, share, share),
    })
    .map(
      (r): MemberComparison => ({
        member_id: id,
        member_name: `${r.name} ${id}`,
        deactivated: r.deactivated,
        collected_kg: r.collected / 10,
        previous_collected_kg: r.previous / 10,
        growth: growthOf(r.collected, r.previous),
        active_stores: r.stores,
        processed_kg: 0,
        outcome_kg: {
          recycled: 0,
          downcycled: 0,
          energy_recovery: 0,
          landfill: 0,
        },
        outcome_mix: {
          recycled: r.mix[0],
          downcycled: r.mix[1],
          energy_recovery: r.mix[2],
          landfill: r.mix[3],
        },
        recycling_rate: r.mix[0],
      }),
    );

/** 0 to 12 members with distinct ids. */
const members = fc
  .uniqueArray(fc.integer({ min: 1, max: 2000 }), { maxLength: 12 })
  .chain((ids) => fc.tuple(...ids.map(row)));

describe('growthOf', () => {
  it('is the change over the year-earlier figure, none without one', () => {
    expect(growthOf(150, 100)).toBe(0.5);
    expect(growthOf(75, 100)).toBe(-0.25);
    expect(growthOf(10, 0)).toBeNull();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 1, max: 1e6 }),
        (current, previous) => {
          const growth = growthOf(current, previous) as number;
          expect(growth).toBeGreaterThanOrEqual(-1);
          expect(Math.sign(growth)).toBe(
            Math.sign(Math.round(((current - previous) / previous) * 1e4)),
          );
          // Rounded to 4 places: off by at most half of 0.0001 of the year-earlier figure.
          expect(
            Math.abs(previous * (1 + growth) - current),
          ).toBeLessThanOrEqual(previous * 0.00005 + 1e-9);
        },
      ),
    );
  });
});

describe('shareOf', () => {
  it('is a share from 0 to 1 of a whole, 0 of nothing', () => {
    expect(shareOf(5, 0)).toBe(0);
    fc.assert(
      fc.property(fc.nat(1e6), fc.nat(1e6), (a, b) => {
        const s = shareOf(Math.min(a, b), Math.max(a, b));
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('rowsInScope', () => {
  it("gives a member's scope its own row and nothing else, the collective every row", () => {
    fc.assert(
      fc.property(members, fc.integer({ min: 1, max: 2000 }), (rows, asked) => {
        expect(rowsInScope(rows, null)).toEqual(rows);
        const own = rowsInScope(rows, asked);
        expect(own.every((r) => r.member_id === asked)).toBe(true);
        expect(own.length).toBe(
          rows.some((r) => r.member_id === asked) ? 1 : 0,
        );
      }),
    );
  });
});

describe('comparisonPercentiles', () => {
  it('withholds the percentiles below the anonymous minimum and names no member', () => {
    fc.assert(
      fc.property(members, (rows) => {
        const counted = rows.filter((r) => !r.deactivated);
        const p = comparisonPercentiles(rows);
        if (counted.length < MIN_ANONYMOUS_MEMBERS) {
          expect(p).toBeNull();
          return;
        }
        expect(p?.members).toBe(counted.length);
        expect(p?.collected_kg.median).toBe(
          roundTo(median(counted.map((r) => r.collected_kg)) as number, 1),
        );
        const text = JSON.stringify(p);
        for (const r of rows) expect(text).not.toContain(r.member_name);
        expect(text).not.toContain('member_id');
        const growths = counted.filter((r) => r.growth !== null).length;
        expect(p?.growth === null).toBe(growths < MIN_ANONYMOUS_MEMBERS);
      }),
    );
  });

  it('leaves deactivated members out', () => {
    fc.assert(
      fc.property(members, (rows) => {
        const active = rows.filter((r) => !r.deactivated);
        expect(comparisonPercentiles(rows)).toEqual(
          comparisonPercentiles(active),
        );
      }),
    );
  });
});

describe('sortComparisons', () => {
  it('orders by the column asked, either way, nulls last, ties by name; keeps every row', () => {
    fc.assert(
      fc.property(
        members,
        fc.constantFrom(...COMPARISON_SORTS),
        (rows, sort) => {
          const sorted = sortComparisons(rows, sort);
          expect([...sorted].sort((a, b) => a.member_id - b.member_id)).toEqual(
            [...rows].sort((a, b) => a.member_id - b.member_id),
          );
          if (sort === 'growth' || sort === '-growth') {
            const firstNull = sorted.findIndex((r) => r.growth === null);
            if (firstNull >= 0) {
              expect(
                sorted.slice(firstNull).every((r) => r.growth === null),
              ).toBe(true);
            }
          }
          if (sort === 'collected_kg' || sort === '-collected_kg') {
            const weights = sorted.map((r) => r.collected_kg);
            const expected = [...weights].sort((a, b) =>
              sort === 'collected_kg' ? a - b : b - a,
            );
            expect(weights).toEqual(expected);
          }
        },
      ),
    );
  });
});
