/**
 * The rollups the data endpoints read instead of the shipments
 * (docs/decisions/0031, 0108): per store, month and channel, per store and
 * month, per store, month and material, the same per member (and per
 * member, city, month and channel), and each store's last 12 months. The
 * shipments stay the source of truth; whatever writes shipments (the seed
 * today, an ingest later) calls {@link rebuildRollups} for the stores it
 * touched, in the same transaction.
 */
import type { Database, SqlRunner } from '../db/database';
import { DATA_VERSION_MAX_AGE_MS } from '../constants';
import { addMonths, WINDOW_MONTHS, type MonthStart } from './months';

/**
 * Key of the advisory lock held while the rollups are rebuilt or the store
 * statistics move to a new month.
 */
export const ROLLUP_LOCK_KEY = 0x726f6c6c; // "roll"

/** `shipped_at` as the month it counts in (UTC). */
const SHIPPED_MONTH = `date_trunc('month', sh.shipped_at AT TIME ZONE 'UTC')::date`;

/** `received_at` as the month its collected weight counts in (UTC). */
const RECEIVED_MONTH = `date_trunc('month', sh.received_at AT TIME ZONE 'UTC')::date`;

/**
 * Committed G2 rows (decisions D17; docs/decisions/0099): collected weight
 * per store and day reported by a retail partner, counted in the month of
 * its day like a receipt, under its store's channel; no shipments, no
 * units. `$WHERE` is the stores' filter. The material rows merge with the
 * warehouse's below (the member rollup sums by store, month and material).
 */
const G2_COLLECTED = `SELECT g.store_id, date_trunc('month', g.day)::date, s.channel, 0, 0,
                    sum(g.weight_kg), 0, NULL
               FROM g2_collections g JOIN stores s ON s.id = g.store_id $WHERE
              GROUP BY 1, 2, 3`;
const G2_MATERIALS = `SELECT g.store_id, date_trunc('month', g.day)::date, g.material,
            sum(g.weight_kg), 0, 0
       FROM g2_collections g $WHERE
      GROUP BY 1, 2, 3`;

/**
 * A shipment's sorted lines per material, grouped by `group` (a column of
 * `sh`) and the month of its receipt, with what confirmed lots drew from
 * them (processed) and of that what was recycled or downcycled; `where`
 * filters the shipments `sh` (and `s2`, the shipments of the lots' sources).
 */
function materialRows(group: string, where: string, sourceJoin: string) {
  return `SELECT ${group}, ${RECEIVED_MONTH} AS month, m.material, sum(m.weight_kg) AS weight_kg,
            coalesce(sum(c.confirmed_kg), 0) AS processed_kg, coalesce(sum(c.recycled_kg), 0) AS recycled_kg
       FROM shipment_materials m JOIN shipments sh ON sh.id = m.shipment_id
       LEFT JOIN (SELECT ls.shipment_id, ls.material, sum(ls.weight_kg) AS confirmed_kg,
                         sum(ls.weight_kg) FILTER (WHERE l.outcome IN ('recycled', 'downcycled'))
                           AS recycled_kg
                    FROM lot_sources ls
                    JOIN eol_lots l ON l.id = ls.lot_id AND l.status = 'confirmed'
                    ${sourceJoin}
                   GROUP BY 1, 2) c
         ON c.shipment_id = m.shipment_id AND c.material = m.material
       ${where}
      GROUP BY 1, 2, 3`;
}

/**
 * The INSERT of the material rollup `table` keyed by `key` (`store_id`,
 * `member_id`): per key, month and material, the sums of `rows` (key,
 * month, material, weight_kg, processed_kg, recycled_kg).
 */
function insertMaterialSums(table: string, key: string, rows: string) {
  return `INSERT INTO ${table}
       (${key}, month, material, weight_kg, processed_kg, recycled_kg)
     SELECT ${key}, month, material, sum(weight_kg), sum(processed_kg), sum(recycled_kg)
       FROM (${rows}) x
      GROUP BY 1, 2, 3`;
}

/**
 * Recomputes every rollup of `storeIds` (all stores when absent) from the
 * shipments, then the member rollups and store counts of their members and
 * of `memberIds`, and their last-12-months statistics. A mail-back shipment
 * has no store (decisions D14): it counts in its member's rollups only, so
 * a write to one names its member in `memberIds`. Run it inside the
 * transaction that changed the shipments, so no reader sees the two
 * disagree.
 */
