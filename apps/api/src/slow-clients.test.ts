import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BODY_LIMIT_BYTES,
  CONNECTION_TIMEOUT_MS,
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
} from './constants';
import type { Database } from './db/database';
import { connectionSilenceMs } from './http/connection-silence';
import { REFUSED_BODY_READ_BYTES } from './http/refused-body';
import { allowSilence } from './http/request-guards';
import { API_HEADERS } from './reference-api';
import { buildServer, type ServerTimeouts } from './server';
import { TEST_DATABASES } from './testing/test-databases';

/** Short timeouts so each case takes well under a second or two. */
const SHORT: ServerTimeouts = {
  headersMs: 300,
  requestMs: 600,
  connectionMs: 5_000,
  keepAliveMs: 300,
  checkIntervalMs: 50,
};

/** Slack for a busy machine on top of a timeout and its check interval. */
const SLACK_MS = 700;

/**
 * Node closes an idle kept-alive socket up to a second after
 * `keepAliveTimeout` (a buffer so the client, told `timeout=<s>`, gives up first).
 */
const KEEP_ALIVE_BUFFER_MS = 1_000;

const HEADERS_OF_A_100_BYTE_LOGIN = [
  'POST /api/auth/login HTTP/1.1',
  'Host: localhost',
  'Content-Type: application/json',
  'Content-Length: 100',
  '',
  '',
].join('\r\n');

/** What a raw client saw until the server closed its connection. */
interface Closed {
  /** Everything the server sent. */
  text: string;
  /** Milliseconds from the last write of the client to the close. */
  afterLastWriteMs: number;
}

/**
 * Opens a plain TCP connection to `port`, writes `chunks` (the client then
 * stalls) and resolves when the server closes the connection.
 */
function rawClient(port: number, ...chunks: string[]): Promise<Closed> {
  return new Promise((resolve, reject) => {
    let text = '';
    let lastWrite = performance.now();
    const socket = connect(port, '127.0.0.1', () => {
      for (const chunk of chunks) socket.write(chunk);
      lastWrite = performance.now();
    });
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (text += data));
    socket.on('error', reject);
    socket.on('close', () =>
      resolve({ text, afterLastWriteMs: performance.now() - lastWrite }),
    );
  });
}

