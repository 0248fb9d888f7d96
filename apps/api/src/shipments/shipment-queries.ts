/**
 * The reads of the shipments (decisions D14): one page of the list, the
 * export in key order, and one shipment with its timeline, receipt and
 * material lines. Every read takes the scope's member (`null`: the whole
 * collective) and never returns a shipment of another member.
 */
import {
  DELIVERED_NOT_RECEIVED_DAYS,
  LONG_TRANSIT_DAYS,
  MAILBACK_ORIGIN,
  type ShipmentDetail,
  type ShipmentFlag,
  type ShipmentRow,
  type ShipmentSort,
} from '@collective/api-client/contract';
import { DEFAULT_STORES_PAGE_SIZE } from '../constants';
import type { SqlRunner } from '../db/database';
import { memberName } from '../data/answered-scope';
import { notFound } from '../http/error-replies';
import { askedPage, pageClause, type AskedPage } from '../http/paging';
import { isoUtc } from '../data/program-queries';
import { containsPattern, startsWithPattern, Where } from '../db/where';

/** The filters of the list and the export, validated by the contract. */
export interface ShipmentFilters {
  memberId: number | null;
  search?: string | undefined;
  status?: ShipmentRow['status'] | undefined;
  channel?: ShipmentRow['channel'] | undefined;
  flag?: ShipmentFlag | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The SQL of each flag (over `sh`, with the time `$now`). */
function flagCondition(flag: ShipmentFlag, now: string): string {
  return flag === 'delivered_not_received'
    ? `(sh.status = 'delivered' AND sh.delivered_at < ${now}::timestamptz - interval '${DELIVERED_NOT_RECEIVED_DAYS} days')`
    : `(sh.status = 'in_transit' AND sh.shipped_at < ${now}::timestamptz - interval '${LONG_TRANSIT_DAYS} days')`;
}

function whereOf(filters: ShipmentFilters, now: Date): Where {
  const where = new Where();
  if (filters.memberId !== null) {
    where.add(`sh.member_id = ${where.param(filters.memberId)}`);
  }
  const search = filters.search?.trim() ?? '';
  if (search !== '') {
    const prefix = where.param(startsWithPattern(search.toUpperCase()));
    const anywhere = where.param(containsPattern(search));
    where.add(`(sh.tracking_number LIKE ${prefix}
      OR sh.store_id IN (SELECT id FROM stores WHERE name ILIKE ${anywhere})
      OR sh.member_id IN (SELECT id FROM members WHERE name ILIKE ${anywhere}))`);
  }
  if (filters.status) where.add(`sh.status = ${where.param(filters.status)}`);
  if (filters.channel) {
    where.add(`sh.channel = ${where.param(filters.channel)}`);
  }
  if (filters.flag) {
    where.add(flagCondition(filters.flag, where.param(now.toISOString())));
  }
  if (filters.from) {
    where.add(`sh.shipped_at >= ${where.param(filters.from)}::date`);
  }
  if (filters.to) {
    where.add(
      `sh.shipped_at < ${where.param(filters.to)}::date + interval '1 day'`,
    );
  }
  return where;
}

/** The orders of the list, and the receiving queue's (oldest delivery first). */
export type QueueSort = ShipmentSort | 'delivered_at';

/** The key each order sorts by (ties broken by id in the same direction). */
const SORT_KEYS: Readonly<
  Record<QueueSort, { key: string; cast: string; descending: boolean }>
> = {
  // The receiving queue's own order (delivered_at is set on every row there).
  delivered_at: {
    key: 'sh.delivered_at',
    cast: 'timestamptz',
    descending: false,
  },
  '-shipped_at': {
    key: 'sh.shipped_at',
    cast: 'timestamptz',
    descending: true,
  },
  shipped_at: { key: 'sh.shipped_at', cast: 'timestamptz', descending: false },
  tracking_number: {
    key: 'sh.tracking_number',
    cast: 'text',
    descending: false,
  },
  '-tracking_number': {
    key: 'sh.tracking_number',
    cast: 'text',
    descending: true,
  },
  status: { key: 'sh.status', cast: 'text', descending: false },
  '-status': { key: 'sh.status', cast: 'text', descending: true },
};

function orderBy(sort: QueueSort): string {
  const { key, descending } = SORT_KEYS[sort];
  const direction = descending ? 'DESC' : 'ASC';
  return `${key} ${direction}, sh.id ${direction}`;
}

/**
 * A shipment's origin as people read it, over its store `s` (LEFT JOINed):
 * the store's name, or {@link MAILBACK_ORIGIN} for a mail-back shipment,
 * which has no store (decisions D14).
 */
export const ORIGIN_NAME = `coalesce(s.name, '${MAILBACK_ORIGIN}')`;

/** The list's columns (`sh` shipments, `s` stores, `m` members, `r` receipts), with `$now` for the flags. */
function rowColumns(now: string): string {
  return `sh.id, sh.tracking_number, sh.store_id, ${ORIGIN_NAME} AS store_name, sh.member_id,
    m.name AS member_name, sh.channel, sh.status, ${isoUtc('sh.shipped_at')} AS shipped_at,
    ${isoUtc('sh.delivered_at')} AS delivered_at, ${isoUtc('sh.received_at')} AS received_at,
    sh.declared_weight_kg::float8 AS declared_weight_kg, r.net_kg::float8 AS net_kg,
    array_remove(ARRAY[
      CASE WHEN ${flagCondition('delivered_not_received', now)} THEN 'delivered_not_received' END,
      CASE WHEN ${flagCondition('long_transit', now)} THEN 'long_transit' END
    ], NULL) AS flags,
    sh.version`;
}

const ROW_TABLES = `shipments sh
  LEFT JOIN stores s ON s.id = sh.store_id
  JOIN members m ON m.id = sh.member_id
  LEFT JOIN receipts r ON r.shipment_id = sh.id`;

/** The name of the scope's member, or null when it does not exist. */
/** A page of shipments, or `null` when the scope names a member that does not exist. */
export async function readShipmentPage(
  db: SqlRunner,
  filters: ShipmentFilters,
  sort: QueueSort,
  paging: AskedPage,
  now: Date,
): Promise<{
  scope: { member_id: number | null; member_name: string | null };
  shipments: ShipmentRow[];
  total: number;
} | null> {
  const name =
    filters.memberId === null ? null : await memberName(db, filters.memberId);
  if (filters.memberId !== null && name === null) return null;
  const where = whereOf(filters, now);
  const nowParam = where.param(now.toISOString());
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM shipments sh ${where.sql}`,
    where.params.slice(0, -1),
  );
  const page = pageClause(paging, where.param);
  const rows = await db.query<ShipmentRow>(
    `SELECT ${rowColumns(nowParam)} FROM ${ROW_TABLES} ${where.sql}
      ORDER BY ${orderBy(sort)} ${page}`,
    where.params,
  );
  return {
    scope: { member_id: filters.memberId, member_name: name },
    shipments: rows,
    total: count?.total ?? 0,
  };
}

/**
 * The answer of a list of shipments (the shipments screen, the receiving
 * queue): the page `query` asks for of those matching `filters` in `sort`
 * order; 404 when the scope names a member that does not exist.
 */
export async function answerShipmentPage(
  db: SqlRunner,
  filters: ShipmentFilters,
  sort: QueueSort,
  query: { page?: number | undefined; page_size?: number | undefined },
  now: Date,
) {
  const asked = askedPage(query, DEFAULT_STORES_PAGE_SIZE);
  const found = await readShipmentPage(db, filters, sort, asked, now);
  if (!found) notFound(`There is no member ${filters.memberId}.`);
  return { success: true, ...found, ...asked };
}

/**
 * Every shipment matching `filters`, in `sort` order, read `batch` rows at
 * a time after the last key (keyset pages: each read is an index range,
 * however deep into the set), for a streamed export in constant memory.
 */
export async function* readShipmentsInOrder(
  db: SqlRunner,
  filters: ShipmentFilters,
  sort: ShipmentSort,
  now: Date,
  batch = 1000,
): AsyncGenerator<ShipmentRow> {
  const { key, cast, descending } = SORT_KEYS[sort];
  let after: { key: string; id: number } | null = null;
  for (;;) {
    const where = whereOf(filters, now);
    if (after) {
      where.add(
        `(${key}, sh.id) ${descending ? '<' : '>'} (${where.param(after.key)}::${cast}, ${where.param(after.id)})`,
      );
    }
    const nowParam = where.param(now.toISOString());
    const rows: (ShipmentRow & { sort_key: string })[] = await db.query(
      `SELECT ${rowColumns(nowParam)}, ${key}::text AS sort_key FROM ${ROW_TABLES} ${where.sql}
        ORDER BY ${orderBy(sort)} LIMIT ${where.param(batch)}`,
      where.params,
    );
    for (const { sort_key: _key, ...row } of rows) yield row;
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = { key: last.sort_key, id: last.id };
  }
}

interface DetailRow extends ShipmentRow {
  store_city: string | null;
  sorted_at: string | null;
  exception: ShipmentDetail['shipment']['exception'];
  events: ShipmentDetail['events'] | null;
  receipt: Omit<NonNullable<ShipmentDetail['receipt']>, 'residue_kg'> | null;
  lines: ShipmentDetail['lines'] | null;
}

/**
 * One shipment of the scope with its timeline (oldest first), its receipt
 * and its material lines with the lots each drew into; `null` when there
 * is no such shipment in the scope, whether it exists elsewhere or not.
 * `lock` locks the shipment's row for a write.
 */
export async function readShipmentDetail(
  db: SqlRunner,
  id: number,
  memberId: number | null,
  now: Date,
  { lock = false }: { lock?: boolean } = {},
): Promise<ShipmentDetail | null> {
  if (lock) {
    const locked = await db.query(
      `SELECT id FROM shipments WHERE id = $1 ${memberId === null ? '' : 'AND member_id = $2'} FOR UPDATE`,
      memberId === null ? [id] : [id, memberId],
    );
    if (locked.length === 0) return null;
  }
  const params: unknown[] = [id, now.toISOString()];
  if (memberId !== null) params.push(memberId);
  const [row] = await db.query<DetailRow>(
    `SELECT ${rowColumns('$2')}, s.city AS store_city,
       ${isoUtc('sh.sorted_at')} AS sorted_at, sh.exception,
       (SELECT json_agg(json_build_object('id', e.id, 'at', ${isoUtc('e.at')}, 'kind', e.kind,
                                          'note', e.note, 'actor_name', u.name)
                        ORDER BY e.at, e.id)
          FROM shipment_events e LEFT JOIN users u ON u.id = e.actor_user_id
         WHERE e.shipment_id = sh.id) AS events,
       CASE WHEN r.shipment_id IS NULL THEN NULL ELSE json_build_object(
         'gross_kg', r.gross_kg::float8, 'tare_kg', r.tare_kg::float8, 'net_kg', r.net_kg::float8,
         'contamination_kg', r.contamination_kg::float8, 'sorted_kg', r.sorted_kg::float8,
         'unit', r.unit, 'scale_id', r.scale_id, 'received_by', r.received_by,
         'version', r.version) END AS receipt,
       (SELECT json_agg(json_build_object(
                 'material', ml.material, 'weight_kg', ml.weight_kg::float8,
                 'in_lots_kg', ml.in_lots_kg::float8,
                 'on_hand_kg', (ml.weight_kg - ml.in_lots_kg)::float8,
                 'lot_ids', coalesce((SELECT json_agg(ls.lot_id ORDER BY ls.lot_id) FROM lot_sources ls
                                       WHERE ls.shipment_id = ml.shipment_id
                                         AND ls.material = ml.material), '[]'::json))
                 ORDER BY ml.weight_kg DESC, ml.material)
          FROM shipment_materials ml WHERE ml.shipment_id = sh.id) AS lines
     FROM ${ROW_TABLES}
    WHERE sh.id = $1 ${memberId === null ? '' : 'AND sh.member_id = $3'}`,
    params,
  );
  if (!row) return null;
  const {
    store_city,
    sorted_at,
    exception,
    events,
    receipt,
    lines,
    ...shipment
  } = row;
  return {
    success: true,
    scope: {
      member_id: memberId,
      member_name: memberId === null ? null : shipment.member_name,
    },
    shipment: { ...shipment, store_city, sorted_at, exception },
    events: events ?? [],
    receipt: receipt && {
      ...receipt,
      residue_kg:
        Math.round((receipt.net_kg - receipt.sorted_kg) * 1000) / 1000,
    },
    lines: lines ?? [],
  };
}