export async function rebuildRollups(
  tx: SqlRunner,
  storeIds?: readonly number[],
  memberIds: readonly number[] = [],
): Promise<void> {
  // One rebuild at a time: two writes rebuilding stores of one member would
  // each delete and insert its member rows, and the second insert meets the
  // first's rows (a duplicate key) or their locks (a deadlock) on
  // PostgreSQL (bench:soak, issue 25). Held until the write commits.
  await tx.query('SELECT pg_advisory_xact_lock($1)', [ROLLUP_LOCK_KEY]);
  const all = storeIds === undefined;
  const stores = all ? [] : [[...storeIds]];
  // Every store's shipments (never a mail-back one without a store), or those of `storeIds`.
  const onStores = (column: string) =>
    all ? `WHERE ${column} IS NOT NULL` : `WHERE ${column} = ANY($1::int[])`;

  for (const rollup of [
    'store_month_channels',
    'store_months',
    'store_month_materials',
  ]) {
    await tx.query(`DELETE FROM ${rollup} ${onStores('store_id')}`, stores);
  }
  // Shipments, units and those in transit count in the month a shipment
  // was sent; collected weight (net received, D14) in the month of its
  // receipt, and so do its sorted lines and what their lots became. Per
  // channel first, and the store's months are their sums.
  await tx.query(
    `INSERT INTO store_month_channels
       (store_id, month, channel, shipments, units, weight_kg, in_transit, last_shipped_at)
     SELECT store_id, month, channel, sum(shipments), sum(units), sum(weight_kg),
            sum(in_transit), max(last_shipped_at)
       FROM (SELECT sh.store_id, ${SHIPPED_MONTH} AS month, sh.channel, count(*) AS shipments,
                    sum(sh.units) AS units, 0 AS weight_kg,
                    count(*) FILTER (WHERE sh.status = 'in_transit') AS in_transit,
                    max(sh.shipped_at) AS last_shipped_at
               FROM shipments sh ${onStores('sh.store_id')}
              GROUP BY 1, 2, 3
             UNION ALL
             SELECT sh.store_id, ${RECEIVED_MONTH}, sh.channel, 0, 0, sum(r.net_kg), 0, NULL
               FROM receipts r JOIN shipments sh ON sh.id = r.shipment_id
               ${onStores('sh.store_id')}
              GROUP BY 1, 2, 3
             UNION ALL
             ${G2_COLLECTED.replace('$WHERE', onStores('g.store_id'))}) x
      GROUP BY 1, 2, 3`,
    stores,
  );
  await tx.query(
    `INSERT INTO store_months
       (store_id, month, shipments, units, weight_kg, in_transit, last_shipped_at)
     SELECT store_id, month, sum(shipments), sum(units), sum(weight_kg),
            sum(in_transit), max(last_shipped_at)
       FROM store_month_channels ${onStores('store_id')}
      GROUP BY 1, 2`,
    stores,
  );
  // processed_kg: weight with a confirmed outcome; recycled_kg: of it,
  // recycled or downcycled (D14's recycling rate), as drawn by the lots.
  await tx.query(
    insertMaterialSums(
      'store_month_materials',
      'store_id',
      `${materialRows(
        'sh.store_id',
        onStores('sh.store_id'),
        all
          ? ''
          : 'JOIN shipments s2 ON s2.id = ls.shipment_id AND s2.store_id = ANY($1::int[])',
      )}
     UNION ALL
     ${G2_MATERIALS.replace('$WHERE', onStores('g.store_id'))}`,
    ),
    stores,
  );

  const members = all
    ? []
    : [
        [
          ...new Set([
            ...(
              await tx.query<{ member_id: number }>(
                'SELECT DISTINCT member_id FROM stores WHERE id = ANY($1::int[])',
                stores,
              )
            ).map((row) => row.member_id),
            ...memberIds,
          ]),
        ],
      ];
  const onMembers = all ? '' : 'WHERE s.member_id = ANY($1::int[])';
  // The member rollups' own rows of the members rebuilt.
  const ofMembers = all ? '' : 'WHERE member_id = ANY($1::int[])';
  // The mail-back shipments (no store) of the members rebuilt.
  const storeless = `WHERE sh.store_id IS NULL${all ? '' : ' AND sh.member_id = ANY($1::int[])'}`;
  for (const rollup of [
    'member_month_channels',
    'member_city_month_channels',
    'member_months',
    'member_month_materials',
    'member_stores',
  ]) {
    await tx.query(`DELETE FROM ${rollup} ${ofMembers}`, members);
  }
  await tx.query(
    `INSERT INTO member_stores (member_id, stores, active_stores)
     SELECT s.member_id, count(*), count(*) FILTER (WHERE s.active)
       FROM stores s ${onMembers}
      GROUP BY 1`,
    members,
  );
  await tx.query(
    `INSERT INTO member_month_channels
       (member_id, month, channel, shipments, units, weight_kg, in_transit)
     SELECT member_id, month, channel, sum(shipments), sum(units), sum(weight_kg), sum(in_transit)
       FROM (SELECT s.member_id, c.month, c.channel, c.shipments, c.units, c.weight_kg, c.in_transit
               FROM store_month_channels c JOIN stores s ON s.id = c.store_id ${onMembers}
             UNION ALL
             SELECT sh.member_id, ${SHIPPED_MONTH}, sh.channel, count(*), sum(sh.units), 0,
                    count(*) FILTER (WHERE sh.status = 'in_transit')
               FROM shipments sh ${storeless}
              GROUP BY 1, 2, 3
             UNION ALL
             SELECT sh.member_id, ${RECEIVED_MONTH}, sh.channel, 0, 0, sum(r.net_kg), 0
               FROM receipts r JOIN shipments sh ON sh.id = r.shipment_id ${storeless}
              GROUP BY 1, 2, 3) x
      GROUP BY 1, 2, 3`,
    members,
  );
  await tx.query(
    `INSERT INTO member_city_month_channels (member_id, region, city, month, channel, weight_kg)
     SELECT s.member_id, s.region, s.city, c.month, c.channel, sum(c.weight_kg)
       FROM store_month_channels c JOIN stores s ON s.id = c.store_id ${onMembers}
      GROUP BY 1, 2, 3, 4, 5`,
    members,
  );
  await tx.query(
    `INSERT INTO member_months (member_id, month, shipments, units, weight_kg, in_transit)
     SELECT member_id, month, sum(shipments), sum(units), sum(weight_kg), sum(in_transit)
       FROM member_month_channels ${ofMembers}
      GROUP BY 1, 2`,
    members,
  );
  await tx.query(
    insertMaterialSums(
      'member_month_materials',
      'member_id',
      `SELECT s.member_id, smm.month, smm.material, smm.weight_kg,
              smm.processed_kg, smm.recycled_kg
         FROM store_month_materials smm JOIN stores s ON s.id = smm.store_id ${onMembers}
       UNION ALL
       ${materialRows(
         'sh.member_id',
         storeless,
         'JOIN shipments s2 ON s2.id = ls.shipment_id AND s2.store_id IS NULL',
       )}`,
    ),
    members,
  );

  const state = await readRollupState(tx);
  if (state) {
    await refreshStoreStats(tx, state.statsMonth, storeIds);
  }
}

