import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { present } from '../testing/present';
import { describeOnEachDatabase } from '../testing/test-databases';
import { addMonths } from './months';
import {
  createStoreStatsKeeper,
  readRollupState,
  rebuildRollups,
} from './rollups';

describeOnEachDatabase('createStoreStatsKeeper', (engine) => {
  let db: Database;
  /** Reads of `rollup_state` made through {@link counted}. */
  let stateReads = 0;
  /** `db`, counting the reads of the rollup state. */
  let counted: Database;

  beforeAll(async () => {
    db = await engine.open('seeded');
    counted = {
      ...db,
      query(sql, params, options) {
        if (sql.includes('FROM rollup_state')) stateReads += 1;
        return db.query(sql, params, options);
      },
    };
  });
  afterAll(() => db?.close());

  const seeded = async () =>
    present(await readRollupState(db), 'the seeded rollup state');
  const anotherWriterChangesTheData = () =>
    db.query(
      'UPDATE rollup_state SET data_version = data_version + 1 RETURNING 1',
    );

  it('rebuilds the rollups of stores of one member in concurrent writes without a conflict, to the same figures', async () => {
    const stores = await db.query<{ id: number }>(
      'SELECT id FROM stores WHERE member_id = 2 ORDER BY id LIMIT 4',
    );
    expect(stores).toHaveLength(4);
    const memberMonths = () =>
      db.query(
        `SELECT month::text, shipments, weight_kg::text FROM member_months
          WHERE member_id = 2 ORDER BY month`,
      );
    const before = await memberMonths();

    await Promise.all(
      stores.map(({ id }) => db.transaction((tx) => rebuildRollups(tx, [id]))),
    );

    expect(await memberMonths()).toEqual(before);
  });

  it("reuses the state it read for maxAgeMs, then reads it again and sees another writer's change", async () => {
    const { statsMonth, dataVersion } = await seeded();
    let now = 0;
    const keeper = createStoreStatsKeeper(counted, {
      maxAgeMs: 1_000,
      now: () => now,
    });
    stateReads = 0;

    expect((await keeper.current(statsMonth)).dataVersion).toBe(dataVersion);
    await anotherWriterChangesTheData();
    now = 999;
    expect((await keeper.current(statsMonth)).dataVersion).toBe(dataVersion);
    expect(stateReads).toBe(1);

    now = 1_000;
    expect((await keeper.current(statsMonth)).dataVersion).toBe(
      dataVersion + 1,
    );
    expect(stateReads).toBe(2);
  });

  it('forgets the state it read when told of a write, and does not keep a read begun before', async () => {
    const { statsMonth, dataVersion } = await seeded();
    const keeper = createStoreStatsKeeper(counted, {
      maxAgeMs: 60_000,
      now: () => 0,
    });
    expect((await keeper.current(statsMonth)).dataVersion).toBe(dataVersion);
    await anotherWriterChangesTheData();
    keeper.forget();
    expect((await keeper.current(statsMonth)).dataVersion).toBe(
      dataVersion + 1,
    );

    // A read under way when a write commits answers its caller but is not kept.
    keeper.forget();
    const before = keeper.current(statsMonth);
    keeper.forget();
    expect((await before).dataVersion).toBe(dataVersion + 1);
    await anotherWriterChangesTheData();
    expect((await keeper.current(statsMonth)).dataVersion).toBe(
      dataVersion + 2,
    );
  });

  it('reads the state once for the callers that ask while it is being read', async () => {
    const { statsMonth } = await seeded();
    const keeper = createStoreStatsKeeper(counted, { now: () => 0 });
    stateReads = 0;

    const states = await Promise.all(
      Array.from({ length: 5 }, () => keeper.current(statsMonth)),
    );

    expect(new Set(states.map((state) => state.dataVersion)).size).toBe(1);
    expect(stateReads).toBe(1);
  });

  it('reads the state on every call with maxAgeMs 0', async () => {
    const { statsMonth, dataVersion } = await seeded();
    const keeper = createStoreStatsKeeper(counted, {
      maxAgeMs: 0,
      now: () => 0,
    });
    await keeper.current(statsMonth);
    await anotherWriterChangesTheData();

    expect((await keeper.current(statsMonth)).dataVersion).toBe(
      dataVersion + 1,
    );
  });

  it('moves the statistics to a new month at once, however recently it read the state', async () => {
    const { statsMonth, dataVersion } = await seeded();
    const keeper = createStoreStatsKeeper(counted, { now: () => 0 });
    await keeper.current(statsMonth);
    const next = addMonths(statsMonth, 1);

    const moved = await keeper.current(next);

    expect(moved.statsMonth).toBe(next);
    expect(moved.dataVersion).toBeGreaterThan(dataVersion);
    expect(await readRollupState(db)).toEqual(moved);
    // Later calls of that month reuse it.
    stateReads = 0;
    expect(await keeper.current(next)).toEqual(moved);
    expect(stateReads).toBe(0);
  });
});

