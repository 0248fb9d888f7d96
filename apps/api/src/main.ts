/**
 * Starts the reference API: reads the environment, opens the database
 * (PGlite, or PostgreSQL when DATABASE_URL is set), migrates, seeds the demo
 * data on first start, listens, and shuts down cleanly on SIGINT/SIGTERM.
 */
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { SHUTDOWN_TIMEOUT_MS } from './constants';
import type { Database } from './db/database';
import { migrate } from './db/migrations';
import { openDatabase } from './db/open-database';
import { seedDemoData } from './db/seed';
import { buildServer } from './server';

function readConfig(): ServerConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function prepareDatabase(config: ServerConfig) {
  const db = await openDatabase(config, (error) => {
    console.error('PostgreSQL connection error:', error.message);
  });
  try {
    const applied = await migrate(db);
    const seeded = await seedDemoData(db);
    return { db, applied, seeded };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

function describeDatabase(db: Database, config: ServerConfig): string {
  return db.kind === 'postgres'
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite at ${config.pgliteDataDir}`;
}

async function start(): Promise<void> {
  const config = readConfig();
  const { db, applied, seeded } = await prepareDatabase(config);
  const app = buildServer({ db, logger: { level: config.logLevel } });
  app.log.info(
    { database: db.kind, migrationsApplied: applied, demoDataSeeded: seeded },
    `Database: ${describeDatabase(db, config)}`,
  );

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error(
        `shutdown took longer than ${SHUTDOWN_TIMEOUT_MS} ms; exiting`,
      );
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    let exitCode = 0;
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'closing the server failed');
      exitCode = 1;
    }
    try {
      await db.close();
    } catch (error) {
      app.log.error({ err: error }, 'closing the database failed');
      exitCode = 1;
    }
    app.log.info('stopped');
    process.exit(exitCode);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));

  try {
    const address = await app.listen({ port: config.port, host: config.host });
    app.log.info(
      `Reference API ready at ${address}/api (try ${address}/api/health)`,
    );
  } catch (error) {
    app.log.error(
      { err: error },
      `could not listen on ${config.host}:${config.port}`,
    );
    await db.close().catch(() => undefined);
    process.exit(1);
  }
}

start().catch((error: unknown) => {
  console.error(
    'The reference API failed to start:',
    error instanceof Error ? error.message : error,
  );
  process.exit(1);
});
