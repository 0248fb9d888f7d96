import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import type { ServerConfig } from './config';
import { IN_MEMORY_DATA_DIR } from './constants';
import { DEMO_PASSWORD } from './db/seed';
import { startServer } from './start-server';
import { describeOnEachDatabase } from './testing/test-databases';

const config: ServerConfig = {
  port: 0,
  host: '127.0.0.1',
  pgliteDataDir: IN_MEMORY_DATA_DIR,
  logLevel: 'info',
  corsOrigins: [],
};

/** A pino destination that keeps every line and can wait for one. */
function logCapture() {
  const lines: string[] = [];
  const waiters: { test: RegExp; resolve: () => void }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        lines.push(line);
        for (const waiter of waiters.filter((w) => w.test.test(line))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
      done();
    },
  });
  const seen = (test: RegExp) =>
    lines.some((line) => test.test(line))
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ test, resolve }));
  return { lines, stream, seen };
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

    const login = fetch(`${running.address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'super@pact.test',
        password: DEMO_PASSWORD,
      }),
    });
    await log.seen(/"msg":"incoming request"/);
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
    expect(
      entries
        .filter((entry) => entry['msg'] === 'request completed')
        .every((entry) => typeof entry['reqId'] === 'string'),
    ).toBe(true);
    const all = log.lines.join('\n');
    expect(token).not.toBe('');
    expect(all).not.toContain(token);
    expect(all).not.toContain(DEMO_PASSWORD);
    expect(all).not.toContain('Wr0ng-Secret!');
  });
});
