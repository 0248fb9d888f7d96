import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { describeOnEachDatabase } from '../testing/test-databases';
import { JOB_INTERRUPTED_MESSAGE, JOB_RESULT_TTL_DAYS } from './job-constants';
import { isJobId, JobQueue, type JobQueueOptions } from './job-queue';
import {
  JOB_FAILED_MESSAGE,
  JobError,
  type JobOwner,
  type JsonValue,
} from './job-types';
import {
  demoOwner,
  fastQueue,
  isFinished,
  recordingLogger,
  sleep,
  waitForJob,
} from './testing/job-testing';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A gate a handler waits at until the test opens it. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** Resolves when `signal` aborts. */
function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

describe('JobQueue without a database', () => {
  const queue = () => new JobQueue({ db: {} as Database });

  it('refuses kind names that are not lowercase words with hyphens, and a kind defined twice', () => {
    const jobs = queue();
    const handler = async () => null;

    expect(() => jobs.define('Member Report', handler)).toThrow(/lowercase/);
    expect(() => jobs.define('report_1', handler)).toThrow(/lowercase/);
    jobs.define('member-report', handler);
    expect(() => jobs.define('member-report', handler)).toThrow(/already/);
  });

  it('starts without touching the database when no kind is defined, and then refuses a new kind', async () => {
    const jobs = queue();
    await jobs.start();
    expect(() => jobs.define('late-report', async () => null)).toThrow(
      /before the queue is started/,
    );
    await jobs.stop();
  });

  it('refuses timeouts, retries and delays that are not whole numbers in range', () => {
    const jobs = queue();
    const handler = async () => null;

    expect(() => jobs.define('a', handler, { timeoutSeconds: 0 })).toThrow(
      /timeoutSeconds/,
    );
    expect(() =>
      jobs.define('b', handler, { timeoutSeconds: 23 * 3600 }),
    ).toThrow(/timeoutSeconds/);
    expect(() => jobs.define('c', handler, { retries: 1.5 })).toThrow(
      /retries/,
    );
    expect(() => jobs.define('d', handler, { retryDelaySeconds: -1 })).toThrow(
      /retryDelaySeconds/,
    );
  });

  it('tells job ids (UUIDs) from anything else', () => {
    expect(isJobId('1b4e28ba-2fa1-11d2-883f-0016d3cca427')).toBe(true);
    expect(isJobId('1')).toBe(false);
    expect(isJobId("1b4e28ba-2fa1-11d2-883f-0016d3cca427' OR 1=1")).toBe(false);
  });
});

