/**
 * What each report template holds (decisions D14, D18; docs/decisions/0101):
 * its columns and the one SQL read of its rows, over the same rollups and
 * tables, with the same expressions, as the dashboard and the other screens
 * (`data/rollups.ts`, `data/program-queries.ts`), so a report's total is the
 * screens' figure for the same period and scope. The template catalogue a
 * person chooses from (titles, parameters) is the contract's
 * `REPORT_TEMPLATE_INFO`; this is the server's half.
 */
import {
  MATERIALS,
  REPORT_TEMPLATE_INFO,
  type ReportTemplate,
} from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import { recycledShare } from '../data/program-queries';
import { CITY_STATE_COLUMNS, stateOf } from '../analytics/city-states';
import { ORIGIN_NAME } from '../shipments/shipment-queries';

/** How a column's values are written: text, a weight in kg (to the gram), a count, or a share from 0 to 1. */
export type ColumnKind = 'text' | 'kg' | 'count' | 'rate';

/** One column of a report. */
export interface ReportColumn {
  /** The CSV header and the row's key. */
  key: string;
  /** The column's name for people (XLSX header, printable page). */
  label: string;
  kind: ColumnKind;
}

/** One row of a report: a value per column key. */
export type ReportRow = Record<string, string | number | boolean | null>;

/** The parameters a run reads with, as the job holds them (the member is the scope the server decided). */
export type ReportInput = {
  template: ReportTemplate;
  /** First month, `YYYY-MM`. */
  from: string;
  /** Last month, included. */
  to: string;
  /** The member, `null` for the whole collective. */
  member_id: number | null;
  region: string | null;
};

/**
 * A template's columns, its rows and its total: `total` recomputes every
 * weight and count as the sum of the rows (to the gram) and every rate
 * from those sums (never an average of rates).
 */
export interface ReportDefinition {
  columns: readonly ReportColumn[];
  /** The key of the column the total row's label goes in. */
  labelKey: string;
  read(db: SqlRunner, input: ReportInput): Promise<ReportRow[]>;
  /** The rates of the total row, from its summed weights. */
  rates?: (total: ReportRow) => ReportRow;
}

/** `YYYY-MM` as the first day of the month, for date parameters. */
export const monthStart = (month: string) => `${month}-01`;

/** The receipt time of `sh` falling in the period's months (UTC), with $1 and $2 the first and last month. */
const RECEIVED_IN_PERIOD = `sh.received_at >= ($1::date)::timestamp AT TIME ZONE 'UTC'
  AND sh.received_at < ($2::date + interval '1 month')::timestamp AT TIME ZONE 'UTC'`;

const num = (value: unknown) => Number(value ?? 0);

/** A share `part ÷ whole` to 4 places, 0 when `whole` is 0 (D14's rates, as the dashboard rounds them). */
export function share(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0;
}

const MATERIAL_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  MATERIALS.map((m) => [m.code, m.label]),
);

/**
 * The state of a store whose city and region the programme's table
 * (`analytics/city-states.ts`, the regional summary's) does not list: a
 * filing shows what is not attributed rather than a guess.
 */
export const UNKNOWN_STATE = 'Unknown';

/** The label of the sorting's remainder: collected minus sorted weight (received = sorted + residue, D14). */
export const RESIDUE_LABEL = 'Unsorted residue';

/** The shipments, units and collected weight of a period, the same in every template that has them. */
const VOLUME_COLUMNS: readonly ReportColumn[] = [
  { key: 'shipments', label: 'Shipments sent', kind: 'count' },
  { key: 'units', label: 'Units', kind: 'count' },
  { key: 'collected_kg', label: 'Collected (kg, net received)', kind: 'kg' },
];

/** The end-of-life columns of D14's recycling rate, the same in every template that has them. */
const OUTCOME_COLUMNS: readonly ReportColumn[] = [
  {
    key: 'outcome_confirmed_kg',
    label: 'With a confirmed outcome (kg)',
    kind: 'kg',
  },
  {
    key: 'recycled_kg',
    label: 'Recycled or downcycled (kg)',
    kind: 'kg',
  },
  { key: 'recycling_rate', label: 'Recycling rate', kind: 'rate' },
];

/** The recycling rate of {@link OUTCOME_COLUMNS}, from the weights of a row or of the total row. */
const recyclingRate = (row: ReportRow) =>
  recycledShare(num(row['outcome_confirmed_kg']), num(row['recycled_kg']));

