/**
 * The pure part of /member-comparisons (docs/decisions/0103): growth,
 * outcome shares, the order of the table, and what a scope may see — its
 * own member's row beside the collective's quartiles, which name no one.
 */
import {
  EOL_OUTCOMES,
  MIN_ANONYMOUS_MEMBERS,
  type ComparisonPercentiles,
  type ComparisonSort,
  type MemberComparison,
  type Spread,
} from '@collective/api-client/contract';
import { quartiles } from '../data/percentiles';

/** A number to `places` decimals (a figure as the contract sends it). */
export function roundTo(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}

/**
 * Growth against the same months a year earlier, a share to 4 places
 * (0.125 is +12.5 %); `null` when nothing was collected then, as
 * /store-rankings says of a store.
 */
export function growthOf(current: number, previous: number): number | null {
  return previous > 0 ? roundTo((current - previous) / previous, 4) : null;
}

/** `part ÷ whole` to 4 places; 0 when the whole is 0 (nothing has an outcome yet). */
export function shareOf(part: number, whole: number): number {
  return whole > 0 ? roundTo(part / whole, 4) : 0;
}

/** The quartiles of one figure, each to `places` decimals. */
function spreadOf(values: readonly number[], places: number): Spread | null {
  const q = quartiles(values);
  return q
    ? {
        p25: roundTo(q.p25, places),
        median: roundTo(q.median, places),
        p75: roundTo(q.p75, places),
      }
    : null;
}

/**
 * The collective's quartiles of each figure over its members not
 * deactivated, or `null` when fewer than {@link MIN_ANONYMOUS_MEMBERS}
 * count; growth over those with a figure a year earlier, `null` when
 * fewer than that many have one. Numbers only: no id, no name.
 */
export function comparisonPercentiles(
  rows: readonly MemberComparison[],
): ComparisonPercentiles | null {
  const counted = rows.filter((row) => !row.deactivated);
  if (counted.length < MIN_ANONYMOUS_MEMBERS) return null;
  const spread = (pick: (row: MemberComparison) => number, places: number) =>
    spreadOf(counted.map(pick), places) as Spread;
  const growths = counted.flatMap((row) =>
    row.growth === null ? [] : [row.growth],
  );
  const mix = Object.fromEntries(
    EOL_OUTCOMES.map((outcome) => [
      outcome,
      spread((row) => row.outcome_mix[outcome], 4),
    ]),
  ) as Record<(typeof EOL_OUTCOMES)[number], Spread>;
  return {
    members: counted.length,
    collected_kg: spread((row) => row.collected_kg, 1),
    active_stores: spread((row) => row.active_stores, 1),
    growth:
      growths.length < MIN_ANONYMOUS_MEMBERS ? null : spreadOf(growths, 4),
    ...mix,
    recycling_rate: spread((row) => row.recycling_rate, 4),
  };
}

/** The figure a column sorts by; `null` sorts last in either direction. */
function sortValue(
  row: MemberComparison,
  column: string,
): number | string | null {
  switch (column) {
    case 'name':
      return row.member_name;
    case 'collected_kg':
      return row.collected_kg;
    case 'active_stores':
      return row.active_stores;
    case 'growth':
      return row.growth;
    default:
      return row.outcome_mix[column as (typeof EOL_OUTCOMES)[number]];
  }
}

/**
 * The rows in `sort` order (a leading `-` is descending), `null` growth
 * last either way, ties by name then id; a new array.
 */
export function sortComparisons(
  rows: readonly MemberComparison[],
  sort: ComparisonSort,
): MemberComparison[] {
  const descending = sort.startsWith('-');
  const column = descending ? sort.slice(1) : sort;
  const direction = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, column);
    const y = sortValue(b, column);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      const order =
        typeof x === 'string'
          ? x.localeCompare(y as string)
          : x - (y as number);
      if (order !== 0) return order * direction;
    }
    return (
      a.member_name.localeCompare(b.member_name) || a.member_id - b.member_id
    );
  });
}

/**
 * What a scope sees of every member's row: all of them for the whole
 * collective (`null`), else only the member's own — never another's,
 * whatever was asked (decisions D12).
 */
export function rowsInScope(
  rows: readonly MemberComparison[],
  memberId: number | null,
): MemberComparison[] {
  return memberId === null
    ? [...rows]
    : rows.filter((row) => row.member_id === memberId);
}
