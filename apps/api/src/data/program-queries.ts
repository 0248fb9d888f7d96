import { containsPattern } from '../db/where';
/**
 * The reads behind the data endpoints, each one SQL statement over the
 * rollups (`rollups.ts`, docs/decisions/0031), so an answer costs one round
 * trip to the database. A `null` member id means the whole collective.
 */
import {
  MATERIALS,
  type AnsweredScope,
  type DashboardSummary,
  type MaterialCode,
  type Shipment,
  type Store,
  type StoreDetail,
  type StoreSort,
} from '@collective/api-client/contract';
import { RECENT_SHIPMENTS_COUNT, TOP_STORES_COUNT } from '../constants';
import type { SqlRunner } from '../db/database';
import { pageOffset, type AskedPage } from '../http/paging';
import { contractMonth, lastTwelveMonths, type MonthStart } from './months';

/** A timestamp as the contract sends it: ISO 8601 in UTC with milliseconds. */
export const isoUtc = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A weight rounded to 100 g, as a JSON number: collected weight as the dashboard shows it. */
export const kg = (expression: string) => `round(${expression}, 1)::float8`;

/**
 * D14's recycling rate: recycled + downcycled ÷ weight with a confirmed
 * outcome, to 4 places, 0 while nothing has a confirmed outcome. The
 * dashboard's `recycled_share` and the performance scorecards use it.
 */
export function recycledShare(processedKg: number, recycledKg: number): number {
  return processedKg > 0
    ? Math.round((recycledKg / processedKg) * 10_000) / 10_000
    : 0;
}

/** The twelve months of a window, and its ends, as query parameters. */
function windowOf(now: Date): {
  months: MonthStart[];
  first: MonthStart;
  current: MonthStart;
} {
  const months = lastTwelveMonths(now);
  return {
    months,
    first: months[0] as MonthStart,
    current: months[months.length - 1] as MonthStart,
  };
}

/** Zero for every material, in the contract's display order. */
function everyMaterial(
  weights: ReadonlyMap<string, number>,
): { material: MaterialCode; weight_kg: number }[] {
  return MATERIALS.map(({ code }) => ({
    material: code,
    weight_kg: weights.get(code) ?? 0,
  }));
}

/** The scope as an answer states it. */
function answeredScope(
  memberId: number | null,
  memberName: string | null,
): AnsweredScope {
  return { member_id: memberId, member_name: memberName };
}

/** An answer, or the member the scope named that does not exist. */
export type ScopedRead<T> = { found: true; value: T } | { found: false };

interface SummaryRow {
  member_name: string | null;
  weight_kg_month: number;
  weight_kg_12m: number;
  units_month: number;
  units_12m: number;
  shipments_in_transit: number;
  active_stores: number;
  materials:
    | {
        month: string;
        material: string;
        weight_kg: number;
        processed_kg: number;
        recycled_kg: number;
      }[]
    | null;
  top_stores: DashboardSummary['top_stores'] | null;
}

/**
 * GET /api/dashboard/summary: the KPIs of `memberId` (or the collective)
 * for the month of `now` and the 11 before it, from the member rollups and
 * the store statistics. Not found when the member does not exist.
 */
