import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkSorting,
  checkWeighIn,
  drawFromOnHand,
  isBalanced,
  massBalance,
  netOf,
  outcomeRates,
  toGrams,
  type BalanceReceipt,
  type SortedLine,
} from './mass-balance';

const MATERIALS = ['pp5', 'pet1', 'hdpe2', 'glass'] as const;
const grams = fc.integer({ min: 0, max: 50_000 });

/** One step a warehouse may try; the rules decide whether it happens. */
type Step =
  | { kind: 'receive'; gross: number; tare: number; contamination: number }
  | { kind: 'sort'; receipt: number; lines: SortedLine[] }
  | { kind: 'correct'; receipt: number; gross: number; tare: number }
  | { kind: 'lot'; material: string; weight: number };

const lines = fc.uniqueArray(
  fc.record({ material: fc.constantFrom(...MATERIALS), weight: grams }),
  { selector: (line) => line.material, maxLength: MATERIALS.length },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('receive' as const),
    gross: grams,
    tare: grams,
    contamination: grams,
  }),
  fc.record({ kind: fc.constant('sort' as const), receipt: fc.nat(20), lines }),
  fc.record({
    kind: fc.constant('correct' as const),
    receipt: fc.nat(20),
    gross: grams,
    tare: grams,
  }),
  fc.record({
    kind: fc.constant('lot' as const),
    material: fc.constantFrom(...MATERIALS),
    weight: fc.integer({ min: 1, max: 80_000 }),
  }),
);

interface Receipt extends BalanceReceipt {
  net: number;
  lines: SortedLine[];
  drawn: Record<string, number>;
}

/** Applies a step the way the server does: only when the rules allow it. */
function apply(receipts: Receipt[], s: Step): void {
  if (s.kind === 'receive') {
    if (checkWeighIn(s).length === 0) {
      receipts.push({ net: netOf(s), lines: [], drawn: {} });
    }
    return;
  }
  if (s.kind === 'lot') {
    const onHand = receipts.flatMap((receipt, index) =>
      receipt.lines
        .filter((l) => l.material === s.material)
        .map((l) => ({
          key: index,
          available: l.weight - (receipt.drawn[l.material] ?? 0),
        })),
    );
    const draws = drawFromOnHand(onHand, s.weight);
    for (const draw of draws ?? []) {
      const receipt = receipts[draw.key] as Receipt;
      receipt.drawn[s.material] =
        (receipt.drawn[s.material] ?? 0) + draw.weight;
    }
    return;
  }
  const receipt = receipts[s.receipt];
  if (!receipt) return;
  if (s.kind === 'sort') {
    if (checkSorting(receipt.net, s.lines, receipt.drawn).length === 0) {
      receipt.lines = s.lines;
    }
    return;
  }
  const net = netOf(s);
  const sorted = receipt.lines.reduce((sum, l) => sum + l.weight, 0);
  if (
    checkWeighIn({ ...s, contamination: 0 }).length === 0 &&
    checkSorting(net, receipt.lines, receipt.drawn).length === 0
  ) {
    expect(sorted).toBeLessThanOrEqual(net);
    receipt.net = net;
  }
}

describe('the mass balance rules', () => {
  it('keeps received = sorted + residue and sorted = in lots + on hand, never negative, through any sequence of receipts, sorts, corrections and lots', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const receipts: Receipt[] = [];
        for (const s of steps) {
          apply(receipts, s);
          expect(isBalanced(receipts)).toBe(true);
          const balance = massBalance(receipts);
          expect(balance.received).toBe(balance.sorted + balance.residue);
          expect(balance.sorted).toBe(balance.inLots + balance.onHand);
          expect(balance.residue).toBeGreaterThanOrEqual(0);
          expect(balance.onHand).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('refuses sorted lines that add up to more than the net weight', () => {
    fc.assert(
      fc.property(grams, lines, (net, sortedLines) => {
        const sum = sortedLines.reduce((total, l) => total + l.weight, 0);
        expect(checkSorting(net, sortedLines).length === 0).toBe(sum <= net);
      }),
    );
  });

  it('refuses a correction that takes back material already in lots', () => {
    expect(
      checkSorting(10_000, [{ material: 'pp5', weight: 2_000 }], {
        pp5: 3_000,
      }),
    ).toHaveLength(1);
    expect(
      checkSorting(10_000, [{ material: 'pp5', weight: 3_000 }], {
        pp5: 3_000,
      }),
    ).toEqual([]);
  });

  it('draws exactly what is asked, oldest first, never more than a line holds, or nothing', () => {
    fc.assert(
      fc.property(
        fc.array(grams, { maxLength: 10 }),
        fc.integer({ min: 1, max: 200_000 }),
        (available, wanted) => {
          const onHand = available.map((a, key) => ({ key, available: a }));
          const draws = drawFromOnHand(onHand, wanted);
          const total = available.reduce((sum, a) => sum + a, 0);
          if (wanted > total) {
            expect(draws).toBeNull();
            return;
          }
          expect(draws?.reduce((sum, d) => sum + d.weight, 0)).toBe(wanted);
          for (const draw of draws ?? []) {
            expect(draw.weight).toBeLessThanOrEqual(available[draw.key] ?? 0);
          }
          // First in, first out: every line before the last drawn is emptied.
          const last = draws?.at(-1)?.key ?? 0;
          for (const draw of draws?.slice(0, -1) ?? []) {
            expect(draw.weight).toBe(available[draw.key]);
            expect(draw.key).toBeLessThan(last);
          }
        },
      ),
    );
  });
});

describe('checkWeighIn', () => {
  it('accepts net = gross − tare with contamination within the net', () => {
    expect(
      checkWeighIn({ gross: 12_400, tare: 400, contamination: 300 }),
    ).toEqual([]);
  });

  it('names the field of each broken rule', () => {
    expect(
      checkWeighIn({ gross: 500, tare: 500, contamination: 0 })[0]?.field,
    ).toBe('tare');
    expect(
      checkWeighIn({ gross: 900, tare: 100, contamination: 801 })[0]?.field,
    ).toBe('contamination');
    expect(
      checkWeighIn({ gross: -1, tare: 0, contamination: 0 })[0]?.field,
    ).toBe('gross');
  });

  it('converts pounds exactly to the gram', () => {
    expect(toGrams(10, 'lb')).toBe(4536);
    expect(toGrams(1.5, 'kg')).toBe(1500);
  });
});

describe('outcomeRates', () => {
  it('counts recycled and downcycled as recycling and everything but landfill as diversion', () => {
    expect(
      outcomeRates({
        recycled: 60,
        downcycled: 20,
        energy_recovery: 10,
        landfill: 10,
      }),
    ).toEqual({ recycling: 0.8, diversion: 0.9, confirmed: 100 });
    expect(outcomeRates({})).toEqual({
      recycling: 0,
      diversion: 0,
      confirmed: 0,
    });
  });
});