describeOnEachDatabase('the job queue', (engine) => {
  let db: Database;
  let owner: JobOwner;
  const queues: JobQueue[] = [];
  const connections: Database[] = [];

  beforeAll(async () => {
    db = await engine.open('seeded');
    owner = await demoOwner(db);
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
    await Promise.all(connections.splice(0).map((other) => other.close()));
  });
  afterAll(() => db?.close());

  /** A queue on this file's database with fast polling, stopped after the test. */
  const newQueue = (options: Partial<JobQueueOptions> = {}) => {
    const queue = fastQueue(db, options);
    queues.push(queue);
    return queue;
  };

  it('runs a job and keeps its result, last progress note and times, for JOB_RESULT_TTL_DAYS (7) days', async () => {
    const jobs = newQueue();
    const seen: JsonValue[] = [];
    jobs.define<{ n: number }, { doubled: number }>(
      'double',
      async ({ input, reportProgress, jobId, attempt, owner: runFor }) => {
        seen.push({ jobId, attempt, owner: { ...runFor } });
        reportProgress(0.5, 'half way');
        return { doubled: input.n * 2 };
      },
    );
    await jobs.start();

    const id = await jobs.enqueue('double', { n: 21 }, owner);
    const job = await waitForJob(jobs, id, isFinished);

    expect(isJobId(id)).toBe(true);
    expect(job).toMatchObject({
      id,
      kind: 'double',
      status: 'succeeded',
      progress: 1,
      note: 'half way',
      result: { doubled: 42 },
      error: null,
      attempts: 1,
      owner_user_id: owner.ownerUserId,
      tenant: 'kiehls',
      member_id: owner.memberId,
    });
    expect(seen).toEqual([
      {
        jobId: id,
        attempt: 1,
        owner: {
          ownerUserId: owner.ownerUserId,
          tenant: 'kiehls',
          memberId: owner.memberId,
        },
      },
    ]);
    const created = Date.parse(job.created_at);
    const started = Date.parse(job.started_at ?? '');
    const finished = Date.parse(job.finished_at ?? '');
    expect(created).toBeLessThanOrEqual(started);
    expect(started).toBeLessThanOrEqual(finished);
    expect(Date.parse(job.expires_at ?? '') - finished).toBe(
      JOB_RESULT_TTL_DAYS * DAY_MS,
    );
  });

  it('shows progress while a job runs, and lists a user\u2019s jobs newest first without anyone else\u2019s', async () => {
    const jobs = newQueue();
    const release = gate();
    jobs.define('slow', async ({ reportProgress }) => {
      reportProgress(0.25, 'a quarter');
      await release.opened;
      return 'done';
    });
    await jobs.start();
    const other = await demoOwner(db, 'admin@pact.test', 'pact');

    const first = await jobs.enqueue('slow', null, owner);
    const running = await waitForJob(jobs, first, (job) => job.progress > 0);
    const second = await jobs.enqueue('slow', null, owner);
    const theirs = await jobs.enqueue('slow', null, other);
    release.open();

    expect(running).toMatchObject({
      status: 'running',
      progress: 0.25,
      note: 'a quarter',
      result: null,
      finished_at: null,
      expires_at: null,
    });
    const mine = await jobs.list({ ownerUserId: owner.ownerUserId });
    expect(mine.map((job) => job.id).slice(0, 2)).toEqual([second, first]);
    expect(mine.map((job) => job.id)).not.toContain(theirs);
    expect(
      (await jobs.list({ ownerUserId: other.ownerUserId })).map(
        (job) => job.id,
      ),
    ).toEqual([theirs]);
    for (const id of [first, second, theirs]) {
      expect((await waitForJob(jobs, id, isFinished)).result).toBe('done');
    }
  });

  it('cancels a queued job, which never starts, and says null for a job that does not exist', async () => {
    const jobs = newQueue();
    let started = 0;
    jobs.define('never', async () => {
      started += 1;
      return null;
    });
    await jobs.ready();

    const id = await jobs.enqueue('never', null, owner);
    const cancelled = await jobs.cancel(id);
    await jobs.start();
    await sleep(300);

    expect(cancelled).toMatchObject({ status: 'cancelled', result: null });
    expect(cancelled?.finished_at).not.toBeNull();
    expect(await jobs.get(id)).toMatchObject({
      status: 'cancelled',
      attempts: 0,
    });
    expect(started).toBe(0);
    expect(
      await jobs.cancel('1b4e28ba-2fa1-11d2-883f-0016d3cca427'),
    ).toBeNull();
    expect(await jobs.cancel('not-a-uuid')).toBeNull();
    expect(await jobs.get('not-a-uuid')).toBeNull();
  });

  it('cancels a running job from another queue instance: its signal aborts and it ends cancelled, its result dropped', async () => {
    const worker = newQueue();
    const second = await engine.connectAgain(db);
    connections.push(second);
    const canceller = newQueue({ concurrency: 0, db: second });
    let reason: unknown = null;
    worker.define('wait-for-cancel', async ({ signal, reportProgress }) => {
      reportProgress(0.1);
      await aborted(signal);
      reason = signal.reason;
      return 'ignored';
    });
    canceller.define('wait-for-cancel', async () => 'unused');
    await worker.start();
    await canceller.start();

    const id = await worker.enqueue('wait-for-cancel', null, owner);
    await waitForJob(worker, id, (job) => job.progress > 0);
    const asked = await canceller.cancel(id);
    const job = await waitForJob(worker, id, isFinished);

    expect(asked?.status).toBe('running');
    expect(reason).toBe('cancelled');
    expect(job).toMatchObject({ status: 'cancelled', result: null });
    expect(await worker.cancel(id)).toMatchObject({ status: 'cancelled' });
  });

  it('retries a failed attempt, then fails showing only a JobError\u2019s message to the owner; other errors are only logged', async () => {
    const log = recordingLogger();
    const jobs = newQueue({ log });
    const attempts: number[] = [];
    jobs.define(
      'flaky',
      async ({ attempt }) => {
        attempts.push(attempt);
        if (attempt === 1) throw new Error('connection reset by 10.0.0.7');
        throw new JobError('The date range is empty.');
      },
      { retries: 1, retryDelaySeconds: 0 },
    );
    jobs.define(
      'broken',
      async () => {
        throw new Error('relation "secret_table" does not exist');
      },
      { retries: 0 },
    );
    await jobs.start();

    const flaky = await jobs.enqueue('flaky', null, owner);
    const broken = await jobs.enqueue('broken', null, owner);

    expect(await waitForJob(jobs, flaky, isFinished)).toMatchObject({
      status: 'failed',
      error: 'The date range is empty.',
      attempts: 2,
      result: null,
    });
    expect(attempts).toEqual([1, 2]);
    expect(await waitForJob(jobs, broken, isFinished)).toMatchObject({
      status: 'failed',
      error: JOB_FAILED_MESSAGE,
      attempts: 1,
    });
    const logged = log.entries.map((entry) => String(entry.details['err']));
    expect(logged).toContain('Error: relation "secret_table" does not exist');
    expect(logged).toContain('Error: connection reset by 10.0.0.7');
  });

  it('aborts an attempt that runs past its kind\u2019s timeout and fails it', async () => {
    const jobs = newQueue();
    let reason: unknown = null;
    jobs.define(
      'too-slow',
      async ({ signal }) => {
        await aborted(signal);
        reason = signal.reason;
        throw new Error('aborted');
      },
      { timeoutSeconds: 1, retries: 0 },
    );
    await jobs.start();

    const id = await jobs.enqueue('too-slow', null, owner);

    expect(await waitForJob(jobs, id, isFinished)).toMatchObject({
      status: 'failed',
      error: 'The job ran longer than its limit of 1 s.',
    });
    expect(reason).toBe('timeout');
  });

  it('stop() lets a running job finish; one that outlasts stopTimeoutMs is cut short and run again by the next queue', async () => {
    const first = newQueue({ stopTimeoutMs: 300 });
    const release = gate();
    const reasons: unknown[] = [];
    const handler = async ({
      attempt,
      signal,
    }: {
      attempt: number;
      signal: AbortSignal;
    }) => {
      if (attempt === 1) {
        await aborted(signal);
        reasons.push(signal.reason);
        throw new Error('stopped');
      }
      await release.opened;
      return attempt;
    };
    first.define('long', handler, { retryDelaySeconds: 0 });
    await first.start();
    const cut = await first.enqueue('long', null, owner);
    await waitForJob(first, cut, (job) => job.status === 'running');

    await first.stop();
    const afterStop = await first.get(cut);

    const second = newQueue({ stopTimeoutMs: 5_000 });
    second.define('long', handler, { retryDelaySeconds: 0 });
    await second.start();
    await waitForJob(second, cut, (job) => job.attempts === 2);
    const stopping = second.stop();
    release.open();
    await stopping;

    expect(reasons).toEqual(['shutdown']);
    expect(afterStop).toMatchObject({
      status: 'queued',
      error: JOB_INTERRUPTED_MESSAGE,
    });
    expect(await second.get(cut)).toMatchObject({
      status: 'succeeded',
      result: 2,
      attempts: 2,
    });
  });

  it('stop() does not wait for a handler that ignores its signal: the attempt is recorded as interrupted and its late result dropped', async () => {
    const jobs = newQueue({ stopTimeoutMs: 100 });
    const release = gate();
    jobs.define(
      'deaf',
      async () => {
        await release.opened;
        return 'too late';
      },
      { retryDelaySeconds: 0 },
    );
    await jobs.start();
    const id = await jobs.enqueue('deaf', null, owner);
    await waitForJob(jobs, id, (job) => job.status === 'running');

    const stopping = performance.now();
    await jobs.stop();
    const stopMs = performance.now() - stopping;
    release.open();
    await sleep(100);

    expect(stopMs).toBeLessThan(1_500);
    expect(await jobs.get(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      result: null,
      error: JOB_INTERRUPTED_MESSAGE,
    });
  });

  it('enqueues inside a caller\u2019s transaction: nothing when it rolls back, a job that runs when it commits', async () => {
    const jobs = newQueue();
    jobs.define('in-tx', async ({ input }) => input);
    await jobs.start();
    let rolledBack = '';

    await expect(
      db.transaction(async (tx) => {
        rolledBack = await jobs.enqueue('in-tx', 'no', owner, { tx });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const committed = await db.transaction((tx) =>
      jobs.enqueue('in-tx', 'yes', owner, { tx }),
    );

    expect(await jobs.get(rolledBack)).toBeNull();
    const [boss] = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM pgboss.job WHERE id = $1',
      [rolledBack],
    );
    expect(boss?.count).toBe(0);
    expect((await waitForJob(jobs, committed, isFinished)).result).toBe('yes');
  });

  it('removes a finished job once it expires, and only then', async () => {
    const jobs = newQueue();
    jobs.define('short-lived', async () => 'kept a while');
    await jobs.start();
    const expiring = await jobs.enqueue('short-lived', null, owner);
    const kept = await jobs.enqueue('short-lived', null, owner);
    await waitForJob(jobs, expiring, isFinished);
    await waitForJob(jobs, kept, isFinished);

    // As if JOB_RESULT_TTL_DAYS had passed for one of them.
    await db.query(
      "UPDATE jobs SET expires_at = now() - interval '1 second' WHERE id = $1",
      [expiring],
    );
    const hiddenBeforeSweep = await jobs.get(expiring);
    const removed = await jobs.purgeExpired();

    expect(hiddenBeforeSweep).toBeNull();
    expect(removed).toBe(1);
    const rows = await db.query<{ id: string }>(
      'SELECT id FROM jobs WHERE id = ANY($1::uuid[])',
      [[expiring, kept]],
    );
    expect(rows.map((row) => row.id)).toEqual([kept]);
    expect((await jobs.get(kept))?.result).toBe('kept a while');
  });
});
