import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseUrlFor,
  onServer,
  testDatabaseUrl,
  uniqueDatabaseName,
} from '../testing/test-databases';
import type { Database } from './database';
import { migrate } from './migrations';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

const run = promisify(execFile);
const SCRIPT = join(import.meta.dirname, '../../scripts/db-backup.sh');

/** Runs `db-backup.sh <action> <file>` with the given database settings. */
const backupScript = (
  action: 'backup' | 'restore',
  file: string,
  env: { DATABASE_URL?: string; PGLITE_DATA_DIR?: string },
) =>
  run('bash', [SCRIPT, action, file], {
    env: { ...process.env, DATABASE_URL: '', PGLITE_DATA_DIR: '', ...env },
  });

/** The server's schema, and one row written before the backup and one after. */
async function writeBefore(db: Database) {
  await migrate(db);
  await db.exec(
    "CREATE TABLE backup_marker (note text); INSERT INTO backup_marker VALUES ('before the backup')",
  );
}
const notes = async (db: Database) =>
  (
    await db.query<{ note: string }>(
      'SELECT note FROM backup_marker ORDER BY note',
    )
  ).map((row) => row.note);

describe('db:backup and db:restore', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'db-backup-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('PGlite: restores the data folder as it was backed up, and keeps the replaced one aside', async () => {
    const dataDir = join(folder, 'pglite');
    const file = join(folder, 'pglite.tgz');
    let db = await openPgliteDatabase(dataDir);
    await writeBefore(db);
    await db.close(); // the server is stopped for a PGlite backup

    await backupScript('backup', file, { PGLITE_DATA_DIR: dataDir });

    db = await openPgliteDatabase(dataDir);
    await db.exec("INSERT INTO backup_marker VALUES ('after the backup')");
    await db.close();

    const restored = await backupScript('restore', file, {
      PGLITE_DATA_DIR: dataDir,
    });
    expect(restored.stderr).toMatch(/kept in .*before-restore-/);
    db = await openPgliteDatabase(dataDir);
    try {
      expect(await notes(db)).toEqual(['before the backup']);
      const applied = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM schema_migrations',
      );
      expect(applied[0]?.n).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('refuses a file that is not a backup, and a database in memory, changing nothing', async () => {
    const dataDir = join(folder, 'untouched');
    await expect(
      backupScript('restore', join(folder, 'missing.tgz'), {
        PGLITE_DATA_DIR: dataDir,
      }),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(/does not exist/),
    });
    await expect(
      backupScript('backup', join(folder, 'x.tgz'), {
        PGLITE_DATA_DIR: 'memory://',
      }),
    ).rejects.toMatchObject({ stderr: expect.stringMatching(/in memory/) });
  });

  const serverUrl = testDatabaseUrl() ?? '';
  it.skipIf(!serverUrl)(
    'PostgreSQL: pg_dump while it runs, then pg_restore brings back exactly what was dumped',
    async () => {
      const name = uniqueDatabaseName('backup_test');
      const url = databaseUrlFor(serverUrl, name);
      const file = join(folder, 'postgres.dump');
      await onServer(serverUrl, `CREATE DATABASE "${name}"`);
      const db = await openPostgresDatabase({
        connectionString: url,
        maxConnections: 2,
      });
      try {
        await writeBefore(db);
        await backupScript('backup', file, { DATABASE_URL: url });
        await db.exec("INSERT INTO backup_marker VALUES ('after the backup')");

        await backupScript('restore', file, { DATABASE_URL: url });
        expect(await notes(db)).toEqual(['before the backup']);
      } finally {
        await db.close();
        await onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}"`);
      }
    },
    120_000,
  );
});
