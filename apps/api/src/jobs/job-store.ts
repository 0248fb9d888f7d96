/**
 * The `jobs` table (migration 6, docs/decisions/0071): the job as its owner
 * sees it. Every write that ends an attempt is guarded by the attempt's
 * number, so only the latest attempt of a job can record its outcome.
 */
import type { TenantCode } from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import { isoTime } from '../db/iso-time';
import { JOB_RESULT_TTL_DAYS } from './job-constants';
import type { JobOwner, JobRecord, JsonValue } from './job-types';

/** A row of `jobs` as the drivers return it (times as dates, before {@link toRecord}). */
type JobRow = Omit<
  JobRecord,
  | 'attempts'
  | 'tenant'
  | 'created_at'
  | 'started_at'
  | 'finished_at'
  | 'expires_at'
> & {
  tenant: string;
  attempt: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  expires_at: Date | null;
};

/** An attempt just claimed: what its handler needs. */
export interface ClaimedJob {
  /** The job's id. */
  id: string;
  /** Its kind, naming the handler. */
  kind: string;
  /** The number of this attempt (1 for the first). */
  attempt: number;
  /** The input given to `enqueue`. */
  input: JsonValue;
  /** Who it runs for. */
  owner: JobOwner;
}

/** The outcome an attempt records. */
export type FinalOutcome =
  | { status: 'succeeded'; result: JsonValue }
  | { status: 'failed'; error: string }
  | { status: 'cancelled' };

const COLUMNS = `id, kind, status, input, progress, note, result, error,
  owner_user_id, tenant, member_id, attempt, created_at, started_at,
  finished_at, expires_at`;

/** A live row: ended rows past their `expires_at` are gone for readers, swept or not. */
const LIVE = '(expires_at IS NULL OR expires_at > now())';

/** `expires_at` of a job ending now. */
const EXPIRES = `now() + make_interval(days => ${JOB_RESULT_TTL_DAYS})`;

/** A row as its record: the job's own fields as they are, its times in ISO 8601. */
function toRecord({
  progress,
  attempt,
  tenant,
  created_at,
  started_at,
  finished_at,
  expires_at,
  ...fields
}: JobRow): JobRecord {
  return {
    ...fields,
    progress: Number(progress),
    attempts: attempt,
    tenant: tenant as TenantCode,
    created_at: isoTime(created_at),
    started_at: isoTime(started_at),
    finished_at: isoTime(finished_at),
    expires_at: isoTime(expires_at),
  };
}