const memberImpact: ReportDefinition = {
  labelKey: 'month',
  columns: [
    { key: 'month', label: 'Month', kind: 'text' },
    ...VOLUME_COLUMNS,
    { key: 'sorted_kg', label: 'Sorted (kg)', kind: 'kg' },
    ...OUTCOME_COLUMNS,
    { key: 'weighed_kg', label: 'Weighed (kg, gross − tare)', kind: 'kg' },
    { key: 'contamination_kg', label: 'Contamination (kg)', kind: 'kg' },
    { key: 'contamination_rate', label: 'Contamination rate', kind: 'rate' },
  ],
  async read(db, input) {
    const rows = await db.query<ReportRow>(
      `WITH months AS (
         SELECT generate_series($1::date, $2::date, interval '1 month')::date AS month),
       mm AS (
         SELECT month, sum(shipments) AS shipments, sum(units) AS units, sum(weight_kg) AS weight_kg
           FROM member_months
          WHERE month BETWEEN $1::date AND $2::date AND ($3::int IS NULL OR member_id = $3)
          GROUP BY month),
       mmm AS (
         SELECT month, sum(weight_kg) AS sorted_kg, sum(processed_kg) AS processed_kg,
                sum(recycled_kg) AS recycled_kg
           FROM member_month_materials
          WHERE month BETWEEN $1::date AND $2::date AND ($3::int IS NULL OR member_id = $3)
          GROUP BY month),
       rc AS (
         SELECT date_trunc('month', sh.received_at AT TIME ZONE 'UTC')::date AS month,
                sum(r.gross_kg - r.tare_kg) AS weighed_kg, sum(r.contamination_kg) AS contamination_kg
           FROM receipts r
           JOIN shipments sh ON sh.id = r.shipment_id
          WHERE ${RECEIVED_IN_PERIOD} AND ($3::int IS NULL OR sh.member_id = $3)
          GROUP BY 1)
       SELECT to_char(months.month, 'YYYY-MM') AS month,
              coalesce(mm.shipments, 0)::int AS shipments,
              coalesce(mm.units, 0)::float8 AS units,
              coalesce(mm.weight_kg, 0)::float8 AS collected_kg,
              coalesce(mmm.sorted_kg, 0)::float8 AS sorted_kg,
              coalesce(mmm.processed_kg, 0)::float8 AS outcome_confirmed_kg,
              coalesce(mmm.recycled_kg, 0)::float8 AS recycled_kg,
              coalesce(rc.weighed_kg, 0)::float8 AS weighed_kg,
              coalesce(rc.contamination_kg, 0)::float8 AS contamination_kg
         FROM months
         LEFT JOIN mm ON mm.month = months.month
         LEFT JOIN mmm ON mmm.month = months.month
         LEFT JOIN rc ON rc.month = months.month
        ORDER BY months.month`,
      [monthStart(input.from), monthStart(input.to), input.member_id],
      { name: 'report-member-impact' },
    );
    return rows.map((row) => ({ ...row, ...memberImpactRates(row) }));
  },
  rates: memberImpactRates,
};

function memberImpactRates(row: ReportRow): ReportRow {
  return {
    recycling_rate: recyclingRate(row),
    contamination_rate: share(
      num(row['contamination_kg']),
      num(row['weighed_kg']),
    ),
  };
}

const storeSummary: ReportDefinition = {
  labelKey: 'store',
  columns: [
    { key: 'store_id', label: 'Store id', kind: 'text' },
    { key: 'store', label: 'Store', kind: 'text' },
    { key: 'city', label: 'City', kind: 'text' },
    { key: 'state', label: 'State', kind: 'text' },
    { key: 'region', label: 'Region', kind: 'text' },
    { key: 'member', label: 'Member', kind: 'text' },
    { key: 'channel', label: 'Channel', kind: 'text' },
    { key: 'active', label: 'Active', kind: 'text' },
    ...VOLUME_COLUMNS,
    { key: 'last_shipment', label: 'Last shipment in period', kind: 'text' },
  ],
  async read(db, input) {
    const rows = await db.query<ReportRow & { city: string; region: string }>(
      `SELECT s.id::text AS store_id, s.name AS store, s.city, s.region, m.name AS member,
              s.channel, CASE WHEN s.active THEN 'yes' ELSE 'no' END AS active,
              coalesce(sum(sm.shipments), 0)::int AS shipments,
              coalesce(sum(sm.units), 0)::float8 AS units,
              coalesce(sum(sm.weight_kg), 0)::float8 AS collected_kg,
              to_char(max(sm.last_shipped_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS last_shipment
         FROM stores s
         JOIN members m ON m.id = s.member_id
         LEFT JOIN store_months sm
           ON sm.store_id = s.id AND sm.month BETWEEN $1::date AND $2::date
        WHERE ($3::int IS NULL OR s.member_id = $3) AND ($4::text IS NULL OR s.region = $4)
        GROUP BY s.id, m.name
        ORDER BY m.name, s.name, s.id`,
      [
        monthStart(input.from),
        monthStart(input.to),
        input.member_id,
        input.region,
      ],
      { name: 'report-store-summary' },
    );
    return rows.map((row) => ({
      ...row,
      state: stateOf(row.city, row.region) ?? UNKNOWN_STATE,
    }));
  },
};

