/**
 * Helpers of the job queue's tests (and of the child process the crash
 * tests start): quick polling, waiting for a job, an owner from the demo data.
 */
import type { TenantCode } from '@collective/api-client/contract';
import type { Database, SqlRunner } from '../../db/database';
import {
  JobQueue,
  type JobQueueLogger,
  type JobQueueOptions,
} from '../job-queue';
import type { JobOwner, JobRecord } from '../job-types';

/** A log entry kept by {@link recordingLogger}. */
export interface LogEntry {
  level: 'info' | 'error';
  message: string;
  details: Record<string, unknown>;
}

/** A logger that keeps what it is told instead of printing it. */
export function recordingLogger(): JobQueueLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  return {
    entries,
    info: (details, message) =>
      entries.push({ level: 'info', message, details }),
    error: (details, message) =>
      entries.push({ level: 'error', message, details }),
  };
}

/** Queue settings that keep a test in seconds: polls every 20 ms, maintenance every second. */
export const FAST_QUEUE_OPTIONS = {
  pollIntervalMs: 20,
  maintenanceIntervalSeconds: 1,
  stopTimeoutMs: 2_000,
  expiryGraceSeconds: 1,
} satisfies Partial<JobQueueOptions>;

/**
 * A queue on `db` as the tests want one: {@link FAST_QUEUE_OPTIONS} and a
 * {@link recordingLogger}, each overridden by `options` where given.
 */
export function fastQueue(
  db: Database,
  options: Partial<Omit<JobQueueOptions, 'db'>> = {},
): JobQueue {
  return new JobQueue({
    db,
    ...FAST_QUEUE_OPTIONS,
    log: recordingLogger(),
    ...options,
  });
}

/** The kind the crash tests' worker process runs: counts steps, reporting progress. */
export const CRASH_KIND = 'crash-count';

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Polls `find` every 20 ms until it returns something, and returns that;
 * after `timeoutMs` throws `No <what> within <timeoutMs> ms.`, or the
 * message `what` builds when it is a function (called then, so that it can
 * name the last thing seen).
 */
export async function eventually<T>(
  find: () => T | undefined | Promise<T | undefined>,
  what: string | (() => string),
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await find();
    if (found !== undefined) return found;
    await sleep(20);
  }
  throw new Error(
    typeof what === 'string' ? `No ${what} within ${timeoutMs} ms.` : what(),
  );
}

/**
 * Polls `queue.get(id)` until `until` holds and returns that record; throws
 * with the last record seen after `timeoutMs`.
 */
export async function waitForJob(
  queue: JobQueue,
  id: string,
  until: (job: JobRecord) => boolean,
  timeoutMs = 15_000,
): Promise<JobRecord> {
  let last: JobRecord | null = null;
  return eventually(
    async () => {
      last = await queue.get(id);
      return last && until(last) ? last : undefined;
    },
    () =>
      `The job ${id} did not get there within ${timeoutMs} ms; last seen: ${JSON.stringify(last)}`,
    timeoutMs,
  );
}

/** Whether a job has ended. */
export function isFinished(job: JobRecord): boolean {
  return ['succeeded', 'failed', 'cancelled'].includes(job.status);
}

/**
 * A user of the demo data as a job owner (by default Kiehl's brand admin,
 * in the kiehls tenant, scoped to Kiehl's).
 */
export async function demoOwner(
  db: SqlRunner,
  email = 'brand.admin@kiehls.test',
  tenant: TenantCode = 'kiehls',
): Promise<JobOwner> {
  const [user] = await db.query<{ id: number; member_id: number | null }>(
    'SELECT id, member_id FROM users WHERE email = $1',
    [email],
  );
  if (!user) throw new Error(`The demo data has no ${email}.`);
  return { ownerUserId: user.id, tenant, memberId: user.member_id };
}