/**
 * Computes each store's weight and shipments of the {@link WINDOW_MONTHS}
 * months ending with `month`, and its last shipment, into `store_stats`
 * (for `storeIds`, or every store), and records `month` as the month the
 * statistics are for.
 */
export async function refreshStoreStats(
  tx: SqlRunner,
  month: MonthStart,
  storeIds?: readonly number[],
): Promise<void> {
  const first = addMonths(month, 1 - WINDOW_MONTHS);
  const params: unknown[] = [first, month];
  if (storeIds !== undefined) params.push([...storeIds]);
  await tx.query(
    `INSERT INTO store_stats (store_id, member_id, weight_kg_12m, shipments_12m, last_shipment_at)
     SELECT s.id, s.member_id,
            coalesce(sum(sm.weight_kg) FILTER (WHERE sm.month BETWEEN $1::date AND $2::date), 0),
            coalesce(sum(sm.shipments) FILTER (WHERE sm.month BETWEEN $1::date AND $2::date), 0),
            max(sm.last_shipped_at)
       FROM stores s LEFT JOIN store_months sm ON sm.store_id = s.id
      ${storeIds === undefined ? '' : 'WHERE s.id = ANY($3::int[])'}
      GROUP BY s.id, s.member_id
     ON CONFLICT (store_id) DO UPDATE SET
       member_id = EXCLUDED.member_id,
       weight_kg_12m = EXCLUDED.weight_kg_12m,
       shipments_12m = EXCLUDED.shipments_12m,
       last_shipment_at = EXCLUDED.last_shipment_at`,
    params,
  );
  await tx.query(
    `INSERT INTO rollup_state (stats_month) VALUES ($1::date)
     ON CONFLICT (singleton) DO UPDATE SET
       stats_month = EXCLUDED.stats_month,
       data_version = rollup_state.data_version + 1`,
    [month],
  );
}

