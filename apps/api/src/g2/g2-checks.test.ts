import { MATERIALS } from '@collective/api-client/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkRow,
  dayOf,
  isOutlier,
  materialOf,
  OUTLIER_FLOOR_KG,
  weightOf,
  type RowContext,
} from './g2-checks';

const context: RowContext = {
  periodStart: '2026-10-01',
  periodEnd: '2026-10-31',
  storeOf: (id) => (id === 'KS-1' ? 7 : undefined),
  historyOf: (id) => (id === 7 ? 3650 : undefined),
};

const day = fc
  .date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2099-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

describe('cells', () => {
  it('reads every material by its code or label in any case and spacing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MATERIALS),
        fc.boolean(),
        (material, upper) => {
          const label = upper
            ? material.label.toUpperCase()
            : ` ${material.label.toLowerCase()} `;
          expect(materialOf(label)).toBe(material.code);
          expect(materialOf(material.code)).toBe(material.code);
        },
      ),
    );
    expect(materialOf('Cardboard')).toBeNull();
    expect(materialOf('=1+2')).toBeNull();
  });

  it('reads a day back as written, and refuses days that do not exist', () => {
    fc.assert(
      fc.property(day, (text) => {
        expect(dayOf(text)).toBe(text);
      }),
    );
    expect(dayOf('2026-02-30')).toBeNull();
    expect(dayOf('31/10/2026')).toBeNull();
    expect(dayOf('46351')).toBeNull();
  });

  it('reads a weight written with up to 3 decimals exactly, and refuses anything else', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -999_999_999, max: 999_999_999 }),
        (grams) => {
          const kg = grams / 1000;
          expect(weightOf(kg.toFixed(3))).toBe(
            Math.abs(kg) > 1_000_000 ? null : kg,
          );
        },
      ),
    );
    for (const bad of ['', '1,5', '3 kg', '=1+1', '1e3', 'NaN', '0x10']) {
      expect(weightOf(bad)).toBeNull();
    }
  });
});

describe('isOutlier', () => {
  it('is never true without history or under the floor', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        (w, h) => {
          if (h === 0) expect(isOutlier(w, h)).toBe(false);
          if (w <= OUTLIER_FLOOR_KG) expect(isOutlier(w, h)).toBe(false);
        },
      ),
    );
  });

  it('is monotone in the weight', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e5, noNaN: true }),
        fc.double({ min: 0, max: 1e5, noNaN: true }),
        fc.double({ min: 1, max: 1e7, noNaN: true }),
        (a, b, h) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          if (isOutlier(low, h)) expect(isOutlier(high, h)).toBe(true);
        },
      ),
    );
  });
});

describe('checkRow', () => {
  const cells = (over: Partial<Parameters<typeof checkRow>[0]> = {}) => ({
    partnerStoreId: 'KS-1',
    dayText: '2026-10-05',
    materialText: 'PP #5',
    weightText: '3.75',
    ...over,
  });

  it('passes a good row, giving its meaning', () => {
    expect(checkRow(cells(), context)).toEqual({
      day: '2026-10-05',
      material: 'pp5',
      weightKg: 3.75,
      storeId: 7,
      problems: [],
    });
  });

  it('finds each problem in its column with its severity', () => {
    const kinds = (over: Parameters<typeof cells>[0]) =>
      checkRow(cells(over), context).problems.map((p) => [
        p.kind,
        p.column,
        p.severity,
      ]);
    expect(kinds({ partnerStoreId: 'KS-9' })).toEqual([
      ['unmapped_store', 'store_id', 'error'],
    ]);
    expect(kinds({ materialText: 'Cardboard' })).toEqual([
      ['unknown_material', 'material', 'error'],
    ]);
    expect(kinds({ dayText: '2026-11-01' })).toEqual([
      ['outside_period', 'date', 'error'],
    ]);
    expect(kinds({ dayText: 'yesterday' })).toEqual([
      ['bad_date', 'date', 'error'],
    ]);
    expect(kinds({ weightText: '0' })).toEqual([
      ['bad_weight', 'weight_kg', 'error'],
    ]);
    expect(kinds({ weightText: '-2' })).toEqual([
      ['bad_weight', 'weight_kg', 'error'],
    ]);
    expect(kinds({ weightText: '900' })).toEqual([
      ['outlier', 'weight_kg', 'warning'],
    ]);
  });

  it('keeps every date of the period and refuses every date outside it', () => {
    fc.assert(
      fc.property(day, (text) => {
        const outside = text < context.periodStart || text > context.periodEnd;
        const problems = checkRow(cells({ dayText: text }), context).problems;
        expect(problems.some((p) => p.kind === 'outside_period')).toBe(outside);
      }),
    );
  });
});
