/**
 * Percentiles of a set of figures, pure (docs/decisions/0098, 0103): the
 * collective median of /performance and the quartiles of
 * /member-comparisons. They interpolate as PostgreSQL's `percentile_cont`
 * does, so a figure computed here and one computed by a query agree.
 */

/**
 * The `fraction` percentile of `values` (0 the least, 1 the greatest) by
 * linear interpolation between the two nearest ranks, as
 * `percentile_cont(fraction)`; `null` for no values.
 */
export function percentile(
  values: readonly number[],
  fraction: number,
): number | null {
  if (values.length === 0) return null;
  if (!(fraction >= 0 && fraction <= 1)) {
    throw new RangeError(`A percentile's fraction is 0 to 1, not ${fraction}.`);
  }
  const sorted = [...values].sort((a, b) => a - b);
  const rank = fraction * (sorted.length - 1);
  const below = Math.floor(rank);
  const lower = sorted[below] as number;
  const upper = sorted[Math.ceil(rank)] as number;
  return lower + (upper - lower) * (rank - below);
}

/**
 * The median of `values` (the mean of the two middle ones for an even
 * count, as PostgreSQL's `percentile_cont(0.5)`), `null` for none.
 */
export function median(values: readonly number[]): number | null {
  return percentile(values, 0.5);
}

/** The quartiles of a figure: the 25th percentile, the median and the 75th. */
export interface Quartiles {
  p25: number;
  median: number;
  p75: number;
}

/** The {@link Quartiles} of `values`, `null` for none. */
export function quartiles(values: readonly number[]): Quartiles | null {
  if (values.length === 0) return null;
  return {
    p25: percentile(values, 0.25) as number,
    median: percentile(values, 0.5) as number,
    p75: percentile(values, 0.75) as number,
  };
}
