/**
 * The pure checks of one G2 row (decisions D17; docs/decisions/0099): what
 * its cells mean (day, material, weight) and the problems found in them.
 * The validation job (g2-validation.ts) feeds them each staged row; the
 * duplicate check is the job's, over the whole upload, in SQL.
 */
import {
  G2_ISSUE_SEVERITY,
  MATERIALS,
  type G2Column,
  type G2IssueKind,
  type G2Severity,
  type MaterialCode,
} from '@collective/api-client/contract';

/** One problem of one row, before it is stored. */
export interface RowProblem {
  kind: G2IssueKind;
  severity: G2Severity;
  column: G2Column | '';
  value: string;
  message: string;
}

/** The staged cells of a row (text, as read). */
export interface StagedCells {
  partnerStoreId: string;
  dayText: string;
  materialText: string;
  weightText: string;
}

/** What a row means once checked, and its problems. */
export interface CheckedRow {
  day: string | null;
  material: MaterialCode | null;
  weightKg: number | null;
  storeId: number | null;
  problems: RowProblem[];
}

/** What the checks compare a row with. */
export interface RowContext {
  /** The upload's period, first and last day, `YYYY-MM-DD`. */
  periodStart: string;
  periodEnd: string;
  /** The program store each confirmed partner store id stands for. */
  storeOf(partnerStoreId: string): number | undefined;
  /** A store's collected weight over its last 12 months, kg (0 or absent: no history). */
  historyOf(storeId: number): number | undefined;
}

/** Heaviest weight one row may give, kg: above it the cell is refused as not a weight. */
export const MAX_G2_ROW_WEIGHT_KG = 1_000_000;
/** A row above this many times the store's average day is an outlier. */
export const OUTLIER_FACTOR = 10;
/** …and above this weight, kg: a light row is never an outlier. */
export const OUTLIER_FLOOR_KG = 50;

const MATERIAL_BY_TEXT: ReadonlyMap<string, MaterialCode> = new Map(
  MATERIALS.flatMap((m) => [
    [normalMaterial(m.code), m.code],
    [normalMaterial(m.label), m.code],
  ]),
);

function normalMaterial(text: string): string {
  return text.toLowerCase().replace(/[\s#_-]+/g, '');
}

/** The program material a cell names (its code or label, any case; `PP #5`, `pp5`), or `null`. */
export function materialOf(text: string): MaterialCode | null {
  return MATERIAL_BY_TEXT.get(normalMaterial(text)) ?? null;
}

/** The day a cell gives (`YYYY-MM-DD`, a day that exists), or `null`. */
export function dayOf(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return null;
  const time = Date.parse(`${trimmed}T00:00:00Z`);
  if (Number.isNaN(time)) return null;
  return new Date(time).toISOString().startsWith(trimmed) ? trimmed : null;
}

/**
 * The weight a cell gives in kg, or `null` when it is not a plain decimal
 * number (a formula, a unit, a thousands separator) or is too large.
 * Rounded to grams, as stored.
 */
export function weightOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d{1,9}(\.\d+)?$/.test(trimmed)) return null;
  const value = Math.round(Number(trimmed) * 1000) / 1000;
  return Math.abs(value) > MAX_G2_ROW_WEIGHT_KG ? null : value;
}

/**
 * Whether `weightKg` in one day is far above a store's history: more
 * than {@link OUTLIER_FACTOR} times its average day over the last 12
 * months and above {@link OUTLIER_FLOOR_KG}. A store without history has
 * no outliers (nothing to compare with).
 */
export function isOutlier(weightKg: number, history12mKg: number): boolean {
  if (!(history12mKg > 0)) return false;
  return (
    weightKg > OUTLIER_FLOOR_KG &&
    weightKg > (OUTLIER_FACTOR * history12mKg) / 365
  );
}

const problem = (
  kind: G2IssueKind,
  column: G2Column | '',
  value: string,
  message: string,
): RowProblem => ({
  kind,
  severity: G2_ISSUE_SEVERITY[kind],
  column,
  value,
  message,
});

/**
 * Checks one staged row: its partner store id must be confirmed to a
 * program store, its material one of the program's, its date a day within
 * the upload's period, its weight a number above 0; a weight far above the
 * store's history is a warning.
 */
export function checkRow(cells: StagedCells, context: RowContext): CheckedRow {
  const problems: RowProblem[] = [];
  const storeId = context.storeOf(cells.partnerStoreId) ?? null;
  if (cells.partnerStoreId === '') {
    problems.push(
      problem('unmapped_store', 'store_id', '', 'The store id is empty.'),
    );
  } else if (storeId === null) {
    problems.push(
      problem(
        'unmapped_store',
        'store_id',
        cells.partnerStoreId,
        `The partner store id ${cells.partnerStoreId} is tied to no program store; confirm it in G2 Store Mappings.`,
      ),
    );
  }
  const material = materialOf(cells.materialText);
  if (material === null) {
    problems.push(
      problem(
        'unknown_material',
        'material',
        cells.materialText,
        `"${cells.materialText}" is not a program material; use one of ${MATERIALS.map((m) => m.label).join(', ')}.`,
      ),
    );
  }
  const day = dayOf(cells.dayText);
  if (day === null) {
    problems.push(
      problem(
        'bad_date',
        'date',
        cells.dayText,
        'The date must be a day like 2026-10-31.',
      ),
    );
  } else if (day < context.periodStart || day > context.periodEnd) {
    problems.push(
      problem(
        'outside_period',
        'date',
        cells.dayText,
        `${day} is outside the upload's period ${context.periodStart} to ${context.periodEnd}.`,
      ),
    );
  }
  const weightKg = weightOf(cells.weightText);
  if (weightKg === null || weightKg <= 0) {
    problems.push(
      problem(
        'bad_weight',
        'weight_kg',
        cells.weightText,
        weightKg === null
          ? 'The weight must be a number of kg like 3.75.'
          : 'The weight must be above 0 kg.',
      ),
    );
  } else if (storeId !== null) {
    const history = context.historyOf(storeId) ?? 0;
    if (isOutlier(weightKg, history)) {
      problems.push(
        problem(
          'outlier',
          'weight_kg',
          cells.weightText,
          `${weightKg} kg in a day is over ${OUTLIER_FACTOR} times this store's average day (${(history / 365).toFixed(1)} kg over the last 12 months).`,
        ),
      );
    }
  }
  return { day, material, weightKg, storeId, problems };
}
