/**
 * The datasets of the raw data export (decisions D18; docs/decisions/0100)
 * as SQL: each one's tables, member column, period column, status filter,
 * unique key (for keyset pages) and the expression of every column the
 * contract lists. Reads are scoped to one member or the collective and
 * stream in key order, a page at a time, in constant memory.
 */
import {
  EXPORT_DATASET_INFO,
  type ExportDataset,
} from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';

/** One row of an export: the chosen columns' values as the database gave them. */
export type ExportRow = Record<string, string | number | boolean | null>;
import { Where } from '../db/where';
import { isoUtc } from '../data/program-queries';
import { ORIGIN_NAME } from '../shipments/shipment-queries';

/** Rows read per page of an export: one index range per read, however deep. */
export const EXPORT_BATCH_ROWS = 1000;

/** A part of a dataset's unique key, and the SQL type its value is cast back to. */
interface KeyPart {
  expression: string;
  cast: 'int' | 'text';
  /**
   * Columns of inner-joined tables equal to this one (the first part only):
   * each gets the page's lower bound too, so every index scan starts at the
   * page. PostgreSQL does not carry an inequality across a join, and its
   * merge join would read the joined table from its start on every page
   * (0.76 s a page half-way through 5.9 million material lines, against
   * 3 ms with the bound).
   */
  joinedAs?: readonly string[];
}

/** How one dataset is read. */
interface DatasetSql {
  from: string;
  /** The tables the filters need, and no more: what the count reads. */
  countFrom: string;
  member: string;
  period: string;
  /** The SQL condition of a status of the contract's list for the dataset. */
  status?: (param: string) => string;
  key: readonly KeyPart[];
  columns: Readonly<Record<string, string>>;
}

const kgOf = (expression: string) => `${expression}::float8`;

// A mail-back shipment has no store (decisions D14): its store is empty, its origin named.
const SHIPMENT_FROM = `shipments sh
  LEFT JOIN stores s ON s.id = sh.store_id
  JOIN members m ON m.id = sh.member_id`;

/** Every dataset's SQL; the columns are exactly the contract's (a test checks it). */
export const DATASET_SQL: Readonly<Record<ExportDataset, DatasetSql>> = {
  shipments: {
    from: `${SHIPMENT_FROM} LEFT JOIN receipts r ON r.shipment_id = sh.id`,
    countFrom: 'shipments sh',
    member: 'sh.member_id',
    period: 'sh.shipped_at',
    status: (param) => `sh.status = ${param}`,
    key: [{ expression: 'sh.id', cast: 'int' }],
    columns: {
      id: 'sh.id',
      tracking_number: 'sh.tracking_number',
      store_id: 'sh.store_id',
      store: ORIGIN_NAME,
      member_id: 'sh.member_id',
      member: 'm.name',
      channel: 'sh.channel',
      status: 'sh.status',
      shipped_at: isoUtc('sh.shipped_at'),
      delivered_at: isoUtc('sh.delivered_at'),
      received_at: isoUtc('sh.received_at'),
      declared_weight_kg: kgOf('sh.declared_weight_kg'),
      net_kg: kgOf('r.net_kg'),
    },
  },
  receipts: {
    from: `receipts r JOIN ${SHIPMENT_FROM} ON sh.id = r.shipment_id`,
    countFrom: 'receipts r JOIN shipments sh ON sh.id = r.shipment_id',
    member: 'sh.member_id',
    period: 'sh.received_at',
    key: [{ expression: 'r.shipment_id', cast: 'int', joinedAs: ['sh.id'] }],
    columns: {
      shipment_id: 'r.shipment_id',
      tracking_number: 'sh.tracking_number',
      store: ORIGIN_NAME,
      member_id: 'sh.member_id',
      member: 'm.name',
      received_at: isoUtc('sh.received_at'),
      gross_kg: kgOf('r.gross_kg'),
      tare_kg: kgOf('r.tare_kg'),
      net_kg: kgOf('r.net_kg'),
      contamination_kg: kgOf('r.contamination_kg'),
      sorted_kg: kgOf('r.sorted_kg'),
      unit: 'r.unit',
      scale_id: 'r.scale_id',
      received_by: 'r.received_by',
    },
  },
  material_lines: {
    from: `shipment_materials ml JOIN shipments sh ON sh.id = ml.shipment_id
      JOIN members m ON m.id = sh.member_id`,
    countFrom:
      'shipment_materials ml JOIN shipments sh ON sh.id = ml.shipment_id',
    member: 'sh.member_id',
    period: 'sh.received_at',
    key: [
      { expression: 'ml.shipment_id', cast: 'int', joinedAs: ['sh.id'] },
      { expression: 'ml.material', cast: 'text' },
    ],
    columns: {
      shipment_id: 'ml.shipment_id',
      tracking_number: 'sh.tracking_number',
      member_id: 'sh.member_id',
      member: 'm.name',
      material: 'ml.material',
      weight_kg: kgOf('ml.weight_kg'),
      in_lots_kg: kgOf('ml.in_lots_kg'),
      on_hand_kg: kgOf('(ml.weight_kg - ml.in_lots_kg)'),
      received_at: isoUtc('sh.received_at'),
    },
  },
  lots: {
    from: `eol_lots l JOIN members m ON m.id = l.member_id
      JOIN processors p ON p.id = l.processor_id`,
    countFrom: 'eol_lots l',
    member: 'l.member_id',
    period: 'l.created_at',
    status: (param) => `l.status = ${param}`,
    key: [{ expression: 'l.id', cast: 'int' }],
    columns: {
      id: 'l.id',
      member_id: 'l.member_id',
      member: 'm.name',
      material: 'l.material',
      processor: 'p.name',
      weight_kg: kgOf('l.weight_kg'),
      status: 'l.status',
      outcome: 'l.outcome',
      certificate_ref: 'l.certificate_ref',
      confirmed_weight_kg: kgOf('l.confirmed_weight_kg'),
      created_at: isoUtc('l.created_at'),
      shipped_at: isoUtc('l.shipped_at'),
      confirmed_at: isoUtc('l.confirmed_at'),
    },
  },
  stores: {
    from: 'stores s JOIN members m ON m.id = s.member_id',
    countFrom: 'stores s',
    member: 's.member_id',
    period: 's.opened_at',
    status: (param) => `s.active = (${param} = 'active')`,
    key: [{ expression: 's.id', cast: 'int' }],
    columns: {
      id: 's.id',
      name: 's.name',
      member_id: 's.member_id',
      member: 'm.name',
      city: 's.city',
      region: 's.region',
      address: 's.address',
      postal_code: 's.postal_code',
      channel: 's.channel',
      active: 's.active',
      opened_at: isoUtc('s.opened_at'),
      last_heartbeat_at: isoUtc('s.last_heartbeat_at'),
    },
  },
};

