import { defineConfig } from '@playwright/test';

const isCI = Boolean(process.env['CI']);

// Ports of the stack under test, apart from the dev stack's 4200/3333 so both can run.
const dashboardPort = Number(process.env['E2E_DASHBOARD_PORT'] ?? 4310);
const apiPort = Number(process.env['E2E_API_PORT'] ?? 3343);

// The dashboard's address; tests navigate relative to it.
const baseURL = `http://127.0.0.1:${dashboardPort}`;

/**
 * End-to-end tests against the built dashboard (vite preview) and the
 * reference API with a fresh in-memory database, started by
 * tools/scripts/stack.mjs. The browser is Debian's Chromium (or
 * CHROMIUM_PATH), set up by tools/scripts/ensure-chromium.mjs; never run
 * `playwright install`.
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
    command: 'node ../../tools/scripts/stack.mjs --mode=production --no-build',
    url: baseURL,
    env: {
      DASHBOARD_PORT: String(dashboardPort),
      DASHBOARD_HOST: '127.0.0.1',
      API_PORT: String(apiPort),
      API_HOST: '127.0.0.1',
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
    // SIGTERM lets the stack stop the API and the dashboard server cleanly.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
