/**
 * The warehouse's weight rules of decisions D14, as pure functions shared
 * by the server (which enforces them), the screens (which check a form
 * before sending it) and the tests. Weights are whole grams here: the
 * database keeps kilograms with three decimals, so a gram is exact and no
 * sum drifts.
 *
 * - A receipt: net = gross − tare; contamination ≤ net.
 * - Sorting: the material lines of a receipt never add up to more than its
 *   net weight; what is left is residue (received = sorted + residue).
 * - Lots: a lot draws from material lines, never more than a line holds;
 *   what is left of a line is on hand (sorted = in lots + on hand).
 */

/** Units a weight may be entered in at the scale. */
export const WEIGHT_UNITS = ['kg', 'lb'] as const;
/** A unit a weight may be entered in. */
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** Kilograms in one avoirdupois pound, exactly. */
export const KG_PER_LB = 0.453_592_37;

/** A weight entered in `unit`, in whole grams (rounded to the gram). */
export function toGrams(value: number, unit: WeightUnit): number {
  return Math.round(value * (unit === 'lb' ? KG_PER_LB : 1) * 1000);
}

/** Whole grams as kilograms (three decimals, as the database keeps them). */
export function gramsToKg(grams: number): number {
  return Math.round(grams) / 1000;
}

/** Kilograms (at most three decimals) as whole grams. */
export function kgToGrams(kg: number): number {
  return Math.round(kg * 1000);
}

/** What a weigh-in measured, in grams. */
export interface WeighIn {
  gross: number;
  tare: number;
  contamination: number;
}

/** A rule a weight breaks, with the field it concerns and a sentence for people. */
export interface WeightProblem {
  field: string;
  message: string;
}

/** Net weight of a weigh-in: gross − tare. */
export function netOf(weighIn: Pick<WeighIn, 'gross' | 'tare'>): number {
  return weighIn.gross - weighIn.tare;
}

/**
 * What is wrong with a weigh-in: negative weights, a tare above the gross,
 * contamination above the net. Empty when it may be recorded.
 */
export function checkWeighIn(weighIn: WeighIn): WeightProblem[] {
  const problems: WeightProblem[] = [];
  for (const field of ['gross', 'tare', 'contamination'] as const) {
    if (!Number.isFinite(weighIn[field]) || weighIn[field] < 0) {
      problems.push({
        field,
        message: `The ${field} weight cannot be negative.`,
      });
    }
  }
  if (problems.length > 0) return problems;
  if (weighIn.gross === 0) {
    problems.push({
      field: 'gross',
      message: 'The gross weight must be above zero.',
    });
  }
  if (weighIn.tare >= weighIn.gross) {
    problems.push({
      field: 'tare',
      message: 'The tare must be below the gross weight (net = gross − tare).',
    });
  } else if (weighIn.contamination > netOf(weighIn)) {
    problems.push({
      field: 'contamination',
      message: 'Contamination cannot be more than the net weight.',
    });
  }
  return problems;
}

/** One sorted material line, in grams. */
export interface SortedLine<M extends string = string> {
  material: M;
  weight: number;
}

/**
 * What is wrong with sorting `lines` out of a receipt of `net` grams: a
 * negative or repeated line, or lines adding up to more than the net
 * weight. `drawn` (grams already sent in lots per material) may not be
 * taken back by a correction. Empty when the lines may be recorded.
 */
export function checkSorting(
  net: number,
  lines: readonly SortedLine[],
  drawn: Readonly<Record<string, number>> = {},
): WeightProblem[] {
  const problems: WeightProblem[] = [];
  const seen = new Set<string>();
  let sorted = 0;
  for (const line of lines) {
    if (seen.has(line.material)) {
      problems.push({
        field: line.material,
        message: `The material ${line.material} is listed twice.`,
      });
    }
    seen.add(line.material);
    if (!Number.isFinite(line.weight) || line.weight < 0) {
      problems.push({
        field: line.material,
        message: 'A sorted weight cannot be negative.',
      });
    }
    sorted += line.weight;
  }
  if (sorted > net) {
    problems.push({
      field: 'lines',
      message: `The sorted lines add up to ${gramsToKg(sorted)} kg, more than the net weight of ${gramsToKg(net)} kg.`,
    });
  }
  for (const [material, grams] of Object.entries(drawn)) {
    const line = lines.find((l) => l.material === material);
    if (grams > 0 && (line?.weight ?? 0) < grams) {
      problems.push({
        field: material,
        message: `${gramsToKg(grams)} kg of ${material} is already in end-of-life lots; the line cannot be lower.`,
      });
    }
  }
  return problems;
}

