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
  /**
   * A second connection to a database this engine opened, as a second
   * server process would have: its own pool on the same PostgreSQL
   * database, or (PGlite serving one process) the same instance. Closing it
   * leaves the database to its first holder.
   */
  connectAgain(db: Database): Promise<Database>;
}

/** How {@link TestDatabaseEngine.connectAgain} reaches each database an engine opened. */
const reconnectors = new WeakMap<Database, () => Promise<Database>>();

async function connectAgain(db: Database): Promise<Database> {
  const reconnect = reconnectors.get(db);
  if (!reconnect) {
    throw new Error(
      'connectAgain takes a database opened by the same engine (engine.open).',
    );
  }
  return reconnect();
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

/** PGlite serves one process: a second "connection" is the same instance, whose close does nothing. */
function sharedPglite(db: Database): Database {
  const shared: Database = { ...db, close: async () => undefined };
  reconnectors.set(db, async () => shared);
  return db;
}

const pgliteEngine: TestDatabaseEngine = {
  name: 'PGlite',
  skipReason: null,
  async open(contents) {
    const dumps = templates().pglite;
    if (!dumps) {
      // Without the global setup (e.g. another Vitest config): initdb each time.
      const db = await openPgliteDatabase(IN_MEMORY_DATA_DIR);
      return sharedPglite(
        contents === 'seeded' ? await migratedAndSeeded(db) : db,
      );
    }
    const dump = await readFile(dumps[contents]);
    return sharedPglite(
      await openPgliteDatabase(IN_MEMORY_DATA_DIR, {
        loadDataDir: new Blob([dump]),
      }),
    );
  },
  connectAgain,
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
    reconnectors.set(dropping, () =>
      openPostgresDatabase({
        connectionString: databaseUrlFor(postgresUrl, name),
        maxConnections: 4,
      }),
    );
    return contents === 'seeded' && !copy
      ? migratedAndSeeded(dropping)
      : dropping;
  },
  connectAgain,
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

/**
 * Declares `body` once, as `describe('<title> on <engine>')`, on
 * PostgreSQL when a server is configured (the production engine), else on
 * PGlite: for the generated suites that walk the whole contract
 * (docs/decisions/0105), whose rules live in the route layer and the
 * handlers' SQL, the same text on both engines, and whose run time would
 * double on two.
 */
export function describeOnOneDatabase(
  title: string,
  body: (engine: TestDatabaseEngine) => void,
): void {
  const engine =
    postgresEngine.skipReason === null ? postgresEngine : pgliteEngine;
  describe(`${title} on ${engine.name}`, () => body(engine));
}
