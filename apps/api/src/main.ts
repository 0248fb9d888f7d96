/**
 * Starts the server: reads the environment, opens the database (PGlite, or
 * PostgreSQL when DATABASE_URL is set), migrates, seeds the demo data on
 * first start, serves the API under /api and the built dashboard beside it,
 * and shuts down cleanly on SIGINT/SIGTERM.
 */
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { SHUTDOWN_TIMEOUT_MS } from './constants';
import { keepNextTickShape } from './runtime/next-tick-shape';
import { startServer } from './start-server';

function readConfig(): ServerConfig {
  try {
    return loadConfig(process.env, {
      cwd: process.cwd(),
      // This file is the bundle's entry, apps/api/dist/main.js (or its
      // source beside it), so the dashboard's build is two folders up.
      defaultDashboardDir: fileURLToPath(
        new URL('../../dashboard/dist', import.meta.url),
      ),
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  // Before the migrations and the seed make garbage (docs/decisions/0111).
  keepNextTickShape();
  const config = readConfig();
  const running = await startServer(config);
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) {
      running.app.log.warn(
        { signal },
        'second signal: exiting without waiting',
      );
      process.exit(1);
    }
    signalled = true;
    running.app.log.info({ signal }, 'signal received');
    setTimeout(() => {
      running.app.log.error(
        `shutdown took longer than ${SHUTDOWN_TIMEOUT_MS} ms; exiting`,
      );
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    void running.stop().then((code) => process.exit(code));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

main().catch((error: unknown) => {
  console.error(
    'The server failed to start:',
    error instanceof Error ? error.message : error,
  );
  process.exit(1);
});