/**
 * The channel rollups (docs/decisions/0108) counted straight from the
 * shipments, receipts and G2 rows: a shipment under its own channel and
 * its store's member (a mail-back one, without a store, its own member), a
 * G2 row under its store's channel.
 */
const MEMBER_CHANNEL_MONTHS_FROM_SOURCES = `
  SELECT member_id, month::text, channel, sum(shipments)::int AS shipments,
         sum(units)::bigint::text AS units, sum(weight_kg)::numeric(16, 3)::text AS weight_kg,
         sum(in_transit)::int AS in_transit
    FROM (SELECT coalesce(s.member_id, sh.member_id) AS member_id,
                 date_trunc('month', sh.shipped_at AT TIME ZONE 'UTC')::date AS month, sh.channel,
                 1 AS shipments, sh.units, 0 AS weight_kg,
                 CASE WHEN sh.status = 'in_transit' THEN 1 ELSE 0 END AS in_transit
            FROM shipments sh LEFT JOIN stores s ON s.id = sh.store_id
          UNION ALL
          SELECT coalesce(s.member_id, sh.member_id),
                 date_trunc('month', sh.received_at AT TIME ZONE 'UTC')::date, sh.channel,
                 0, 0, r.net_kg, 0
            FROM receipts r JOIN shipments sh ON sh.id = r.shipment_id
            LEFT JOIN stores s ON s.id = sh.store_id
          UNION ALL
          SELECT s.member_id, date_trunc('month', g.day)::date, s.channel, 0, 0, g.weight_kg, 0
            FROM g2_collections g JOIN stores s ON s.id = g.store_id) x
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3`;

const MEMBER_CHANNEL_MONTHS = `
  SELECT member_id, month::text, channel, shipments, units::text,
         weight_kg::text, in_transit
    FROM member_month_channels ORDER BY 1, 2, 3`;

