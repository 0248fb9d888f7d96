/**
 * Limits and defaults of the job queue (docs/decisions/0071, decisions D18).
 */

/** Days a finished job (succeeded, failed or cancelled) and its result are kept, then removed. */
export const JOB_RESULT_TTL_DAYS = 7;

/**
 * Days a job may wait in the queue without starting (pg-boss's retention
 * of a waiting job); then it ends as failed with {@link JOB_NEVER_STARTED_MESSAGE}.
 */
export const JOB_QUEUED_TTL_DAYS = 7;

/** What the owner reads about a job that waited {@link JOB_QUEUED_TTL_DAYS} without starting. */
export const JOB_NEVER_STARTED_MESSAGE = `The job did not start within ${JOB_QUEUED_TTL_DAYS} days.`;

/** What the owner reads about an attempt cut short because its server stopped. */
export const JOB_INTERRUPTED_MESSAGE =
  'The server running the job stopped before it finished.';

/** Longest an attempt runs by default before it is aborted and fails: 10 minutes. */
export const DEFAULT_JOB_TIMEOUT_SECONDS = 10 * 60;

/** Longest timeout a kind may have: pg-boss caps a job's expiry (timeout plus grace) below 24 hours. */
export const MAX_JOB_TIMEOUT_SECONDS = 22 * 60 * 60;

/** Attempts after the first, by default, for a job that fails, times out or is cut short. */
export const DEFAULT_JOB_RETRIES = 2;

/** Seconds before a failed attempt is retried, by default. */
export const DEFAULT_JOB_RETRY_DELAY_SECONDS = 10;

/**
 * Seconds pg-boss waits past a kind's timeout before it declares a running
 * attempt dead and hands the job out again. A live attempt has ended by
 * then (its own timeout fired first), so only an attempt whose process
 * died (kill -9, a crash, a lost machine) is retried this way.
 */
export const JOB_EXPIRY_GRACE_SECONDS = 30;

/** Jobs one server process runs at once, by default (the machine has 2 cores). */
export const DEFAULT_JOB_CONCURRENCY = 2;

/** How often an idle queue asks the database for work, by default. */
export const DEFAULT_JOB_POLL_INTERVAL_MS = 1_000;

/** How often pg-boss's maintenance (expiry of dead attempts, archiving) runs across all processes, by default. */
export const DEFAULT_JOB_MAINTENANCE_INTERVAL_SECONDS = 30;

/** How often expired jobs are removed, by default. */
export const DEFAULT_JOB_SWEEP_INTERVAL_MS = 60_000;

/** How long `stop()` lets running jobs finish, by default, before cutting them short. */
export const DEFAULT_JOB_STOP_TIMEOUT_MS = 5_000;

/** Least time between two progress writes of one attempt. */
export const JOB_PROGRESS_WRITE_INTERVAL_MS = 250;

/** Most jobs `list` returns. */
export const JOB_LIST_LIMIT = 100;

/** Longest note kept with a progress report, in characters. */
export const JOB_NOTE_MAX_LENGTH = 200;

/** Longest error message kept, in characters. */
export const JOB_ERROR_MAX_LENGTH = 1_000;
