import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../testing/test-databases';
import type { Database } from './database';
import { migrate, migrations } from './migrations';

describe('migrations', () => {
  it('are numbered from 1 upwards, each once, in order', () => {
    const versions = migrations.map((step) => step.version);
    expect(versions[0]).toBe(1);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
  });
});

describeOnEachDatabase('migrate', (engine) => {
  let db: Database;

  beforeAll(async () => {
    db = await engine.open('empty');
  });
  afterAll(() => db?.close());

  const tables = async () =>
    (
      await db.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
      )
    ).map((row) => row.table_name);

  it('creates the schema and records each migration once', async () => {
    const applied = await migrate(db);

    expect(applied).toEqual(migrations.map((step) => step.version));
    expect(await tables()).toEqual([
      'api_keys',
      'audit_events',
      'demo_seed',
      'download_tickets',
      'eol_lots',
      'g2_collections',
      'g2_row_issues',
      'g2_rows',
      'g2_store_mappings',
      'g2_uploads',
      'idempotency_keys',
      'ingestion_feeds',
      'ingestion_log',
      'instruction_pages',
      'jobs',
      'login_failures',
      'login_known_addresses',
      'lot_sources',
      'mail_outbox',
      'mailback_attempts',
      'mailback_form_versions',
      'mailback_forms',
      'mailback_submissions',
      'member_city_month_channels',
      'member_month_channels',
      'member_month_materials',
      'member_months',
      'member_stores',
      'members',
      'notifications',
      'performance_targets',
      'processors',
      'receipts',
      'report_files',
      'rollup_state',
      'saved_views',
      'schema_migrations',
      'sessions',
      'shipment_events',
      'shipment_materials',
      'shipments',
      'store_month_channels',
      'store_month_materials',
      'store_months',
      'store_stats',
      'stores',
      'user_tokens',
      'users',
    ]);
    const recorded = await db.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations ORDER BY version',
    );
    expect(recorded).toEqual(
      migrations.map(({ version, name }) => ({ version, name })),
    );
  });

  it('does nothing when run again', async () => {
    const applied = await migrate(db);

    expect(applied).toEqual([]);
    const [count] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM schema_migrations',
    );
    expect(count?.n).toBe(migrations.length);
  });

  it('rolls a failing migration back completely', async () => {
    const broken = {
      version: Math.max(...migrations.map((step) => step.version)) + 1,
      name: 'broken',
      sql: 'CREATE TABLE half_done (id integer); SELECT * FROM no_such_table;',
    };

    await expect(migrate(db, [...migrations, broken])).rejects.toThrow(
      /no_such_table/,
    );

    expect(await tables()).not.toContain('half_done');
    const versions = await db.query<{ version: number }>(
      'SELECT version FROM schema_migrations',
    );
    expect(versions.map((row) => row.version)).not.toContain(broken.version);
  });

  it('refuses a database migrated by a newer server', async () => {
    await db.query(
      "INSERT INTO schema_migrations (version, name) VALUES (999, 'from-the-future')",
    );
    try {
      await expect(migrate(db)).rejects.toThrow(/999.*does not know/);
    } finally {
      await db.query('DELETE FROM schema_migrations WHERE version = 999');
    }
  });

  it('stores emails only in lower case', async () => {
    await expect(
      db.query(
        "INSERT INTO users (email, name, role, password_hash) VALUES ('Mixed@Case.test', 'M', 'admin', 'x')",
      ),
    ).rejects.toThrow(/check constraint/);
  });
});

