import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ServerConfig } from './config';
import { IN_MEMORY_DATA_DIR } from './constants';
import { DEMO_PASSWORD } from './db/seed';
import { dashboardToServe, startServer } from './start-server';
import { writeDashboardFixture } from './testing/dashboard-fixture';
import { describeOnEachDatabase } from './testing/test-databases';

const config: ServerConfig = {
  port: 0,
  host: '127.0.0.1',
  trustProxy: false,
  dashboard: { dir: '/nonexistent/dashboard/dist', required: false },
  pgliteDataDir: IN_MEMORY_DATA_DIR,
  logLevel: 'info',
  corsOrigins: [],
  seedScale: 1,
  answerCacheEntries: 500,
};

/** A pino destination that keeps every line. */
function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describeOnEachDatabase('startServer', (engine) => {
  it('finishes a request in flight, then stops listening and closes the database', async () => {
    const log = logCapture();
    const db = await engine.open('seeded');
    const running = await startServer(config, {
      db,
      logger: { level: 'info', stream: log.stream },
    });
    expect(running.address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const arrived = new Promise((resolve) =>
      running.app.server.once('request', resolve),
    );
    const login = fetch(`${running.address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'super@pact.test',
        password: DEMO_PASSWORD,
      }),
    });
    await arrived;
    const stopped = running.stop();

    const response = await login;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ token: expect.any(String) });
    await expect(stopped).resolves.toBe(0);
    await expect(running.stop()).resolves.toBe(0);
    await expect(fetch(`${running.address}/api/health`)).rejects.toThrow();
    await expect(db.query('SELECT 1')).rejects.toThrow();
  });

  it('writes structured JSON logs with request ids and no passwords or tokens', async () => {
    const log = logCapture();
    const running = await startServer(config, {
      db: await engine.open('seeded'),
      logger: { level: 'info', stream: log.stream },
    });
    let token = '';
    try {
      const ok = await fetch(`${running.address}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'admin@pact.test',
          password: DEMO_PASSWORD,
        }),
      });
      token = ((await ok.json()) as { token: string }).token;
      await fetch(`${running.address}/api/auth/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await fetch(`${running.address}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'admin@pact.test',
          password: 'Wr0ng-Secret!',
        }),
      });
    } finally {
      await running.stop();
    }

    const entries = log.lines.map(
      (line) => JSON.parse(line) as Record<string, unknown>,
    );
    expect(entries.every((entry) => typeof entry['level'] === 'number')).toBe(
      true,
    );
    expect(entries.map((entry) => entry['event'])).toEqual(
      expect.arrayContaining(['login', 'login_failed']),
    );
    const requests = entries.filter((entry) => entry['msg'] === 'request');
    // At info: the two sign-in attempts; the quick successful read is at debug.
    expect(requests.map((entry) => entry['status'])).toEqual([200, 401]);
    expect(requests[1]).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      reqId: expect.any(String),
      method: 'POST',
      route: '/api/auth/login',
      status: 401,
      ms: expect.any(Number),
      msg: 'request',
    });
    const all = log.lines.join('\n');
    expect(token).not.toBe('');
    expect(all).not.toContain(token);
    expect(all).not.toContain(DEMO_PASSWORD);
    expect(all).not.toContain('Wr0ng-Secret!');
  });
});

describe('dashboardToServe', () => {
  it('serves the API alone with DASHBOARD_DIR=none', async () => {
    await expect(dashboardToServe(null)).resolves.toBeUndefined();
  });

  it('serves the API alone when the default location holds no build', async () => {
    await expect(
      dashboardToServe({ dir: '/nonexistent/dist', required: false }),
    ).resolves.toBeUndefined();
  });

  it('stops the server when the folder named by DASHBOARD_DIR holds no build', async () => {
    await expect(
      dashboardToServe({ dir: '/nonexistent/dist', required: true }),
    ).rejects.toThrow(
      /DASHBOARD_DIR names \/nonexistent\/dist, which holds no index\.html: build the dashboard first/,
    );
  });

  it('serves a folder holding index.html', async () => {
    const fixture = await writeDashboardFixture();
    try {
      await expect(
        dashboardToServe({ dir: fixture.dir, required: true }),
      ).resolves.toBe(fixture.dir);
    } finally {
      await fixture.remove();
    }
  });
});