/** Records a new queued job. */
export async function insertJob(
  db: SqlRunner,
  job: { id: string; kind: string; input: JsonValue; owner: JobOwner },
): Promise<JobRecord> {
  const rows = await db.query<JobRow>(
    `INSERT INTO jobs (id, kind, input, owner_user_id, tenant, member_id)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6)
     RETURNING ${COLUMNS}`,
    [
      job.id,
      job.kind,
      JSON.stringify(job.input),
      job.owner.ownerUserId,
      job.owner.tenant,
      job.owner.memberId,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error(`The job ${job.id} was not recorded.`);
  return toRecord(row);
}

/** The job with `id`, or `null` when there is none (or it has expired). */
export async function findJob(
  db: SqlRunner,
  id: string,
): Promise<JobRecord | null> {
  const rows = await db.query<JobRow>(
    `SELECT ${COLUMNS} FROM jobs WHERE id = $1 AND ${LIVE}`,
    [id],
  );
  const row = rows[0];
  return row ? toRecord(row) : null;
}

/** A user's jobs, newest first. */
export async function listJobs(
  db: SqlRunner,
  ownerUserId: number,
  limit: number,
): Promise<JobRecord[]> {
  const rows = await db.query<JobRow>(
    `SELECT ${COLUMNS} FROM jobs
      WHERE owner_user_id = $1 AND ${LIVE}
      ORDER BY created_at DESC, id
      LIMIT $2`,
    [ownerUserId, limit],
  );
  return rows.map(toRecord);
}

/**
 * Starts a new attempt of a queued job (or of a running one whose attempt
 * was cut short by a crash and handed out again by pg-boss): bumps
 * `attempt`, so an older attempt still alive can no longer record anything.
 * `null` when the job ended (e.g. was cancelled) or does not exist.
 */
export async function claimJob(
  db: SqlRunner,
  id: string,
  workerId: string,
): Promise<ClaimedJob | null> {
  const rows = await db.query<JobRow>(
    `UPDATE jobs
        SET status = 'running', attempt = attempt + 1, worker_id = $2,
            started_at = now(), progress = 0, note = NULL
      WHERE id = $1 AND status IN ('queued', 'running')
        AND cancel_requested_at IS NULL
      RETURNING ${COLUMNS}`,
    [id, workerId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    attempt: row.attempt,
    input: row.input,
    owner: {
      ownerUserId: row.owner_user_id,
      tenant: row.tenant as TenantCode,
      memberId: row.member_id,
    },
  };
}

/** Where a running attempt stands, read before it records an outcome. */
export interface AttemptState {
  /** Whether `attempt` is still the job's latest attempt and it is running. */
  current: boolean;
  /** Whether someone asked to cancel the job. */
  cancelRequested: boolean;
}

/** Reads whether `attempt` still owns the job and whether a cancel was asked for. */
export async function attemptState(
  db: SqlRunner,
  id: string,
  attempt: number,
): Promise<AttemptState> {
  const rows = await db.query<{
    current: boolean;
    cancel_requested: boolean;
  }>(
    `SELECT attempt = $2 AND status = 'running' AS current,
            cancel_requested_at IS NOT NULL AS cancel_requested
       FROM jobs WHERE id = $1`,
    [id, attempt],
  );
  const row = rows[0];
  return {
    current: row?.current ?? false,
    cancelRequested: row?.cancel_requested ?? false,
  };
}

/**
 * Records the progress of `attempt`. Returns whether a cancel was asked
 * for, or `null` when the attempt no longer owns the job.
 */
export async function writeProgress(
  db: SqlRunner,
  id: string,
  attempt: number,
  progress: number,
  note: string | null,
): Promise<{ cancelRequested: boolean } | null> {
  const rows = await db.query<{ cancel_requested: boolean }>(
    `UPDATE jobs SET progress = $3, note = COALESCE($4, note)
      WHERE id = $1 AND attempt = $2 AND status = 'running'
      RETURNING cancel_requested_at IS NOT NULL AS cancel_requested`,
    [id, attempt, progress, note],
  );
  const row = rows[0];
  return row ? { cancelRequested: row.cancel_requested } : null;
}

/**
 * Ends `attempt` with a final status. `false` (nothing written) when the
 * attempt no longer owns the job.
 */
export async function finishJob(
  db: SqlRunner,
  id: string,
  attempt: number,
  outcome: FinalOutcome,
): Promise<boolean> {
  const result = outcome.status === 'succeeded' ? outcome.result : null;
  const error = outcome.status === 'failed' ? outcome.error : null;
  const rows = await db.query<{ id: string }>(
    `UPDATE jobs
        SET status = $3, result = $4::jsonb, error = $5,
            progress = CASE WHEN $3 = 'succeeded' THEN 1 ELSE progress END,
            finished_at = now(), expires_at = ${EXPIRES}, worker_id = NULL
      WHERE id = $1 AND attempt = $2 AND status = 'running'
      RETURNING id`,
    [id, attempt, outcome.status, JSON.stringify(result), error],
  );
  return rows.length === 1;
}

/**
 * Puts a job whose `attempt` failed back in the queue, keeping the error
 * until the next attempt starts. `false` when the attempt no longer owns it.
 */
export async function requeueJob(
  db: SqlRunner,
  id: string,
  attempt: number,
  error: string,
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `UPDATE jobs SET status = 'queued', error = $3, worker_id = NULL
      WHERE id = $1 AND attempt = $2 AND status = 'running'
      RETURNING id`,
    [id, attempt, error],
  );
  return rows.length === 1;
}

/**
 * Asks to cancel an unfinished job: a queued one is cancelled at once, a
 * running one keeps running until its attempt sees the request. Returns the
 * status the job had, or `null` when it does not exist or already ended.
 */
export async function requestCancel(
  db: SqlRunner,
  id: string,
): Promise<{ kind: string; previous: 'queued' | 'running' } | null> {
  const rows = await db.query<{ kind: string; previous: 'queued' | 'running' }>(
    `UPDATE jobs j
        SET cancel_requested_at = COALESCE(j.cancel_requested_at, now()),
            status = CASE WHEN j.status = 'queued' THEN 'cancelled' ELSE j.status END,
            finished_at = CASE WHEN j.status = 'queued' THEN now() END,
            expires_at = CASE WHEN j.status = 'queued' THEN ${EXPIRES} END
       FROM (SELECT id, status FROM jobs WHERE id = $1 FOR UPDATE) before
      WHERE j.id = before.id AND before.status IN ('queued', 'running')
      RETURNING j.kind, before.status AS previous`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Ends as cancelled a running job whose cancel was asked for while its
 * attempt was cut short (it is handed out again, but must not start).
 * `false` when it is not such a job.
 */
export async function cancelAbandonedJob(
  db: SqlRunner,
  id: string,
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `UPDATE jobs
        SET status = 'cancelled', finished_at = now(), expires_at = ${EXPIRES},
            worker_id = NULL
      WHERE id = $1 AND status = 'running' AND cancel_requested_at IS NOT NULL
      RETURNING id`,
    [id],
  );
  return rows.length === 1;
}

/** Of the running jobs `ids`, those whose cancel was asked for. */
export async function cancelRequestedAmong(
  db: SqlRunner,
  ids: readonly string[],
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM jobs
      WHERE id = ANY($1::uuid[]) AND cancel_requested_at IS NOT NULL`,
    [ids],
  );
  return rows.map((row) => row.id);
}

/** Running jobs of workers other than `liveWorkerIds` (on PGlite: orphans of a dead process). */
export async function runningJobsOfOtherWorkers(
  db: SqlRunner,
  liveWorkerIds: readonly string[],
): Promise<{ id: string; kind: string; attempt: number }[]> {
  return db.query<{ id: string; kind: string; attempt: number }>(
    `SELECT id, kind, attempt FROM jobs
      WHERE status = 'running'
        AND (worker_id IS NULL OR worker_id <> ALL($1::uuid[]))`,
    [liveWorkerIds],
  );
}

/**
 * Deletes jobs past their `expires_at`; ends as failed those queued longer
 * than pg-boss keeps a job waiting (`queuedTtlDays`), and as cancelled
 * those left running with a cancel asked for a day ago. Returns how many
 * were deleted.
 */
export async function purgeExpiredJobs(
  db: SqlRunner,
  queuedTtlDays: number,
  neverStartedMessage: string,
): Promise<number> {
  await db.query(
    `UPDATE jobs
        SET status = 'failed', error = $2, finished_at = now(),
            expires_at = ${EXPIRES}
      WHERE status = 'queued'
        AND created_at < now() - make_interval(days => $1)`,
    [queuedTtlDays, neverStartedMessage],
  );
  // No attempt runs for a day (pg-boss expires one sooner): one still
  // "running" with a cancel asked for lost its worker in a race with the
  // cancel (see JobQueue.cancel) and is cancelled here.
  await db.query(
    `UPDATE jobs
        SET status = 'cancelled', finished_at = now(), expires_at = ${EXPIRES},
            worker_id = NULL
      WHERE status = 'running' AND cancel_requested_at IS NOT NULL
        AND started_at < now() - interval '1 day'`,
  );
  const deleted = await db.query<{ id: string }>(
    'DELETE FROM jobs WHERE expires_at <= now() RETURNING id',
  );
  return deleted.length;
}