export async function readDashboardSummary(
  db: SqlRunner,
  memberId: number | null,
  now: Date,
): Promise<ScopedRead<DashboardSummary>> {
  const { months, first, current } = windowOf(now);
  const member = memberId === null ? 'true' : 'member_id = $3';
  const rows = await db.query<SummaryRow>(
    `SELECT
       ${memberId === null ? 'NULL::text' : '(SELECT name FROM members WHERE id = $3)'} AS member_name,
       (SELECT coalesce(sum(active_stores), 0)::int FROM member_stores WHERE ${member}) AS active_stores,
       k.*,
       (SELECT json_agg(m) FROM (
          SELECT to_char(month, 'YYYY-MM') AS month, material,
                 ${kg('sum(weight_kg)')} AS weight_kg,
                 sum(processed_kg)::float8 AS processed_kg,
                 sum(recycled_kg)::float8 AS recycled_kg
            FROM member_month_materials
           WHERE ${member} AND month BETWEEN $1::date AND $2::date
           GROUP BY month, material) m) AS materials,
       (SELECT json_agg(t) FROM (
          SELECT st.store_id AS id, s.name, s.city, m.name AS member_name,
                 ${kg('st.weight_kg_12m')} AS weight_kg_12m
            FROM store_stats st
            JOIN stores s ON s.id = st.store_id
            JOIN members m ON m.id = st.member_id
           WHERE ${memberId === null ? 'true' : 'st.member_id = $3'} AND st.weight_kg_12m > 0
           ORDER BY st.weight_kg_12m DESC, st.store_id
           LIMIT ${TOP_STORES_COUNT}) t) AS top_stores
     FROM (SELECT
             ${kg('coalesce(sum(weight_kg) FILTER (WHERE month = $2::date), 0)')} AS weight_kg_month,
             ${kg('coalesce(sum(weight_kg) FILTER (WHERE month BETWEEN $1::date AND $2::date), 0)')} AS weight_kg_12m,
             coalesce(sum(units) FILTER (WHERE month = $2::date), 0)::float8 AS units_month,
             coalesce(sum(units) FILTER (WHERE month BETWEEN $1::date AND $2::date), 0)::float8 AS units_12m,
             coalesce(sum(in_transit), 0)::int AS shipments_in_transit
           FROM member_months WHERE ${member}) k`,
    memberId === null ? [first, current] : [first, current, memberId],
    { name: `dashboard-summary:${memberId === null ? 'all' : 'member'}` },
  );
  const row = rows[0];
  if (!row || (memberId !== null && row.member_name === null)) {
    return { found: false };
  }
  const byMonth = new Map<string, Map<string, number>>();
  let processed = 0;
  let recycled = 0;
  for (const item of row.materials ?? []) {
    const weights = byMonth.get(item.month) ?? new Map<string, number>();
    weights.set(item.material, item.weight_kg);
    byMonth.set(item.month, weights);
    processed += item.processed_kg;
    recycled += item.recycled_kg;
  }
  return {
    found: true,
    value: {
      success: true,
      scope: answeredScope(memberId, row.member_name),
      month: contractMonth(current),
      kpis: {
        weight_kg_month: row.weight_kg_month,
        weight_kg_12m: row.weight_kg_12m,
        units_month: row.units_month,
        units_12m: row.units_12m,
        active_stores: row.active_stores,
        shipments_in_transit: row.shipments_in_transit,
        recycled_share: recycledShare(processed, recycled),
      },
      monthly: months.map((month) => ({
        month: contractMonth(month),
        materials: everyMaterial(
          byMonth.get(contractMonth(month)) ?? new Map(),
        ),
      })),
      top_stores: row.top_stores ?? [],
    },
  };
}

/** The columns of a store as the contract sends it (`s` stores, `st` store_stats, `m` members). */
const STORE_COLUMNS = `s.id, s.name, s.city, s.region, s.member_id, m.name AS member_name,
  s.channel, s.active, ${kg('st.weight_kg_12m')} AS weight_kg_12m, st.shipments_12m,
  ${isoUtc('st.last_shipment_at')} AS last_shipment_at`;

/** ORDER BY of each sort of the store list; ties broken by id, in the same direction. */
const STORE_ORDER: Readonly<Record<StoreSort, string>> = {
  name: 's.name ASC, s.id ASC',
  '-name': 's.name DESC, s.id DESC',
  city: 's.city ASC, s.id ASC',
  '-city': 's.city DESC, s.id DESC',
  weight: 'st.weight_kg_12m ASC, s.id ASC',
  '-weight': 'st.weight_kg_12m DESC, s.id DESC',
  // Never shipped counts as the longest ago.
  last_shipment: 'st.last_shipment_at ASC NULLS FIRST, s.id ASC',
  '-last_shipment': 'st.last_shipment_at DESC NULLS LAST, s.id DESC',
};

/** What page of which stores to read. */
export interface StorePageRequest {
  memberId: number | null;
  search: string;
  sort: StoreSort;
  paging: AskedPage;
}

/** A page of stores as GET /api/stores answers it, without `success`. */
export interface StorePage {
  scope: AnsweredScope;
  stores: Store[];
  total: number;
}

/**
 * GET /api/stores: one page of the stores of the scope whose name or city
 * contains `search` (any case), in the given order, and how many match in
 * all. Not found when the member does not exist.
 */
