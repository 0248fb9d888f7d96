import {
  ReportRunResponseSchema,
  type ReportRun,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import { afterAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../testing/test-databases';
import {
  startTestServer,
  startTestServerBeside,
  type TestServer,
} from '../testing/test-server';
import { SUPER } from '../testing/demo-accounts';

/**
 * A report run survives its server stopping mid-run (decisions D18,
 * docs/decisions/0071, 0101): the next server to poll runs it again from
 * the start and it finishes once, its files stored once per format.
 */
describeOnEachDatabase('a report run across a restart', (engine) => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    // The second server shares the first's database: close it first.
    for (const server of servers.reverse()) await server.close();
  });

  it('is finished by the next server after the first stopped while running it', async () => {
    const first = await startTestServer(engine, {
      runJobs: true,
      jobQueue: { pollIntervalMs: 25, stopTimeoutMs: 50 },
      reportJobs: { pauseMs: 400, retryDelaySeconds: 0 },
    });
    servers.push(first);
    const token = await first.login(SUPER);
    const posted = await first.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { authorization: `Bearer ${token}` },
      payload: { template: 'member-impact', from: '2026-01', to: '2026-03' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const { id } = v.parse(ReportRunResponseSchema, posted.json()).run;
    // The session lives in the shared database: both servers know it.
    const read = async (server: TestServer): Promise<ReportRun> =>
      v.parse(
        ReportRunResponseSchema,
        (await server.get(`/api/reports/${id}`, token)).json(),
      ).run;
    for (let tries = 0; (await read(first)).status !== 'running'; tries += 1) {
      if (tries > 400) throw new Error('The run never started.');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await first.app.jobs.stop();
    expect((await read(first)).status).toBe('queued');

    const second = await startTestServerBeside(engine, first, {
      runJobs: true,
      jobQueue: { pollIntervalMs: 25 },
    });
    servers.push(second);
    let run = await read(second);
    for (
      let tries = 0;
      run.status === 'queued' || run.status === 'running';
      tries += 1
    ) {
      if (tries > 600) throw new Error('The run never finished.');
      await new Promise((resolve) => setTimeout(resolve, 25));
      run = await read(second);
    }
    expect(run.status, run.error ?? '').toBe('succeeded');
    expect(run.rows).toBe(3);
    const files = await second.db.query<{ format: string }>(
      'SELECT format FROM report_files WHERE job_id = $1 ORDER BY format',
      [id],
    );
    expect(files.map((file) => file.format)).toEqual(['csv', 'html', 'xlsx']);
    const [job] = await second.db.query<{ attempt: number }>(
      'SELECT attempt FROM jobs WHERE id = $1',
      [id],
    );
    expect(job?.attempt).toBe(2);
  }, 60_000);
});
