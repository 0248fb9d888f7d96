import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { IN_MEMORY_DATA_DIR } from '../constants';
import type { Database } from '../db/database';
import { migrate } from '../db/migrations';
import { openPgliteDatabase } from '../db/pglite-database';
import { DEMO_PASSWORD, seedDemoData } from '../db/seed';
import { buildServer } from '../server';

/** A migrated, seeded in-memory database. */
export async function openSeededTestDatabase(): Promise<Database> {
  const db = await openPgliteDatabase(IN_MEMORY_DATA_DIR);
  await migrate(db);
  await seedDemoData(db);
  return db;
}

/** The server under test, its database and shortcuts for common calls. */
export interface TestServer {
  app: FastifyInstance;
  db: Database;
  /** Logs in (with the demo password unless given) and returns the token; throws unless it succeeds. */
  login(email: string, password?: string): Promise<string>;
  /** GET with an optional bearer token. */
  get(url: string, token?: string): Promise<LightMyRequestResponse>;
  /** Closes server and database. */
  close(): Promise<void>;
}

/**
 * Starts the reference server for a test file on a fresh in-memory PGlite
 * with the demo seed. Seeding hashes seven passwords, so create it once per
 * file in `beforeAll`.
 */
export async function startTestServer(): Promise<TestServer> {
  const db = await openSeededTestDatabase();
  const app = buildServer({ db, logger: false });
  await app.ready();
  const bearer = (token?: string) =>
    token ? { authorization: `Bearer ${token}` } : {};
  return {
    app,
    db,
    async login(email, password = DEMO_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      if (response.statusCode !== 200) {
        throw new Error(
          `Login of ${email} failed with ${response.statusCode}: ${response.body}`,
        );
      }
      return response.json<{ token: string }>().token;
    },
    get: (url, token) =>
      app.inject({ method: 'GET', url, headers: bearer(token) }),
    async close() {
      await app.close();
      await db.close();
    },
  };
}