describeOnEachDatabase('migration 8 on a database of version 7', (engine) => {
  let db: Database;

  beforeAll(async () => {
    db = await engine.open('empty');
    await migrate(
      db,
      migrations.filter((step) => step.version <= 7),
    );
    await db.exec(`
      INSERT INTO members (id, name) VALUES (2, 'Kiehl''s');
      INSERT INTO stores (id, member_id, name, city, region, channel, opened_at)
      VALUES (1, 2, 'Kiehl''s Downtown', 'Portland', 'West', 'kiosk', '2025-01-01');
      INSERT INTO shipments (id, store_id, shipped_at, received_at, status, units, weight_kg) VALUES
        (1, 1, '2026-01-02', NULL, 'in_transit', 10, NULL),
        (2, 1, '2026-01-03', '2026-01-05', 'received', 20, 3.5),
        (3, 1, '2026-01-04', '2026-01-06', 'processed', 30, 5);
      INSERT INTO shipment_materials (shipment_id, material, weight_kg, outcome) VALUES
        (2, 'pp5', 3.5, NULL),
        (3, 'pp5', 2, 'recycled'), (3, 'glass', 3, 'landfill');
    `);
    await migrate(db);
  });
  afterAll(() => db?.close());

  it('turns weighed shipments into sorted ones with a receipt of the same net weight', async () => {
    const rows = await db.query<{
      id: number;
      status: string;
      member_id: number;
      channel: string;
      net_kg: string | null;
      sorted_kg: string | null;
      events: string[];
    }>(
      `SELECT sh.id, sh.status, sh.member_id, sh.channel, r.net_kg::text, r.sorted_kg::text,
              (SELECT array_agg(e.kind ORDER BY e.at, e.id) FROM shipment_events e
                WHERE e.shipment_id = sh.id) AS events
         FROM shipments sh LEFT JOIN receipts r ON r.shipment_id = sh.id ORDER BY sh.id`,
    );

    expect(rows).toEqual([
      expect.objectContaining({
        id: 1,
        status: 'in_transit',
        member_id: 2,
        channel: 'kiosk',
        net_kg: null,
        events: ['label_created', 'in_transit'],
      }),
      expect.objectContaining({
        id: 2,
        status: 'sorted',
        net_kg: '3.500',
        sorted_kg: '3.500',
      }),
      expect.objectContaining({
        id: 3,
        status: 'sorted',
        net_kg: '5.000',
        sorted_kg: '5.000',
        events: [
          'label_created',
          'in_transit',
          'delivered',
          'received',
          'sorted',
        ],
      }),
    ]);
  });

  it('turns the old outcomes into confirmed lots that drew from their lines, and keeps the rest on hand', async () => {
    const lots = await db.query<{
      material: string;
      outcome: string;
      weight_kg: string;
      sources: number;
    }>(
      `SELECT l.material, l.outcome, l.weight_kg::text,
              (SELECT count(*)::int FROM lot_sources s WHERE s.lot_id = l.id) AS sources
         FROM eol_lots l ORDER BY l.material`,
    );
    const onHand = await db.query<{ shipment_id: number; material: string }>(
      'SELECT shipment_id, material FROM shipment_materials WHERE in_lots_kg < weight_kg',
    );

    expect(lots).toEqual([
      {
        material: 'glass',
        outcome: 'landfill',
        weight_kg: '3.000',
        sources: 1,
      },
      { material: 'pp5', outcome: 'recycled', weight_kg: '2.000', sources: 1 },
    ]);
    expect(onHand).toEqual([{ shipment_id: 2, material: 'pp5' }]);
  });
});

describeOnEachDatabase('migrate, on a database with data', (engine) => {
  let db: Database;

  beforeAll(async () => {
    db = await engine.open('seeded');
  });
  afterAll(() => db?.close());

  it('rebuilds the rollups when a step adds one, so an upgraded database shows its figures at once', async () => {
    const channelRollups = () =>
      db.query(
        `SELECT member_id, month::text, channel, shipments, weight_kg::text
           FROM member_month_channels ORDER BY 1, 2, 3`,
      );
    const before = await channelRollups();
    expect(before.length).toBeGreaterThan(0);
    // The database as a server of migration 21 left it.
    await db.exec(`
      DROP TABLE member_month_channels, member_city_month_channels, store_month_channels;
      DELETE FROM schema_migrations WHERE version = 22;
    `);

    expect(await migrate(db)).toEqual([22]);

    expect(await channelRollups()).toEqual(before);
  });
});