const stateMaterial: ReportDefinition = {
  labelKey: 'state',
  columns: [
    { key: 'state', label: 'State', kind: 'text' },
    { key: 'region', label: 'Region', kind: 'text' },
    { key: 'material', label: 'Material', kind: 'text' },
    { key: 'collected_kg', label: 'Collected (kg)', kind: 'kg' },
    ...OUTCOME_COLUMNS,
  ],
  async read(db, input) {
    // Per state: each material's sorted weight, and the residue (collected
    // minus sorted), so a state's rows add up to its collected weight.
    const rows = await db.query<{
      state: string;
      region: string;
      material: string;
      collected_kg: number;
      outcome_confirmed_kg: number;
      recycled_kg: number;
    }>(
      `WITH scoped AS (
         SELECT s.id, s.region, coalesce(cs.state, '${UNKNOWN_STATE}') AS state
           FROM stores s
           LEFT JOIN unnest($5::text[], $6::text[], $7::text[]) AS cs (city, region, state)
             ON cs.city = s.city AND cs.region = s.region
          WHERE ($3::int IS NULL OR s.member_id = $3) AND ($4::text IS NULL OR s.region = $4)),
       sorted AS (
         SELECT sc.state, sc.region, smm.material, sum(smm.weight_kg) AS weight_kg,
                sum(smm.processed_kg) AS processed_kg, sum(smm.recycled_kg) AS recycled_kg
           FROM store_month_materials smm JOIN scoped sc ON sc.id = smm.store_id
          WHERE smm.month BETWEEN $1::date AND $2::date
          GROUP BY 1, 2, 3),
       collected AS (
         SELECT sc.state, sc.region, sum(sm.weight_kg) AS weight_kg
           FROM store_months sm JOIN scoped sc ON sc.id = sm.store_id
          WHERE sm.month BETWEEN $1::date AND $2::date
          GROUP BY 1, 2)
       SELECT state, region, material, weight_kg::float8 AS collected_kg,
              processed_kg::float8 AS outcome_confirmed_kg, recycled_kg::float8 AS recycled_kg
         FROM sorted
       UNION ALL
       SELECT c.state, c.region, '~residue',
              greatest(c.weight_kg - coalesce((SELECT sum(weight_kg) FROM sorted x
                                                WHERE x.state = c.state AND x.region = c.region), 0), 0)::float8,
              0, 0
         FROM collected c
        ORDER BY 1, 2, 3`,
      [
        monthStart(input.from),
        monthStart(input.to),
        input.member_id,
        input.region,
        ...CITY_STATE_COLUMNS,
      ],
      { name: 'report-state-material' },
    );
    const order = new Map<string, number>(
      MATERIALS.map((m, index) => [m.code, index]),
    );
    return rows
      .filter((row) => row.collected_kg > 0 || row.outcome_confirmed_kg > 0)
      .sort(
        (a, b) =>
          a.state.localeCompare(b.state) ||
          a.region.localeCompare(b.region) ||
          (order.get(a.material) ?? 99) - (order.get(b.material) ?? 99),
      )
      .map((row) => ({
        ...row,
        material:
          row.material === '~residue'
            ? RESIDUE_LABEL
            : (MATERIAL_LABELS[row.material] ?? row.material),
        recycling_rate: recyclingRate(row),
      }));
  },
  rates: (total) => ({ recycling_rate: recyclingRate(total) }),
};

