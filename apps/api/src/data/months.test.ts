import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  contractMonth,
  lastTwelveMonths,
  monthStartOf,
  type MonthStart,
} from './months';

describe('months', () => {
  it('takes the month of a time in UTC, whatever the local time zone', () => {
    expect(monthStartOf(new Date('2026-11-30T23:30:00-05:00'))).toBe(
      '2026-12-01',
    );
    expect(monthStartOf(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01');
  });

  it('moves across years both ways', () => {
    expect(addMonths('2026-01-01', -1)).toBe('2025-12-01');
    expect(addMonths('2025-12-01', 1)).toBe('2026-01-01');
    expect(addMonths('2026-11-01', -23)).toBe('2024-12-01');
  });

  it('gives the twelve months ending with the current one, oldest first, one apart', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (now) => {
          const months = lastTwelveMonths(now);
          expect(months).toHaveLength(12);
          expect(months[11]).toBe(monthStartOf(now));
          months.slice(1).forEach((month, index) => {
            expect(addMonths(months[index] as MonthStart, 1)).toBe(month);
          });
        },
      ),
    );
  });

  it('writes a month as the contract does, YYYY-MM', () => {
    expect(contractMonth('2026-03-01')).toBe('2026-03');
  });
});
