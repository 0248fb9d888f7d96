import {
  AuditEventsPageSchema,
  JobResponseSchema,
  JobsResponseSchema,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';
import { FAST_QUEUE_OPTIONS, sleep } from './testing/job-testing';

describeOnEachDatabase('job routes', (engine) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  /** Jobs of kind 'wait' run until cancelled. */
  let started = 0;

  beforeAll(async () => {
    server = await startTestServer(engine, { jobQueue: FAST_QUEUE_OPTIONS });
    server.app.jobs.define('wait', async ({ signal }) => {
      started += 1;
      while (!signal.aborted) await sleep(20, signal);
      return null;
    });
    server.app.jobs.define('later', async () => 'done');
    for (const email of ['brand.admin@kiehls.test', 'admin@pact.test']) {
      tokens[email] = await server.login(email);
      const [row] = await server.db.query<{ id: number }>(
        'SELECT id FROM users WHERE email = $1',
        [email],
      );
      ids[email] = row?.id ?? 0;
    }
  });
  afterAll(async () => {
    await server?.app.jobs.stop();
    await server?.close();
  });

  const owner = (email: string) => ({
    ownerUserId: ids[email] ?? 0,
    tenant: 'pact' as const,
    memberId: email.endsWith('kiehls.test') ? 2 : null,
  });
  const call = (email: string, method: 'GET' | 'POST', url: string) =>
    server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[email]}` },
    });

  it("lists and reads the caller's jobs, and answers 404 for another user's job and 400 for a malformed id", async () => {
    const id = await server.app.jobs.enqueue(
      'later',
      { report: 'stores' },
      owner('brand.admin@kiehls.test'),
    );

    const list = await call('brand.admin@kiehls.test', 'GET', '/api/jobs');
    const one = await call('brand.admin@kiehls.test', 'GET', `/api/jobs/${id}`);
    const other = await call('admin@pact.test', 'GET', `/api/jobs/${id}`);
    const malformed = await call('admin@pact.test', 'GET', '/api/jobs/abc');

    expect(
      v.parse(JobsResponseSchema, list.json()).jobs.map((j) => j.id),
    ).toContain(id);
    expect(v.parse(JobResponseSchema, one.json()).job).toMatchObject({
      id,
      kind: 'later',
      status: 'queued',
    });
    expect(one.json().job.input).toBeUndefined();
    expect(other.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/job id must be a UUID/);
  });

  it('cancels a queued job so it never starts, once in the audit trail; another user cannot (404)', async () => {
    const id = await server.app.jobs.enqueue(
      'wait',
      {},
      owner('admin@pact.test'),
    );

    const refused = await call(
      'brand.admin@kiehls.test',
      'POST',
      `/api/jobs/${id}/cancel`,
    );
    const cancelled = await call(
      'admin@pact.test',
      'POST',
      `/api/jobs/${id}/cancel`,
    );
    const again = await call(
      'admin@pact.test',
      'POST',
      `/api/jobs/${id}/cancel`,
    );

    expect(refused.statusCode).toBe(404);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().job.status).toBe('cancelled');
    expect(again.json().job.status).toBe('cancelled');
    const trail = v.parse(
      AuditEventsPageSchema,
      (
        await call(
          'admin@pact.test',
          'GET',
          `/api/audit-events?entity=job&entity_id=${id}`,
        )
      ).json(),
    );
    expect(trail.events.map((event) => event.action)).toEqual(['cancel']);
    await server.app.jobs.start();
    await sleep(200);
    expect(started).toBe(0);
  });

  it('stops a running job when its owner cancels it', async () => {
    await server.app.jobs.start();
    const id = await server.app.jobs.enqueue(
      'wait',
      {},
      owner('admin@pact.test'),
    );
    const deadline = Date.now() + 10_000;
    while (started === 0 && Date.now() < deadline) await sleep(20);
    expect(started).toBe(1);

    const cancelling = await call(
      'admin@pact.test',
      'POST',
      `/api/jobs/${id}/cancel`,
    );
    expect(cancelling.statusCode, cancelling.body).toBe(200);
    let status = cancelling.json().job.status;
    while (status !== 'cancelled' && Date.now() < deadline) {
      await sleep(20);
      status = (await call('admin@pact.test', 'GET', `/api/jobs/${id}`)).json()
        .job.status;
    }
    expect(status).toBe('cancelled');
  });
});
