import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DashboardLocation, ServerConfig } from './config';
import { IDLE_SWEEP_INTERVAL_MS } from './constants';
import type { Database } from './db/database';
import { migrate } from './db/migrations';
import { openDatabase } from './db/open-database';
import { seedDemoData } from './db/seed';
import { INDEX_HTML } from './dashboard/dashboard-pages';
import { buildServer, type LoggerSettings } from './server';

/** A listening reference server and the way to stop it. */
export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  /** Base URL it listens on, e.g. `http://127.0.0.1:3333`. */
  address: string;
  /**
   * Graceful shutdown: stops accepting connections, lets requests in flight
   * finish (new ones on kept-alive connections get 503), then closes the
   * database. Resolves to the process exit code: 0, or 1 when closing failed.
   * Calling it again returns the same promise.
   */
  stop(): Promise<number>;
}

function describeDatabase(db: Database, config: ServerConfig): string {
  return db.kind === 'postgres'
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite at ${config.pgliteDataDir}`;
}

/**
 * The dashboard folder to serve, or `undefined` to serve the API alone when
 * the default location holds no build. A folder named by `DASHBOARD_DIR`
 * must hold one.
 */
export async function dashboardToServe(
  location: DashboardLocation | null,
): Promise<string | undefined> {
  if (location === null) return undefined;
  const index = join(location.dir, INDEX_HTML);
  try {
    await access(index);
    return location.dir;
  } catch {
    if (!location.required) return undefined;
    throw new Error(
      `DASHBOARD_DIR names ${location.dir}, which holds no ${INDEX_HTML}: build the dashboard first (npx nx build dashboard) or point DASHBOARD_DIR at its dist folder.`,
    );
  }
}

/** Options of {@link startServer}. */
export interface StartOptions {
  /** Pino settings; `{ level: config.logLevel }` (to stdout) by default. */
  logger?: false | LoggerSettings;
  /** An open database to use (and close at stop) instead of opening the configured one. */
  db?: Database;
}

/**
 * Opens the database (PGlite, or PostgreSQL when `databaseUrl` is set),
 * migrates it, seeds the demo data on first start, and listens. On any
 * failure the database is closed again and the error thrown.
 */
export async function startServer(
  config: ServerConfig,
  options: StartOptions = {},
): Promise<RunningServer> {
  const logger = options.logger ?? { level: config.logLevel };
  const dashboardDir = await dashboardToServe(config.dashboard);
  const db =
    options.db ??
    (await openDatabase(config, (error) => {
      console.error('PostgreSQL connection error:', error.message);
    }));
  let app: FastifyInstance | undefined;
  try {
    const applied = await migrate(db);
    const seedStart = performance.now();
    const seeded = await seedDemoData(db, { scale: config.seedScale });
    const seedMs = Math.round(performance.now() - seedStart);
    app = buildServer({
      db,
      logger,
      corsOrigins: config.corsOrigins,
      trustProxy: config.trustProxy,
      answerCacheEntries: config.answerCacheEntries,
      runJobs: true,
      mail: {
        smtpUrl: config.smtpUrl,
        ...(config.mailFrom ? { from: config.mailFrom } : {}),
      },
      ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
      ...(config.metricsToken ? { metricsToken: config.metricsToken } : {}),
      ...(dashboardDir === undefined ? {} : { dashboardDir }),
    });
    app.log.info(
      {
        database: db.kind,
        migrationsApplied: applied,
        demoDataSeeded: seeded !== null,
        ...(seeded ? { seedScale: config.seedScale, seeded, seedMs } : {}),
      },
      `Database: ${describeDatabase(db, config)}` +
        (seeded
          ? `; seeded the demo data (SEED_SCALE=${config.seedScale}: ${seeded.stores} stores, ${seeded.shipments} shipments, ${seeded.mailbackSubmissions} mail-back submissions) in ${seedMs} ms`
          : ''),
    );
    const address = await app.listen({ port: config.port, host: config.host });
    app.log.info(
      dashboardDir !== undefined
        ? `Dashboard at ${address}/ and API at ${address}/api, serving the build in ${dashboardDir}`
        : config.dashboard === null
          ? `API ready at ${address}/api (try ${address}/api/health); DASHBOARD_DIR=none, so only the API is served`
          : `API ready at ${address}/api (try ${address}/api/health); no dashboard build at ${config.dashboard.dir}, so only the API is served (npx nx build dashboard, or npm start, builds it)`,
    );
    const server = app;
    let stopping: Promise<number> | undefined;
    const stop = async (): Promise<number> => {
      server.log.info('shutting down');
      let exitCode = 0;
      // close() waits for every connection; a kept-alive one becomes idle only
      // after its last response, so close idle ones until all are gone.
      const sweep = setInterval(
        () => server.server.closeIdleConnections(),
        IDLE_SWEEP_INTERVAL_MS,
      );
      try {
        await server.close();
      } catch (error) {
        server.log.error({ err: error }, 'closing the server failed');
        exitCode = 1;
      } finally {
        clearInterval(sweep);
      }
      try {
        await db.close();
      } catch (error) {
        server.log.error({ err: error }, 'closing the database failed');
        exitCode = 1;
      }
      server.log.info({ exitCode }, 'stopped');
      return exitCode;
    };
    return {
      app: server,
      db,
      address,
      stop: () => (stopping ??= stop()),
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw error;
  }
}
