import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { describeOnEachDatabase } from '../testing/test-databases';
import type { JobQueue } from './job-queue';
import type { JobOwner } from './job-types';
import {
  demoOwner,
  fastQueue,
  isFinished,
  sleep,
  waitForJob,
} from './testing/job-testing';

/** Jobs enqueued, half through each instance. */
const JOBS = 40;

/**
 * Two queue instances on one database, each with its own connection (a
 * pool of its own on PostgreSQL), as two server processes would be: every
 * job runs exactly once, none is lost.
 */
describeOnEachDatabase('two job queue instances on one database', (engine) => {
  let db: Database;
  let second: Database;
  let owner: JobOwner;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    db = await engine.open('seeded');
    second = await engine.connectAgain(db);
    owner = await demoOwner(db);
    await db.exec(
      'CREATE TABLE test_job_runs (job_id uuid NOT NULL, instance text NOT NULL, attempt integer NOT NULL)',
    );
    for (const [index, connection] of [db, second].entries()) {
      const instance = `instance-${index + 1}`;
      const queue = fastQueue(connection, { concurrency: 3 });
      queue.define<{ n: number }, { n: number; by: string }>(
        'count-once',
        async ({ jobId, attempt, input }) => {
          await connection.query(
            'INSERT INTO test_job_runs (job_id, instance, attempt) VALUES ($1, $2, $3)',
            [jobId, instance, attempt],
          );
          await sleep(5 + (input.n % 4) * 5);
          return { n: input.n, by: instance };
        },
      );
      queues.push(queue);
    }
  });
  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.stop()));
    await second?.close();
    await db?.close();
  });

  it(`run each of ${JOBS} jobs enqueued through both exactly once, both taking a share`, async () => {
    const [first, other] = queues as [JobQueue, JobQueue];
    await Promise.all([first.start(), other.start()]);
    const started = performance.now();

    const ids = await Promise.all(
      Array.from({ length: JOBS }, (_, n) =>
        (n % 2 === 0 ? first : other).enqueue('count-once', { n }, owner),
      ),
    );
    const jobs = await Promise.all(
      ids.map((id) => waitForJob(first, id, isFinished, 30_000)),
    );
    const elapsedMs = Math.round(performance.now() - started);

    expect(jobs.map((job) => job.status)).toEqual(
      Array.from({ length: JOBS }, () => 'succeeded'),
    );
    expect(jobs.map((job) => job.attempts)).toEqual(
      Array.from({ length: JOBS }, () => 1),
    );
    const runs = await db.query<{ job_id: string; instance: string }>(
      'SELECT job_id, instance FROM test_job_runs',
    );
    expect(runs).toHaveLength(JOBS);
    expect(new Set(runs.map((run) => run.job_id))).toEqual(new Set(ids));
    const byInstance = new Map<string, number>();
    for (const run of runs) {
      byInstance.set(run.instance, (byInstance.get(run.instance) ?? 0) + 1);
    }
    expect([...byInstance.keys()].sort()).toEqual(['instance-1', 'instance-2']);
    for (const job of jobs) {
      const run = runs.find((entry) => entry.job_id === job.id);
      expect(job.result).toMatchObject({ by: run?.instance });
    }
    const boss = await db.query<{ state: string; count: number }>(
      "SELECT state, count(*)::int AS count FROM pgboss.job WHERE name = 'count-once' GROUP BY state",
    );
    expect(boss).toEqual([{ state: 'completed', count: JOBS }]);
    console.info(
      `[jobs] ${engine.name}: ${JOBS} jobs on two instances in ${elapsedMs} ms (${[
        ...byInstance,
      ]
        .map(([instance, count]) => `${instance}: ${count}`)
        .join(', ')})`,
    );
  });
});
