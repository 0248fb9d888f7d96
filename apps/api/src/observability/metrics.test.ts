import fc from 'fast-check';
import Fastify from 'fastify';
import { Histogram, type Metric, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { measureRoutes, RequestDurations } from './metrics';

/** The buckets fastify-metrics used, which RequestDurations keeps. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const observation = fc.record({
  method: fc.constantFrom('GET', 'POST'),
  route: fc.constantFrom('/api/auth/me', '/api/members/:id'),
  status: fc.constantFrom(200, 404, 500),
  // Bucket bounds themselves included: a bound holds the values equal to it.
  seconds: fc.oneof(
    fc.constantFrom(0, ...BUCKETS),
    fc.double({ min: 0, max: 10, noNaN: true }),
  ),
});

describe('RequestDurations', () => {
  it('exposes exactly what prom-client’s Histogram exposes for the same observations', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(observation, { maxLength: 60 }),
        async (seen) => {
          const ours = new Registry();
          const durations = new RequestDurations();
          ours.registerMetric(durations as unknown as Metric);
          const recorders = new Map<string, (s: number, v: number) => void>();
          const theirs = new Registry();
          const histogram = new Histogram({
            name: 'http_request_duration_seconds',
            help: durations.help,
            labelNames: ['method', 'route', 'status_code'],
            buckets: BUCKETS,
            registers: [theirs],
          });
          for (const { method, route, status, seconds } of seen) {
            const key = `${method} ${route}`;
            const record =
              recorders.get(key) ?? durations.recorder(method, route);
            recorders.set(key, record);
            record(status, seconds);
            histogram.observe(
              { method, route, status_code: String(status) },
              seconds,
            );
          }
          const lines = async (registry: Registry) =>
            (await registry.metrics()).split('\n').sort();
          expect(await lines(ours)).toEqual(await lines(theirs));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('forgets every series on reset', async () => {
    const durations = new RequestDurations();
    durations.recorder('GET', '/api/health')(200, 0.001);
    durations.reset();
    expect((await durations.get()).values).toEqual([]);
  });
});

describe('measureRoutes', () => {
  it('records each measured method of a route under its pattern, and leaves HEAD out', async () => {
    const durations = new RequestDurations();
    const app = Fastify();
    app.addHook('onRoute', measureRoutes(durations));
    app.route({
      method: ['GET', 'POST'],
      url: '/things/:id',
      onResponse: (_request, _reply, done) => done(),
      handler: async (request, reply) =>
        reply.code(request.method === 'GET' ? 200 : 201).send({}),
    });
    await app.inject({ method: 'GET', url: '/things/1' });
    await app.inject({ method: 'GET', url: '/things/2' });
    await app.inject({ method: 'POST', url: '/things/3' });
    await app.inject({ method: 'HEAD', url: '/things/4' });
    await app.inject({ method: 'GET', url: '/elsewhere' });
    const counts = (await durations.get()).values
      .filter((value) => value.metricName.endsWith('_count'))
      .map(({ labels, value }) => [labels, value]);
    expect(counts).toEqual([
      [{ method: 'GET', route: '/things/:id', status_code: '200' }, 2],
      [{ method: 'POST', route: '/things/:id', status_code: '201' }, 1],
    ]);
    await app.close();
  });
});
