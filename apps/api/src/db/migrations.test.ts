import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../testing/test-databases';
import type { Database } from './database';
import { migrate, migrations } from './migrations';

describe('migrations', () => {
  it('are numbered from 1, in increasing order, each number once (8 is held for the operations work)', () => {
    const versions = migrations.map((step) => step.version);
    expect(versions[0]).toBe(1);
    versions.slice(1).forEach((version, index) => {
      expect(version).toBeGreaterThan(versions[index] as number);
    });
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
      'download_tickets',
      'idempotency_keys',
      'jobs',
      'login_failures',
      'login_known_addresses',
      'mail_outbox',
      'member_month_materials',
      'member_months',
      'member_stores',
      'members',
      'notifications',
      'rollup_state',
      'saved_views',
      'schema_migrations',
      'sessions',
      'shipment_materials',
      'shipments',
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
