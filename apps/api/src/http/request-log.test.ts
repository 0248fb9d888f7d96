import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SLOW_REQUEST_MS } from '../constants';
import { buildServer } from '../server';
import { present } from '../testing/present';
import { TEST_DATABASES } from '../testing/test-databases';
import { requestLogLevel } from './request-log';

describe('requestLogLevel', () => {
  it.each([
    ['GET', 200, 3, 'debug'],
    ['HEAD', 304, 3, 'debug'],
    ['GET', 200, SLOW_REQUEST_MS, 'info'],
    ['GET', 404, 1, 'info'],
    ['GET', 401, 1, 'info'],
    ['POST', 200, 1, 'info'],
    ['OPTIONS', 204, 1, 'info'],
    ['GET', 500, 1, 'error'],
    ['POST', 503, 1, 'error'],
  ] as const)('%s answered %i in %i ms → %s', (method, status, ms, level) => {
    expect(requestLogLevel(method, status, ms)).toBe(level);
  });
});

describe('the request log', () => {
  const engine = present(TEST_DATABASES[0], 'the PGlite test engine');

  async function linesAt(level: 'info' | 'debug'): Promise<unknown[]> {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const db = await engine.open('empty');
    const app = buildServer({ db, logger: { level, stream } });
    try {
      await app.inject({ method: 'GET', url: '/api/health?key=secret-key' });
      await app.inject({ method: 'GET', url: '/api/nope?token=secret-token' });
    } finally {
      await app.close();
      await db.close();
    }
    return lines
      .map((line) => JSON.parse(line) as { msg: string })
      .filter((entry) => entry.msg === 'request');
  }

  it('writes one line per request at debug, with route or path and never the query', async () => {
    const lines = await linesAt('debug');

    expect(lines).toEqual([
      expect.objectContaining({
        level: 20,
        reqId: expect.any(String),
        method: 'GET',
        route: '/api/health',
        status: 200,
        ms: expect.any(Number),
      }),
      expect.objectContaining({
        level: 30,
        method: 'GET',
        path: '/api/nope',
        status: 404,
      }),
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/secret/);
  });

  it('leaves quick successful reads out at info', async () => {
    const lines = await linesAt('info');

    expect(lines).toEqual([expect.objectContaining({ status: 404 })]);
  });
});