describeOnEachDatabase('the channel rollups', (engine) => {
  let db: Database;
  /** An in-store store of member 2 given G2 rows, and the G2 weight. */
  let store: { id: number; g2Kg: string };

  beforeAll(async () => {
    db = await engine.open('seeded');
    // The seed has neither a received mail-back box nor G2 rows: add one
    // of each, as the mail-back and G2 writes do, with their rebuild.
    const [found] = await db.query<{ id: number }>(
      `SELECT s.id FROM stores s
        WHERE s.member_id = 2 AND s.channel = 'in-store'
          AND EXISTS (SELECT 1 FROM shipments sh WHERE sh.store_id = s.id)
        ORDER BY s.id LIMIT 1`,
    );
    const { id } = present(
      found,
      'an in-store store of member 2 with shipments',
    );
    await db.transaction(async (tx) => {
      const [box] = await tx.query<{ id: number }>(
        `INSERT INTO shipments (store_id, member_id, channel, tracking_number, shipped_at,
                                received_at, status, units)
         VALUES (NULL, 2, 'mail-back', 'ROLLUP-TEST-1', '2026-05-03T10:00:00Z',
                 '2026-06-02T10:00:00Z', 'received', 3)
         RETURNING id`,
      );
      await tx.query(
        `INSERT INTO receipts (shipment_id, gross_kg, tare_kg, net_kg, scale_id, received_by)
         VALUES ($1, 2.5, 0.5, 2, 'test', 'Test')`,
        [present(box, 'the mail-back box').id],
      );
      const [upload] = await tx.query<{ id: number }>(
        `INSERT INTO g2_uploads (tenant, file_name, content_hash, format, bytes, period_start, period_end)
         VALUES ('pact', 'rollups.csv', 'rollups-test', 'csv', 1, '2026-05-01', '2026-05-31')
         RETURNING id`,
      );
      await tx.query(
        `INSERT INTO g2_collections (upload_id, row, store_id, day, material, weight_kg)
         VALUES ($1, 1, $2, '2026-05-10', 'pp5', 4.25), ($1, 2, $2, '2026-04-30', 'glass', 1.5)`,
        [present(upload, 'the upload').id, id],
      );
      await rebuildRollups(tx, [id], [2]);
    });
    store = { id, g2Kg: '5.750' };
  });
  afterAll(() => db?.close());

  it('hold what the shipments, receipts and G2 rows count per member, month and channel, and the month rollups are their sums', async () => {
    const counted = await db.query<{ channel: string }>(
      MEMBER_CHANNEL_MONTHS_FROM_SOURCES,
    );
    expect(new Set(counted.map((row) => row.channel))).toEqual(
      new Set(['in-store', 'kiosk', 'mail-back']),
    );
    expect(await db.query(MEMBER_CHANNEL_MONTHS)).toEqual(counted);

    const unequal = (rollup: string, channels: string, key: string) =>
      db.query(
        `SELECT ${key}, month FROM ${rollup} m
          FULL JOIN (SELECT ${key}, month, sum(shipments) AS shipments, sum(units) AS units,
                            sum(weight_kg) AS weight_kg, sum(in_transit) AS in_transit
                       FROM ${channels} GROUP BY 1, 2) c USING (${key}, month)
         WHERE (m.shipments, m.units, m.weight_kg, m.in_transit)
               IS DISTINCT FROM (c.shipments, c.units, c.weight_kg, c.in_transit)`,
      );
    expect(
      await unequal('member_months', 'member_month_channels', 'member_id'),
    ).toEqual([]);
    expect(
      await unequal('store_months', 'store_month_channels', 'store_id'),
    ).toEqual([]);
    // Per member, region and city: the sums of its stores' channel months.
    expect(
      await db.query(
        `SELECT * FROM member_city_month_channels m
          FULL JOIN (SELECT s.member_id, s.region, s.city, c.month, c.channel,
                            sum(c.weight_kg) AS weight_kg
                       FROM store_month_channels c JOIN stores s ON s.id = c.store_id
                      GROUP BY 1, 2, 3, 4, 5) c
            USING (member_id, region, city, month, channel)
         WHERE m.weight_kg IS DISTINCT FROM c.weight_kg`,
      ),
    ).toEqual([]);
  });

  it("keep a store's shipments under the channel they were sent under and move its G2 weight when the store changes channel", async () => {
    const { id, g2Kg } = store;
    const kioskOf = () =>
      db.query<{ shipments: number; weight_kg: string }>(
        `SELECT coalesce(sum(shipments), 0)::int AS shipments,
                coalesce(sum(weight_kg), 0)::text AS weight_kg
           FROM store_month_channels WHERE store_id = $1 AND channel = 'kiosk'`,
        [id],
      );
    expect(await kioskOf()).toEqual([{ shipments: 0, weight_kg: '0' }]);

    await db.transaction(async (tx) => {
      await tx.query("UPDATE stores SET channel = 'kiosk' WHERE id = $1", [id]);
      await rebuildRollups(tx, [id]);
    });

    expect(await kioskOf()).toEqual([{ shipments: 0, weight_kg: g2Kg }]);
    expect(await db.query(MEMBER_CHANNEL_MONTHS)).toEqual(
      await db.query(MEMBER_CHANNEL_MONTHS_FROM_SOURCES),
    );
  });
});