/** What an export reads: the dataset in a scope, with the contract's filters. */
export interface ExportFilters {
  dataset: ExportDataset;
  /** The scope's member; `null`: the whole collective. */
  memberId: number | null;
  from?: string | undefined;
  to?: string | undefined;
  status?: string | undefined;
}

function whereOf(filters: ExportFilters): Where {
  const sql = DATASET_SQL[filters.dataset];
  const where = new Where();
  if (filters.memberId !== null) {
    where.add(`${sql.member} = ${where.param(filters.memberId)}`);
  }
  // Days are UTC days (the contract's), whatever the session's time zone:
  // a month of days is then the month the rollups count (data/months.ts).
  if (filters.from) {
    where.add(
      `${sql.period} >= (${where.param(filters.from)}::date)::timestamp AT TIME ZONE 'UTC'`,
    );
  }
  if (filters.to) {
    where.add(
      `${sql.period} < (${where.param(filters.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`,
    );
  }
  if (filters.status !== undefined) {
    if (!sql.status) {
      throw new TypeError(`${filters.dataset} has no status filter.`);
    }
    where.add(sql.status(where.param(filters.status)));
  }
  return where;
}

/** How many rows of the dataset match `filters` in the scope. */
export async function countExportRows(
  db: SqlRunner,
  filters: ExportFilters,
): Promise<number> {
  const where = whereOf(filters);
  const [row] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM ${DATASET_SQL[filters.dataset].countFrom} ${where.sql}`,
    where.params,
  );
  return row?.count ?? 0;
}

/** The columns to write: those asked for, in their order, or all of the dataset's. */
export function exportColumns(
  dataset: ExportDataset,
  asked: string | undefined,
): string[] {
  const all: readonly string[] = EXPORT_DATASET_INFO[dataset].columns;
  if (asked === undefined) return [...all];
  return [...new Set(asked.split(','))].filter((column) =>
    all.includes(column),
  );
}

/**
 * Every row of the dataset matching `filters`, with `columns`, in key
 * order, read `batch` rows at a time after the last key (keyset pages), so
 * the memory an export holds is one page, whatever its size.
 */
export async function* readExportRows(
  db: SqlRunner,
  filters: ExportFilters,
  columns: readonly string[],
  batch = EXPORT_BATCH_ROWS,
): AsyncGenerator<ExportRow> {
  const sql = DATASET_SQL[filters.dataset];
  const selected = columns
    .map((column) => `${sql.columns[column]} AS "${column}"`)
    .join(', ');
  const keys = sql.key
    .map((part, index) => `${part.expression} AS "__key${index}"`)
    .join(', ');
  const order = sql.key.map((part) => part.expression).join(', ');
  let after: readonly unknown[] | null = null;
  for (;;) {
    const where = whereOf(filters);
    if (after) {
      const values = sql.key.map(
        (part, index) => `${where.param(after?.[index])}::${part.cast}`,
      );
      where.add(`(${order}) > (${values.join(', ')})`);
      for (const same of sql.key[0]?.joinedAs ?? []) {
        where.add(`${same} >= ${values[0]}`);
      }
    }
    const rows = await db.query<ExportRow>(
      `SELECT ${selected}, ${keys} FROM ${sql.from} ${where.sql}
        ORDER BY ${order} LIMIT ${where.param(batch)}`,
      where.params,
    );
    for (const row of rows) {
      const out: ExportRow = {};
      for (const column of columns) out[column] = row[column] ?? null;
      yield out;
    }
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = sql.key.map((_part, index) => last[`__key${index}`]);
  }
}
