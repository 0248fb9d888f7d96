import { describe, expect, it } from 'vitest';
import {
  LIST_PERIODS,
  periodStart,
  periodValues,
  type ListPeriod,
} from './list-periods';

const PERIODS: readonly ListPeriod[] = [
  { value: '1d', label: 'Last 24 hours', days: 1 },
  { value: '30d', label: 'Last 30 days', days: 30 },
];
const NOW = Date.UTC(2026, 2, 15, 12);

describe('list periods', () => {
  it('lists the values a URL may name', () => {
    expect(periodValues(PERIODS)).toEqual(['1d', '30d']);
  });

  it('starts a period that many days back from now, as a UTC date', () => {
    expect(periodStart(PERIODS, '1d', NOW)).toBe('2026-03-14');
    expect(periodStart(PERIODS, '30d', NOW)).toBe('2026-02-13');
  });

  it('has no start without a period or for one it does not know', () => {
    expect(periodStart(PERIODS, undefined, NOW)).toBeUndefined();
    expect(periodStart(PERIODS, '7d', NOW)).toBeUndefined();
  });

  it('offers each period under its own value', () => {
    for (const [value, period] of Object.entries(LIST_PERIODS)) {
      expect(period.value).toBe(value);
    }
    expect(periodStart([LIST_PERIODS['365d']], '365d', NOW)).toBe('2025-03-15');
  });
});
