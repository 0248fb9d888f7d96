/**
 * The shapes of the job queue (docs/decisions/0071): what a handler gets and
 * returns, and what the owner of a job sees.
 */
import type { TenantCode } from '@collective/api-client/contract';

/** A value that survives JSON: what a job takes as input and returns as result. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

/** Where a job is in its life; the last three are final. */
export type JobStatus =
  | 'queued'
  | 'running'
  | 'succeeded'
  | 'failed'
  | 'cancelled';

/** Who asked for a job, and in which scope it runs (the request's data scope). */
export interface JobOwner {
  /** The user who enqueued it (for an API key: the key's owner). */
  ownerUserId: number;
  /** The tenant the request was made in. */
  tenant: TenantCode;
  /** The member whose data the job reads, or `null` for all members (collective admins). */
  memberId: number | null;
}

/** A job as its owner sees it; times are ISO 8601 in UTC. */
export interface JobRecord {
  /** A UUID, also pg-boss's id of the job. */
  id: string;
  /** What to do: a kind defined with {@link JobHandler}. */
  kind: string;
  /** Where it is in its life. */
  status: JobStatus;
  /** The input given to `enqueue`. */
  input: JsonValue;
  /** 0 to 1, as last reported by the handler (1 once it succeeded). */
  progress: number;
  /** The handler's last words on its progress (e.g. "12,000 of 48,000 rows"), or `null`. */
  note: string | null;
  /** The handler's return value once succeeded; `null` before and otherwise. */
  result: JsonValue | null;
  /** Why it failed (or why its last attempt failed while it waits to be retried), or `null`. */
  error: string | null;
  /** How many times it was started (more than 1 after a retry or a crash). */
  attempts: number;
  /** The user who enqueued it. */
  owner_user_id: number;
  /** The tenant it was enqueued in. */
  tenant: TenantCode;
  /** The member whose data it reads, or `null` for all. */
  member_id: number | null;
  /** When it was enqueued. */
  created_at: string;
  /** When its latest attempt started, or `null` while it never ran. */
  started_at: string | null;
  /** When it reached a final status, or `null`. */
  finished_at: string | null;
  /** When it will be removed (JOB_RESULT_TTL_DAYS after it ended), or `null` while unfinished. */
  expires_at: string | null;
}

/** What a handler is given for one attempt at a job. */
export interface JobContext<TInput extends JsonValue = JsonValue> {
  /** The job's id (the same on every attempt). */
  jobId: string;
  /** 1 on the first attempt, more after a retry or a crash. */
  attempt: number;
  /** The input given to `enqueue`. */
  input: TInput;
  /** The owner and scope the job runs for. */
  owner: JobOwner;
  /**
   * Records how far the job is (0 to 1) and, optionally, a short note (200
   * characters kept). Never waits: writes are coalesced to at most four a
   * second, the latest value winning, so it may be called on every row.
   */
  reportProgress(fraction: number, note?: string): void;
  /**
   * Aborted when the job is cancelled, runs past its kind's timeout, or the
   * queue stops: stop working and return or throw soon after. Its `reason`
   * is a {@link JobAbortReason}.
   */
  signal: AbortSignal;
}

/** Why a handler's signal was aborted. */
export type JobAbortReason =
  | 'cancelled'
  | 'timeout'
  | 'shutdown'
  | 'superseded';

/**
 * Does the work of one kind of job and returns its result. Must be
 * idempotent: an attempt cut short by a crash, a timeout or a shutdown is
 * run again from the start, so it may redo work but must not do it twice
 * in effect (write outputs keyed by the job id, replace rather than add).
 */
export type JobHandler<
  TInput extends JsonValue = JsonValue,
  TResult extends JsonValue = JsonValue,
> = (context: JobContext<TInput>) => Promise<TResult>;

/** How one kind of job runs. */
export interface JobKindOptions {
  /**
   * Longest an attempt may run, in seconds: then its signal is aborted and
   * it fails (and is retried while retries remain). It also bounds how late
   * an attempt cut short by a crash on PostgreSQL is retried.
   */
  timeoutSeconds?: number;
  /** Attempts after the first when one fails, crashes or is cut short by a shutdown. */
  retries?: number;
  /** Seconds before a failed attempt is retried. */
  retryDelaySeconds?: number;
}

/**
 * An error whose message the job's owner may read (e.g. "The date range is
 * empty."). Any other error is recorded as {@link JOB_FAILED_MESSAGE} and
 * logged, so no internal detail reaches the owner.
 */
export class JobError extends Error {
  /** Names the class in logs and stack traces. */
  override readonly name = 'JobError';
}

/** What the owner reads when a job failed with an error other than a {@link JobError}. */
export const JOB_FAILED_MESSAGE = 'The job failed.';
