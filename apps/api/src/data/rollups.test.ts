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