export async function readStorePage(
  db: SqlRunner,
  request: StorePageRequest,
): Promise<ScopedRead<StorePage>> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (request.memberId !== null) {
    params.push(request.memberId);
    where.push(`s.member_id = $${params.length}`);
  }
  if (request.search !== '') {
    params.push(containsPattern(request.search));
    where.push(
      `(s.name ILIKE $${params.length} OR s.city ILIKE $${params.length})`,
    );
  }
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  // Without a search, the member rollup holds the count.
  const count =
    request.search === ''
      ? `(SELECT coalesce(sum(stores), 0)::int FROM member_stores ${request.memberId === null ? '' : 'WHERE member_id = $1'})`
      : `(SELECT count(*)::int FROM stores s ${filter})`;
  const variant = `${request.memberId === null ? 'all' : 'member'}:${request.search === '' ? 'all' : 'search'}`;
  const memberName =
    request.memberId === null
      ? 'NULL::text'
      : '(SELECT name FROM members WHERE id = $1)';
  params.push(request.paging.page_size, pageOffset(request.paging));
  const rows = await db.query<
    Store & { total: number; scope_member_name: string | null }
  >(
    `SELECT ${STORE_COLUMNS}, ${count} AS total, ${memberName} AS scope_member_name
       FROM stores s
       JOIN store_stats st ON st.store_id = s.id
       JOIN members m ON m.id = s.member_id
      ${filter}
      ORDER BY ${STORE_ORDER[request.sort]}
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
    { name: `stores-page:${variant}:${request.sort}` },
  );
  let total: number;
  let scopeName: string | null;
  const first = rows[0];
  if (first) {
    total = first.total;
    scopeName = first.scope_member_name;
  } else {
    // Past the last page, or nothing matches: ask for the count alone.
    const [row] = await db.query<{
      total: number;
      scope_member_name: string | null;
    }>(
      `SELECT ${count} AS total, ${memberName} AS scope_member_name`,
      params.slice(0, -2),
      { name: `stores-count:${variant}` },
    );
    total = row?.total ?? 0;
    scopeName = row?.scope_member_name ?? null;
  }
  if (request.memberId !== null && scopeName === null) return { found: false };
  return {
    found: true,
    value: {
      scope: answeredScope(request.memberId, scopeName),
      stores: rows.map(
        ({ total: _total, scope_member_name: _name, ...store }) => store,
      ),
      total,
    },
  };
}

interface StoreDetailRow extends Store {
  monthly: { month: string; weight_kg: number }[] | null;
  materials: { material: string; weight_kg: number }[] | null;
  recent_shipments: Shipment[] | null;
}

/**
 * GET /api/stores/:id: the store, if it is in the scope, with its weight
 * per month and per material over the last 12 months and its latest
 * shipments. `null` when there is no such store in the scope, whether it
 * exists elsewhere or not.
 */
export async function readStoreDetail(
  db: SqlRunner,
  storeId: number,
  memberId: number | null,
  now: Date,
): Promise<StoreDetail | null> {
  const { months, first, current } = windowOf(now);
  const rows = await db.query<StoreDetailRow>(
    `SELECT ${STORE_COLUMNS},
       (SELECT json_agg(json_build_object('month', to_char(month, 'YYYY-MM'),
                                          'weight_kg', ${kg('weight_kg')}))
          FROM store_months
         WHERE store_id = s.id AND month BETWEEN $2::date AND $3::date) AS monthly,
       (SELECT json_agg(json_build_object('material', material, 'weight_kg', ${kg('weight_kg')}))
          FROM (SELECT material, sum(weight_kg) AS weight_kg FROM store_month_materials
                 WHERE store_id = s.id AND month BETWEEN $2::date AND $3::date
                 GROUP BY material) x) AS materials,
       (SELECT json_agg(r ORDER BY r.shipped_at DESC, r.id DESC) FROM (
          SELECT sh.id, sh.tracking_number, ${isoUtc('sh.shipped_at')} AS shipped_at,
                 ${isoUtc('sh.received_at')} AS received_at,
                 sh.status, sh.units, rc.net_kg::float8 AS weight_kg
            FROM shipments sh LEFT JOIN receipts rc ON rc.shipment_id = sh.id
           WHERE sh.store_id = s.id
           ORDER BY sh.shipped_at DESC, sh.id DESC
           LIMIT ${RECENT_SHIPMENTS_COUNT}) r) AS recent_shipments
     FROM stores s
     JOIN store_stats st ON st.store_id = s.id
     JOIN members m ON m.id = s.member_id
    WHERE s.id = $1 ${memberId === null ? '' : 'AND s.member_id = $4'}`,
    memberId === null
      ? [storeId, first, current]
      : [storeId, first, current, memberId],
    { name: `store-detail:${memberId === null ? 'all' : 'member'}` },
  );
  const row = rows[0];
  if (!row) return null;
  const { monthly, materials, recent_shipments, ...store } = row;
  const perMonth = new Map((monthly ?? []).map((m) => [m.month, m.weight_kg]));
  return {
    success: true,
    scope: answeredScope(
      memberId,
      memberId === null ? null : store.member_name,
    ),
    store,
    monthly: months.map((month) => ({
      month: contractMonth(month),
      weight_kg: perMonth.get(contractMonth(month)) ?? 0,
    })),
    materials: everyMaterial(
      new Map((materials ?? []).map((m) => [m.material, m.weight_kg])),
    ),
    recent_shipments: recent_shipments ?? [],
  };
}
