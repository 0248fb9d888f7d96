import { defineConfig } from '@playwright/test';

const isCI = Boolean(process.env['CI']);

// Port of the server under test, apart from npm start's and npm run dev's
// 4200 and 3333, so the suite runs beside them.
const port = Number(process.env['E2E_PORT'] ?? 4310);

// The dashboard's address (and the API's, under /api); tests navigate relative to it.
const baseURL = `http://127.0.0.1:${port}`;

/**
 * End-to-end tests against the production server, as npm start runs it:
 * one process (apps/api/dist/main.js) serving the built dashboard and the
 * API, here with a fresh in-memory database. The e2e target builds both
 * first. The browser is Debian's Chromium (or CHROMIUM_PATH), set up by
 * tools/scripts/ensure-chromium.mjs; never run `playwright install`.
 */
export default defineConfig({
  testDir: 'src',
  fullyParallel: false,
  forbidOnly: isCI,
  workers: isCI ? 1 : undefined,
  retries: isCI ? 1 : 0,
  reporter: [['list'], ['html', { open: 'never' }]],
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node ../../apps/api/dist/main.js',
    url: `${baseURL}/api/health`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // Named, so a missing dashboard build stops the server instead of
      // leaving it to serve the API alone.
      DASHBOARD_DIR: '../dashboard/dist',
      // A fresh database for every run, whatever the developer's shell holds.
      PGLITE_DATA_DIR: 'memory://',
      DATABASE_URL: process.env['E2E_DATABASE_URL'] ?? '',
      // Request logs would drown the test report; warnings and errors still show.
      LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'warn',
    },
    reuseExistingServer: !isCI,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the server finish requests and close the database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
