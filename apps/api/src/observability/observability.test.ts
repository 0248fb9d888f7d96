import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { describeOnEachDatabase } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';
import { healthRoutes } from './health-routes';

/** The value of one sample line of a Prometheus text answer, or undefined. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describeOnEachDatabase('health, readiness and metrics', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  it('says live and ready without a session while the database answers', async () => {
    expect((await server.get('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await server.get('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('counts each API request by method, route pattern and status, never by raw URL', async () => {
    const token = await server.login('super@pact.test');
    await server.get('/api/auth/me');
    await server.get('/api/auth/me');
    await server.get('/api/members/2', token);
    await server.get('/api/members/3', token);

    const answer = await server.get('/api/metrics');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    const text = answer.body;
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/auth/me",status_code="401"}',
      ),
    ).toBe(2);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/members/:id",status_code="200"}',
      ),
    ).toBe(2);
    expect(text).not.toContain('route="/api/members/2"');
    expect(
      sample(
        text,
        'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/members/:id",status_code="200"}',
      ),
    ).toBe(2);
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('leaves paths no route serves and HEAD requests out of the request histogram', async () => {
    await server.get('/api/no-such-route');
    await server.app.inject({ method: 'HEAD', url: '/api/health' });
    const text = (await server.get('/api/metrics')).body;
    expect(text).not.toContain('no-such-route');
    expect(text).not.toContain('method="HEAD"');
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}',
    );
  });

  it('gives the job queue depth by status, read when scraped', async () => {
    const depth = async () =>
      sample(
        (await server.get('/api/metrics')).body,
        'collective_job_queue_depth{status="queued"}',
      );
    const before = await depth();
    expect(before).toBeGreaterThanOrEqual(0);
    await server.db.query(
      `INSERT INTO jobs (id, kind, input, owner_user_id, tenant)
       VALUES ('00000000-0000-4000-8000-00000000beef', 'metrics-test', '{}'::jsonb,
               (SELECT min(id) FROM users), 'pact')`,
    );
    expect(await depth()).toBe((before ?? 0) + 1);
    await server.db.query(
      `DELETE FROM jobs WHERE id = '00000000-0000-4000-8000-00000000beef'`,
    );
  });

  it('answers the metrics to the local machine only when no token is set', async () => {
    const remote = await server.app.inject({
      method: 'GET',
      url: '/api/metrics',
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ error: 'Forbidden' });
    expect(remote.body).not.toContain('http_request');
  });
});

describeOnEachDatabase('metrics behind METRICS_TOKEN', (engine) => {
  let server: TestServer;
  const metricsToken = 'a-long-enough-metrics-token-4242';
  beforeAll(async () => {
    server = await startTestServer(engine, { metricsToken });
  });
  afterAll(() => server?.close());

  it('asks everyone, the local machine too, for the bearer token', async () => {
    expect((await server.get('/api/metrics')).statusCode).toBe(403);
    expect(
      (await server.get('/api/metrics', 'a-long-enough-metrics-token-4243'))
        .statusCode,
    ).toBe(403);
    const answer = await server.get('/api/metrics', metricsToken);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('collective_job_queue_depth');
  });
});

describe('readiness', () => {
  const probe = async (db: Pick<Database, 'query'>, timeoutMs = 50) => {
    const app = Fastify({ logger: false });
    await app.register(healthRoutes, { db: db as Database, timeoutMs });
    try {
      return await app.inject({ method: 'GET', url: '/ready' });
    } finally {
      await app.close();
    }
  };

  it('says 503, with a JSON reason and Retry-After, while the database refuses', async () => {
    const answer = await probe({
      query: () => Promise.reject(new Error('connect ECONNREFUSED')),
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toEqual({
      error: 'Service Unavailable',
      message: 'The database is unreachable; the server is not ready.',
    });
  });

  it('says 503 when the database does not answer in time, rather than hanging', async () => {
    const answer = await probe({ query: () => new Promise(() => undefined) });
    expect(answer.statusCode).toBe(503);
  });

  it('says ready when the database answers', async () => {
    const answer = await probe({ query: async () => [] as never[] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ready' });
  });
});

describeOnEachDatabase('metrics behind a trusted proxy', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { trustProxy: ['loopback'] });
  });
  afterAll(() => server?.close());

  it('refuses a remote client that a proxy on this machine forwards', async () => {
    const forwarded = await server.get('/api/metrics', undefined, {
      'x-forwarded-for': '203.0.113.9',
    });
    expect(forwarded.statusCode).toBe(403);
    expect((await server.get('/api/metrics')).statusCode).toBe(200);
  });
});