const chainOfCustody: ReportDefinition = {
  labelKey: 'lot_id',
  columns: [
    { key: 'lot_id', label: 'Lot', kind: 'text' },
    { key: 'lot_material', label: 'Material', kind: 'text' },
    { key: 'processor', label: 'Processor', kind: 'text' },
    { key: 'lot_status', label: 'Lot status', kind: 'text' },
    { key: 'outcome', label: 'Outcome', kind: 'text' },
    { key: 'certificate', label: 'Certificate', kind: 'text' },
    { key: 'confirmed_on', label: 'Confirmed on', kind: 'text' },
    { key: 'shipment_id', label: 'Shipment', kind: 'text' },
    { key: 'tracking_number', label: 'Tracking number', kind: 'text' },
    { key: 'received_on', label: 'Received on', kind: 'text' },
    { key: 'store', label: 'Store', kind: 'text' },
    { key: 'member', label: 'Member', kind: 'text' },
    { key: 'drawn_kg', label: 'Drawn into the lot (kg)', kind: 'kg' },
    {
      key: 'outcome_confirmed_kg',
      label: 'Of it, with a confirmed outcome (kg)',
      kind: 'kg',
    },
  ],
  async read(db, input) {
    const rows = await db.query<ReportRow & { lot_material: string }>(
      `SELECT l.id::text AS lot_id, l.material AS lot_material, p.name AS processor,
              l.status AS lot_status, l.outcome, l.certificate_ref AS certificate,
              to_char(l.confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS confirmed_on,
              sh.id::text AS shipment_id, sh.tracking_number,
              to_char(sh.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS received_on,
              ${ORIGIN_NAME} AS store, m.name AS member,
              ls.weight_kg::float8 AS drawn_kg,
              (CASE WHEN l.status = 'confirmed' THEN ls.weight_kg ELSE 0 END)::float8
                AS outcome_confirmed_kg
         FROM lot_sources ls
         JOIN eol_lots l ON l.id = ls.lot_id
         JOIN processors p ON p.id = l.processor_id
         JOIN shipments sh ON sh.id = ls.shipment_id
         LEFT JOIN stores s ON s.id = sh.store_id
         JOIN members m ON m.id = sh.member_id
        WHERE ${RECEIVED_IN_PERIOD} AND ($3::int IS NULL OR sh.member_id = $3)
        ORDER BY l.id, sh.id, ls.material`,
      [monthStart(input.from), monthStart(input.to), input.member_id],
      { name: 'report-chain-of-custody' },
    );
    return rows.map((row) => ({
      ...row,
      lot_material: MATERIAL_LABELS[row.lot_material] ?? row.lot_material,
    }));
  },
};

/** Every template's definition, by template. */
export const REPORT_DEFINITIONS: Readonly<
  Record<ReportTemplate, ReportDefinition>
> = {
  'member-impact': memberImpact,
  'store-summary': storeSummary,
  'state-material': stateMaterial,
  'chain-of-custody': chainOfCustody,
};

/** Grams of a weight in kg, as a whole number (weights are kept to the gram). */
const grams = (kg: unknown) => Math.round(num(kg) * 1000);

/**
 * The total row of `rows`: "Total" in the label column, each weight the
 * sum of the rows to the gram, each count their sum, each rate recomputed
 * from the summed weights; other columns empty.
 */
export function totalRow(
  definition: ReportDefinition,
  rows: readonly ReportRow[],
): ReportRow {
  const total: ReportRow = {};
  for (const column of definition.columns) {
    if (column.kind === 'kg') {
      total[column.key] =
        rows.reduce((sum, row) => sum + grams(row[column.key]), 0) / 1000;
    } else if (column.kind === 'count') {
      total[column.key] = rows.reduce(
        (sum, row) => sum + num(row[column.key]),
        0,
      );
    } else {
      total[column.key] = null;
    }
  }
  total[definition.labelKey] = 'Total';
  return { ...total, ...(definition.rates?.(total) ?? {}) };
}

/** A run's title for people, e.g. "Member impact report · Kiehl's · 2025-12 to 2026-11". */
export function reportTitle(
  input: Pick<ReportInput, 'template' | 'from' | 'to' | 'region'>,
  memberName: string | null,
): string {
  const period =
    input.from === input.to ? input.from : `${input.from} to ${input.to}`;
  return [
    REPORT_TEMPLATE_INFO[input.template].title,
    memberName ?? 'Whole collective',
    ...(input.region ? [input.region] : []),
    period,
  ].join(' · ');
}
