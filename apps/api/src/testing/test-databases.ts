/**
 * The databases the server's tests run on: embedded PGlite always, and
 * PostgreSQL when `TEST_DATABASE_URL` names a server (the api `test` target
 * starts a throwaway one with `scripts/with-postgres.sh`). Every `open()`
 * gives the caller a database of its own, so test files run in parallel.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { IN_MEMORY_DATA_DIR } from '../constants';
import type { Database } from '../db/database';
import { migrate } from '../db/migrations';
import { openPgliteDatabase } from '../db/pglite-database';
import { openPostgresDatabase } from '../db/postgres-database';
import { seedDemoData } from '../db/seed';

/** Environment variable naming a PostgreSQL server whose user may CREATE DATABASE. */
export const TEST_DATABASE_URL_VARIABLE = 'TEST_DATABASE_URL';

/** What the global setup prepared once per test run, handed to every test file. */
export interface TestDatabaseTemplates {
  /** PGlite data directories dumped to files: right after initdb, and migrated with the demo seed. */
  pglite: { empty: string; seeded: string } | null;
  /** Name of a PostgreSQL database, migrated and seeded, to copy with CREATE DATABASE … TEMPLATE. */
  postgresSeededTemplate: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiTestDatabaseTemplates: TestDatabaseTemplates;
  }
}

/** What a test database starts with: nothing (migration tests) or the migrated demo data. */
export type TestDatabaseContents = 'empty' | 'seeded';

/** One database engine the tests run on. */
export interface TestDatabaseEngine {
  /** Name shown in test titles. */
  readonly name: 'PGlite' | 'PostgreSQL';
  /** Why the engine's tests are skipped here, or `null` when they run. */
  readonly skipReason: string | null;
  /**
   * Opens a new database used by the caller alone. Closing it also deletes
   * it (PostgreSQL drops the database; PGlite lives in memory).
   */
  open(contents: TestDatabaseContents): Promise<Database>;
}

/** `TEST_DATABASE_URL`, or `undefined` when unset or blank. */
export function testDatabaseUrl(): string | undefined {
  const url = process.env[TEST_DATABASE_URL_VARIABLE]?.trim();
  return url ? url : undefined;
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** A database name no other test file will pick. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(6).toString('hex')}`;
}

/** Runs one statement on the server's maintenance database (CREATE/DROP DATABASE). */
export async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function templates(): TestDatabaseTemplates {
  return (
    inject('apiTestDatabaseTemplates') ?? {
      pglite: null,
      postgresSeededTemplate: null,
    }
  );
}

async function migratedAndSeeded(db: Database): Promise<Database> {
  try {
    await migrate(db);
    await seedDemoData(db);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

const pgliteEngine: TestDatabaseEngine = {
  name: 'PGlite',
  skipReason: null,
  async open(contents) {
    const dumps = templates().pglite;
    if (!dumps) {
      // Without the global setup (e.g. another Vitest config): initdb each time.
      const db = await openPgliteDatabase(IN_MEMORY_DATA_DIR);
      return contents === 'seeded' ? migratedAndSeeded(db) : db;
    }
    const dump = await readFile(dumps[contents]);
    return openPgliteDatabase(IN_MEMORY_DATA_DIR, {
      loadDataDir: new Blob([dump]),
    });
  },
};

const postgresUrl = testDatabaseUrl();

const postgresEngine: TestDatabaseEngine = {
  name: 'PostgreSQL',
  skipReason: postgresUrl
    ? null
    : `${TEST_DATABASE_URL_VARIABLE} is not set; run "npx nx test api" to test against a throwaway PostgreSQL`,
  async open(contents) {
    if (!postgresUrl) {
      throw new Error(`${TEST_DATABASE_URL_VARIABLE} is not set.`);
    }
    const template = templates().postgresSeededTemplate;
    const name = uniqueDatabaseName('api_test');
    const copy = contents === 'seeded' && template !== null;
    await onServer(
      postgresUrl,
      `CREATE DATABASE "${name}" TEMPLATE "${copy ? template : 'template0'}"`,
    );
    let db: Database;
    try {
      db = await openPostgresDatabase({
        connectionString: databaseUrlFor(postgresUrl, name),
        maxConnections: 4,
      });
    } catch (error) {
      await onServer(postgresUrl, `DROP DATABASE IF EXISTS "${name}"`);
      throw error;
    }
    const dropping: Database = {
      ...db,
      async close() {
        await db.close();
        await onServer(
          postgresUrl,
          `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`,
        );
      },
    };
    return contents === 'seeded' && !copy
      ? migratedAndSeeded(dropping)
      : dropping;
  },
};

/** Every engine, PGlite first; PostgreSQL carries a skip reason when no server is configured. */
export const TEST_DATABASES: readonly TestDatabaseEngine[] = [
  pgliteEngine,
  postgresEngine,
];

/**
 * Declares `body` once per database engine as `describe('<title> on
 * <engine>')`. An engine that cannot run here is skipped, with the reason in
 * the title so the reporter shows why.
 */
export function describeOnEachDatabase(
  title: string,
  body: (engine: TestDatabaseEngine) => void,
): void {
  for (const engine of TEST_DATABASES) {
    if (engine.skipReason === null) {
      describe(`${title} on ${engine.name}`, () => body(engine));
    } else {
      describe.skip(`${title} on ${engine.name} (skipped: ${engine.skipReason})`, () =>
        body(engine));
    }
  }
}
