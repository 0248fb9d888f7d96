/**
 * Vitest global setup of the api project, run once per test run before any
 * test file: prepares the template databases that `test-databases.ts` copies
 * for each file (initdb of PGlite takes several seconds; loading a dump of
 * it, about one), and says so plainly when PostgreSQL is skipped.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { IN_MEMORY_DATA_DIR } from '../constants';
import { migrate } from '../db/migrations';
import { openPgliteDatabase } from '../db/pglite-database';
import { openPostgresDatabase } from '../db/postgres-database';
import { seedDemoData } from '../db/seed';
import {
  databaseUrlFor,
  onServer,
  TEST_DATABASE_URL_VARIABLE,
  testDatabaseUrl,
  uniqueDatabaseName,
  type TestDatabaseTemplates,
} from './test-databases';

async function pgliteTemplates(dir: string) {
  const db = await openPgliteDatabase(IN_MEMORY_DATA_DIR);
  try {
    const empty = join(dir, 'pglite-empty.tar');
    await writeFile(empty, Buffer.from(await (await db.dump()).arrayBuffer()));
    await migrate(db);
    await seedDemoData(db);
    const seeded = join(dir, 'pglite-seeded.tar');
    await writeFile(seeded, Buffer.from(await (await db.dump()).arrayBuffer()));
    return { empty, seeded };
  } finally {
    await db.close();
  }
}

async function postgresTemplate(
  serverUrl: string,
  onCreated: (name: string) => void,
): Promise<string> {
  const name = uniqueDatabaseName('api_template');
  try {
    await onServer(serverUrl, `CREATE DATABASE "${name}" TEMPLATE template0`);
    onCreated(name);
  } catch (error) {
    throw new Error(
      `Cannot create a database on ${TEST_DATABASE_URL_VARIABLE} (${new URL(serverUrl).host}): ${(error as Error).message}. Its user needs the CREATEDB privilege.`,
      { cause: error },
    );
  }
  const db = await openPostgresDatabase({
    connectionString: databaseUrlFor(serverUrl, name),
    maxConnections: 1,
  });
  try {
    await migrate(db);
    await seedDemoData(db);
  } finally {
    await db.close();
  }
  return name;
}

/** Prepares the templates and provides their locations; the returned function removes them. */
export default async function setup(
  project: TestProject,
): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'collective-api-test-'));
  const serverUrl = testDatabaseUrl();
  let postgresSeededTemplate: string | null = null;
  const cleanUp = async () => {
    if (serverUrl && postgresSeededTemplate) {
      await onServer(
        serverUrl,
        `DROP DATABASE IF EXISTS "${postgresSeededTemplate}" WITH (FORCE)`,
      ).catch(() => undefined);
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const [pglite] = await Promise.all([
      pgliteTemplates(dir),
      serverUrl
        ? postgresTemplate(serverUrl, (name) => {
            postgresSeededTemplate = name;
          })
        : Promise.resolve(null),
    ]);
    const templates: TestDatabaseTemplates = { pglite, postgresSeededTemplate };
    project.provide('apiTestDatabaseTemplates', templates);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  if (!serverUrl) {
    console.warn(
      `\n[api tests] ${TEST_DATABASE_URL_VARIABLE} is not set: the PostgreSQL cases are SKIPPED and only PGlite is tested.\n` +
        '[api tests] Run "npx nx test api" to test against a throwaway PostgreSQL too.\n',
    );
  } else {
    console.info(
      `[api tests] PostgreSQL: ${new URL(serverUrl).host} (template ${postgresSeededTemplate}); PGlite: in memory.`,
    );
  }
  return cleanUp;
}