describe('a server facing slow clients', () => {
  let db: Database;
  let app: FastifyInstance | undefined;

  /** Starts a server with `timeouts` on a loopback port; the test closes it. */
  async function listen(
    timeouts: Partial<ServerTimeouts>,
    extend?: (app: FastifyInstance) => void,
  ): Promise<number> {
    app = buildServer({ db, logger: false, timeouts });
    extend?.(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') {
      throw new Error('The test server has no TCP port.');
    }
    return address.port;
  }

  beforeAll(async () => {
    const pglite = TEST_DATABASES[0];
    if (!pglite) throw new Error('No PGlite test engine.');
    db = await pglite.open('empty');
  });
  afterEach(async () => {
    app = undefined;
  });
  afterAll(() => db.close());

  it('applies the timeouts of constants.ts by default', () => {
    app = buildServer({ db, logger: false });
    const { server } = app;

    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    // The silence limit is the server's own check, not a socket timer.
    expect(server.timeout).toBe(0);
    expect(connectionSilenceMs(server)).toBe(CONNECTION_TIMEOUT_MS);
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBeGreaterThan(0);
    expect(HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS);
  });

  it('answers 408 and closes the connection when a body stalls', async () => {
    const port = await listen(SHORT);

    const closed = await rawClient(
      port,
      HEADERS_OF_A_100_BYTE_LOGIN,
      '{"email":"a',
    );

    expect(closed.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed.afterLastWriteMs).toBeGreaterThanOrEqual(
      SHORT.requestMs - 50,
    );
    expect(closed.afterLastWriteMs).toBeLessThan(
      SHORT.requestMs + SHORT.checkIntervalMs + SLACK_MS,
    );
  });

  it("answers what Node's parser refuses (a malformed request line, headers over the limit) with the API's headers and JSON error body", async () => {
    const port = await listen({});
    const malformed = await rawClient(port, 'NOT A REQUEST\r\n\r\n');
    const huge = await rawClient(
      port,
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const answers: [Closed, number, string][] = [
      [malformed, 400, 'Bad Request'],
      [huge, 431, 'Request Header Fields Too Large'],
    ];
    for (const [closed, status, error] of answers) {
      const [head = '', body = ''] = closed.text.split('\r\n\r\n');
      expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      for (const [name, value] of Object.entries(API_HEADERS)) {
        expect(head.toLowerCase()).toContain(`${name}: ${value}`.toLowerCase());
      }
      expect(head).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(body)).toEqual({ error, message: expect.any(String) });
    }
  });

  it('reads a body refused as too large before it answers 413, so a client (or a proxy) still sending it reads the answer', async () => {
    const port = await listen({});
    const size = BODY_LIMIT_BYTES + 4 * 1024;
    const body = JSON.stringify({ email: 'a@b.test', password: 'x' }).padEnd(
      size,
      ' ',
    );
    let text = '';
    const socket = connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (text += data));
    const closed = new Promise((resolve, reject) => {
      socket.on('close', resolve);
      socket.on('error', reject);
    });
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
    );
    socket.write(body.slice(0, size / 2));
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Closed now, the connection would be reset under the client's writes.
    expect(text).toBe('');
    socket.write(body.slice(size / 2));
    await closed;

    const [head = '', answer = ''] = text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(answer)).toEqual({ error: expect.any(String) });
  });

  it('answers a body declared over what it reads of a refused one with 413 at once, unread', async () => {
    const port = await listen({});

    const closed = await rawClient(
      port,
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${REFUSED_BODY_READ_BYTES + 1}\r\n\r\n{`,
    );

    expect(closed.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(closed.afterLastWriteMs).toBeLessThan(SLACK_MS);
  });

  it('answers 408 when the headers never end, or never start', async () => {
    const port = await listen(SHORT);

    const [partial, silent] = await Promise.all([
      rawClient(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n'),
      rawClient(port),
    ]);

    for (const closed of [partial, silent]) {
      expect(closed.text).toMatch(/^HTTP\/1\.1 408 /);
      expect(closed.afterLastWriteMs).toBeLessThan(
        SHORT.headersMs + SHORT.checkIntervalMs + SLACK_MS,
      );
    }
  });

  it('destroys a connection that falls silent for the connection timeout', async () => {
    const port = await listen({
      ...SHORT,
      requestMs: 10_000,
      connectionMs: 300,
    });

    const closed = await rawClient(port, HEADERS_OF_A_100_BYTE_LOGIN, '{');

    expect(closed.text).toBe('');
    expect(closed.afterLastWriteMs).toBeGreaterThanOrEqual(250);
    expect(closed.afterLastWriteMs).toBeLessThan(300 + SLACK_MS);
  });

  it('destroys a connection whose client stops taking a long answer', async () => {
    let serverSideClosed: Promise<number> | undefined;
    const port = await listen({ ...SHORT, connectionMs: 300 }, (server) => {
      server.server.on('connection', (socket: Socket) => {
        serverSideClosed = new Promise((resolve) =>
          socket.on('close', () => resolve(performance.now())),
        );
      });
      server.get('/long-answer', (_request, reply) => {
        // Far more than the socket buffers on both sides hold.
        reply.type('text/plain').send(Buffer.alloc(64 * 1024 * 1024, 97));
      });
    });

    const client = connect(port, '127.0.0.1', () =>
      client.write('GET /long-answer HTTP/1.1\r\nHost: localhost\r\n\r\n'),
    );
    client.on('error', () => undefined);
    // Reads the first bytes, then stops reading for good.
    const stalledAt = await new Promise<number>((resolve) =>
      client.once('data', () => {
        client.pause();
        resolve(performance.now());
      }),
    );
    const closedAt = await serverSideClosed;
    client.destroy();

    expect(closedAt! - stalledAt).toBeGreaterThanOrEqual(250);
    expect(closedAt! - stalledAt).toBeLessThan(300 + SLACK_MS);
  });

  it('leaves a kept-alive connection idle between requests to the keep-alive timeout, not the silence limit', async () => {
    const port = await listen({
      ...SHORT,
      connectionMs: 300,
      keepAliveMs: 1_200,
    });

    const closed = await rawClient(
      port,
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n',
    );

    expect(closed.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(closed.afterLastWriteMs).toBeGreaterThanOrEqual(1_200);
  });

  it('lets a route lengthen the connection timeout, not the request timeout', async () => {
    const port = await listen(
      { ...SHORT, requestMs: 1_000, connectionMs: 300 },
      (server) =>
        server.post(
          '/slow-upload',
          {
            onRequest: (request, _reply, done) => {
              allowSilence(request, 5_000);
              done();
            },
          },
          async () => ({ ok: true }),
        ),
    );

    const closed = await rawClient(
      port,
      HEADERS_OF_A_100_BYTE_LOGIN.replace('/api/auth/login', '/slow-upload'),
      '{',
    );

    // Past the route's own silence limit it is still the request timeout that ends it.
    expect(closed.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed.afterLastWriteMs).toBeGreaterThanOrEqual(950);
  });

  it('closes a kept-alive connection left idle for the keep-alive timeout', async () => {
    const port = await listen(SHORT);

    const closed = await rawClient(
      port,
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n',
    );

    expect(closed.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(closed.text).toMatch(/\r\nconnection: keep-alive\r\n/i);
    expect(closed.afterLastWriteMs).toBeGreaterThanOrEqual(SHORT.keepAliveMs);
    expect(closed.afterLastWriteMs).toBeLessThan(
      SHORT.keepAliveMs + KEEP_ALIVE_BUFFER_MS + SLACK_MS,
    );
  });
});