/** Which month the store statistics are for, and the version of the rollups. */
export interface RollupState {
  statsMonth: MonthStart;
  /** Counted up by every change of the rollups. */
  dataVersion: number;
}

/** The one row of `rollup_state`, or `null` before anything was seeded. */
export async function readRollupState(
  db: SqlRunner,
): Promise<RollupState | null> {
  const [row] = await db.query<{ stats_month: string; data_version: string }>(
    `SELECT to_char(stats_month, 'YYYY-MM-DD') AS stats_month, data_version::text
       FROM rollup_state`,
    [],
    { name: 'rollup-state' },
  );
  return row
    ? {
        statsMonth: row.stats_month as MonthStart,
        dataVersion: Number(row.data_version),
      }
    : null;
}

/** Keeps `store_stats` on the current month as the calendar moves on. */
export interface StoreStatsKeeper {
  /**
   * The rollup state once the store statistics cover the 12 months ending
   * with `month`. The state last read is reused for `maxAgeMs` (no query
   * at all); after that one small query reads it again, shared by the
   * requests that ask meanwhile. The first call of a new month moves the
   * statistics on, once, under an advisory lock, while concurrent callers
   * of this process wait for it. Statistics never move back: an instance
   * whose clock lags behind another's keeps the newer month. A database
   * without rollup state gets one.
   */
  current(month: MonthStart): Promise<RollupState>;
  /**
   * Forgets the state read last, after this process committed a write:
   * the next call reads it again (a read begun before is not kept), so a
   * write is seen by this process's next request at once; other processes
   * see it within `maxAgeMs`.
   */
  forget(): void;
}

/** Options of {@link createStoreStatsKeeper}. */
export interface StoreStatsKeeperOptions {
  /**
   * How long the rollup state read last is reused before it is read again
   * (docs/decisions/0032): how late this process may notice a change of
   * the rollups made by another process. 0 reads it on every call.
   */
  maxAgeMs?: number;
  /** A monotonic clock in milliseconds; `performance.now` by default. */
  now?: () => number;
}

/** A {@link StoreStatsKeeper} for one database. */
export function createStoreStatsKeeper(
  db: Database,
  {
    maxAgeMs = DATA_VERSION_MAX_AGE_MS,
    now = () => performance.now(),
  }: StoreStatsKeeperOptions = {},
): StoreStatsKeeper {
  const moving = new Map<MonthStart, Promise<RollupState>>();
  let known: { state: RollupState; readAt: number } | undefined;
  let reading: Promise<RollupState | null> | undefined;
  /** Counts {@link StoreStatsKeeper.forget} calls: a read begun before one is not kept. */
  let generation = 0;

  /** Reads the state once for every caller waiting meanwhile, and keeps it. */
  function read(): Promise<RollupState | null> {
    if (!reading) {
      const readAt = now();
      const begun = generation;
      const thisRead: Promise<RollupState | null> = readRollupState(db)
        .then((state) => {
          if (state && begun === generation) known = { state, readAt };
          return state;
        })
        .finally(() => {
          if (reading === thisRead) reading = undefined;
        });
      reading = thisRead;
    }
    return reading;
  }

  async function moveOn(month: MonthStart): Promise<RollupState> {
    const moved = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [ROLLUP_LOCK_KEY]);
      const state = await readRollupState(tx);
      if (state && state.statsMonth >= month) return state;
      await refreshStoreStats(tx, month);
      const after = await readRollupState(tx);
      if (!after)
        throw new Error('rollup_state is empty right after writing it');
      return after;
    });
    known = { state: moved, readAt: now() };
    return moved;
  }

  return {
    async current(month) {
      const fresh =
        known !== undefined &&
        maxAgeMs > 0 &&
        now() - known.readAt < maxAgeMs &&
        known.state.statsMonth >= month;
      const state = fresh ? known?.state : await read();
      if (state && state.statsMonth >= month) return state;
      let move = moving.get(month);
      if (!move) {
        move = moveOn(month).finally(() => moving.delete(month));
        moving.set(month, move);
      }
      return move;
    },
    forget() {
      generation += 1;
      known = undefined;
      reading = undefined;
    },
  };
}