/** Material of one line still on hand, in the order to draw from (oldest first). */
export interface OnHandLine<K> {
  key: K;
  /** Grams not yet in any lot. */
  available: number;
}

/** Grams drawn from one line into a lot. */
export interface Draw<K> {
  key: K;
  weight: number;
}

/**
 * Draws `wanted` grams from `onHand`, oldest line first (first in, first
 * out), never more than a line has. Returns the draws, or `null` when
 * there is not that much on hand.
 */
export function drawFromOnHand<K>(
  onHand: readonly OnHandLine<K>[],
  wanted: number,
): Draw<K>[] | null {
  if (!Number.isFinite(wanted) || wanted <= 0) return null;
  const draws: Draw<K>[] = [];
  let left = wanted;
  for (const line of onHand) {
    if (left === 0) break;
    const take = Math.min(left, Math.max(0, line.available));
    if (take > 0) {
      draws.push({ key: line.key, weight: take });
      left -= take;
    }
  }
  return left === 0 ? draws : null;
}

/** One received shipment as the mass balance sees it, in grams. */
export interface BalanceReceipt {
  net: number;
  /** Sorted grams per material line. */
  lines: readonly SortedLine[];
  /** Grams drawn into lots per material line. */
  drawn: Readonly<Record<string, number>>;
}

/** The mass balance of D14 over some receipts, in grams. */
export interface MassBalance {
  received: number;
  sorted: number;
  residue: number;
  inLots: number;
  onHand: number;
}

/**
 * The mass balance of `receipts`: received = sorted + residue and
 * sorted = in lots + on hand, by construction; {@link isBalanced} says
 * whether every part is also non-negative line by line, which is what the
 * rules above keep.
 */
export function massBalance(receipts: readonly BalanceReceipt[]): MassBalance {
  let received = 0;
  let sorted = 0;
  let inLots = 0;
  for (const receipt of receipts) {
    received += receipt.net;
    for (const line of receipt.lines) sorted += line.weight;
    for (const grams of Object.values(receipt.drawn)) inLots += grams;
  }
  return {
    received,
    sorted,
    residue: received - sorted,
    inLots,
    onHand: sorted - inLots,
  };
}

/**
 * Whether every receipt keeps the rules: its lines within its net weight,
 * and every line's draws within the line.
 */
export function isBalanced(receipts: readonly BalanceReceipt[]): boolean {
  return receipts.every((receipt) => {
    const sorted = receipt.lines.reduce((sum, l) => sum + l.weight, 0);
    if (sorted > receipt.net || receipt.net < 0) return false;
    return Object.entries(receipt.drawn).every(([material, grams]) => {
      const line = receipt.lines.find((l) => l.material === material);
      return grams >= 0 && grams <= (line?.weight ?? 0);
    });
  });
}

/** The outcomes of an end-of-life lot (D14). */
export const EOL_OUTCOMES = [
  'recycled',
  'downcycled',
  'energy_recovery',
  'landfill',
] as const;
/** An end-of-life outcome. */
export type EolOutcome = (typeof EOL_OUTCOMES)[number];

/**
 * Recycling and diversion rates of D14 from weights per confirmed outcome:
 * recycled + downcycled ÷ confirmed; all but landfill ÷ confirmed. Both 0
 * when nothing is confirmed.
 */
export function outcomeRates(
  byOutcome: Readonly<Partial<Record<EolOutcome, number>>>,
): { recycling: number; diversion: number; confirmed: number } {
  const w = (o: EolOutcome) => byOutcome[o] ?? 0;
  const confirmed = EOL_OUTCOMES.reduce((sum, o) => sum + w(o), 0);
  if (confirmed <= 0) return { recycling: 0, diversion: 0, confirmed: 0 };
  return {
    recycling: (w('recycled') + w('downcycled')) / confirmed,
    diversion: (confirmed - w('landfill')) / confirmed,
    confirmed,
  };
}
