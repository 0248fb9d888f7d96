/**
 * The job queue (decisions D18, docs/decisions/0071): long work (exports,
 * reports, re-validating uploads) run on the database, surviving restarts
 * and run once across every server process on one database.
 *
 * pg-boss 10 is the queue on both engines, reaching the database through
 * the server's own {@link Database} (`bossDatabase`): on PostgreSQL its
 * pool, on PGlite the in-process instance. pg-boss hands each job to one
 * process (`FOR UPDATE SKIP LOCKED`), retries failed attempts and, through
 * its maintenance, hands out again an attempt whose process died. The
 * `jobs` table (`job-store.ts`) is the job as its owner sees it: status,
 * progress, result, error, kept {@link JOB_RESULT_TTL_DAYS} days. A job is
 * started, ended and cancelled in one transaction with its pg-boss row
 * (always locking pg-boss's row first, then ours).
 *
 * Wiring (the route layer): create one queue per server process after the
 * migrations, `define` every kind, `start()` it; `stop()` it before the
 * database is closed.
 */
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database, SqlRunner } from '../db/database';
import {
  DEFAULT_JOB_CONCURRENCY,
  DEFAULT_JOB_MAINTENANCE_INTERVAL_SECONDS,
  DEFAULT_JOB_POLL_INTERVAL_MS,
  DEFAULT_JOB_RETRIES,
  DEFAULT_JOB_RETRY_DELAY_SECONDS,
  DEFAULT_JOB_STOP_TIMEOUT_MS,
  DEFAULT_JOB_SWEEP_INTERVAL_MS,
  DEFAULT_JOB_TIMEOUT_SECONDS,
  JOB_ERROR_MAX_LENGTH,
  JOB_EXPIRY_GRACE_SECONDS,
  JOB_INTERRUPTED_MESSAGE,
  JOB_LIST_LIMIT,
  JOB_NEVER_STARTED_MESSAGE,
  JOB_NOTE_MAX_LENGTH,
  JOB_PROGRESS_WRITE_INTERVAL_MS,
  JOB_QUEUED_TTL_DAYS,
  JOB_RESULT_TTL_DAYS,
  MAX_JOB_TIMEOUT_SECONDS,
} from './job-constants';
import {
  attemptState,
  cancelAbandonedJob,
  cancelRequestedAmong,
  claimJob,
  findJob,
  finishJob,
  insertJob,
  listJobs,
  purgeExpiredJobs,
  requestCancel,
  requeueJob,
  runningJobsOfOtherWorkers,
  writeProgress,
  type ClaimedJob,
} from './job-store';
import {
  JOB_FAILED_MESSAGE,
  JobError,
  type JobAbortReason,
  type JobHandler,
  type JobKindOptions,
  type JobOwner,
  type JobRecord,
  type JsonValue,
} from './job-types';
import { bossDatabase } from './pg-boss-database';
import { ProgressReporter } from './progress-reporter';
import { WakeableDelay } from './wakeable-delay';

/** Where the queue writes what it has to say; pino's logger (the server's `app.log`) fits. */
export interface JobQueueLogger {
  /** Something worth knowing: a job cut short, orphans recovered. */
  info(details: Record<string, unknown>, message: string): void;
  /** Something went wrong: a handler threw, the database failed. */
  error(details: Record<string, unknown>, message: string): void;
}

/** Options of {@link JobQueue}. */
export interface JobQueueOptions {
  /** The server's database (PGlite or a PostgreSQL pool), migrated. */
  db: Database;
  /** Jobs this process runs at once; 0 enqueues and reads jobs but runs none. */
  concurrency?: number;
  /** How often an idle queue asks for work, in ms (tests: tens of ms). */
  pollIntervalMs?: number;
  /** How often pg-boss's maintenance runs (expiry of dead attempts), in seconds, at least 1. */
  maintenanceIntervalSeconds?: number;
  /** How often expired jobs are removed, in ms. */
  sweepIntervalMs?: number;
  /** How long {@link JobQueue.stop} lets running jobs finish, in ms. */
  stopTimeoutMs?: number;
  /**
   * Seconds past a kind's timeout after which pg-boss hands out again an
   * attempt whose process died ({@link JOB_EXPIRY_GRACE_SECONDS}; tests: 1).
   */
  expiryGraceSeconds?: number;
  /** Where to log; errors go to the console by default. */
  log?: JobQueueLogger;
}

/** Options of {@link JobQueue.enqueue}, {@link JobQueue.get} and {@link JobQueue.cancel}. */
export interface EnqueueOptions {
  /**
   * A transaction of the caller to work in (e.g. with its audit event): an
   * enqueued job exists, and a cancel holds, only if it commits. The queue
   * must be started (or {@link JobQueue.ready}) first.
   */
  tx?: SqlRunner;
}

/** A kind's handler and settings, complete. */
interface KindDefinition {
  handler: JobHandler;
  timeoutSeconds: number;
  retries: number;
  retryDelaySeconds: number;
}

/** An attempt running in this process. */
interface RunningAttempt {
  job: ClaimedJob;
  controller: AbortController;
  /** Settles once the attempt has recorded its outcome (or given up). */
  done: Promise<void>;
  /** Set when `stop()` recorded the attempt as interrupted: its own outcome is dropped. */
  abandoned: boolean;
}

/** What an attempt ended with, before it is recorded. */
type AttemptOutcome =
  | { kind: 'succeeded'; result: JsonValue }
  | { kind: 'failed'; error: string }
  | { kind: 'cancelled' };

/** Thrown inside a transaction to roll it back when the attempt lost the job meanwhile. */
class SupersededAttempt extends Error {}

/** Kind names: lowercase words with hyphens, as pg-boss queue names. */
const KIND_PATTERN = /^[a-z][a-z0-9-]{0,62}$/;

/** A job id: a UUID in its usual text form. */
const JOB_ID_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Key of the advisory lock under which pg-boss is installed and its queues created ("jobs"). */
const JOB_INSTALL_LOCK_KEY = 0x6a6f6273;

/** Worker ids of the queues running in this process (PGlite: every other one is dead). */
const liveWorkerIds = new Set<string>();

/**
 * Whether `value` can be a job id (a UUID); anything else is no job, so a
 * route can answer 400 or 404 before any database work.
 */
export function isJobId(value: string): boolean {
  return JOB_ID_PATTERN.test(value);
}

const consoleLogger: JobQueueLogger = {
  info: () => undefined,
  error: (details, message) => console.error(`[jobs] ${message}`, details),
};

function wholeNumber(
  value: number,
  name: string,
  min: number,
  max: number,
): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(
      `${name} must be a whole number from ${min} to ${max}; got ${value}.`,
    );
  }
  return value;
}

function publicMessage(error: unknown): string {
  return error instanceof JobError
    ? error.message.slice(0, JOB_ERROR_MAX_LENGTH)
    : JOB_FAILED_MESSAGE;
}

/** See the module comment. */
export class JobQueue {
  readonly #db: Database;
  readonly #boss: PgBoss;
  readonly #log: JobQueueLogger;
  readonly #concurrency: number;
  readonly #pollIntervalMs: number;
  readonly #sweepIntervalMs: number;
  readonly #stopTimeoutMs: number;
  readonly #expiryGraceSeconds: number;
  readonly #workerId = randomUUID();
  readonly #kinds = new Map<string, KindDefinition>();
  readonly #running = new Map<string, RunningAttempt>();
  #installing: Promise<void> | null = null;
  #installed = false;
  #starting: Promise<void> | null = null;
  #loop: Promise<void> | null = null;
  #stopRequested = false;
  #stopping: Promise<void> | null = null;
  readonly #idle = new WakeableDelay();
  #kindCursor = 0;

  /** Creates the queue; nothing touches the database until {@link ready} or {@link start}. */
  constructor(options: JobQueueOptions) {
    this.#db = options.db;
    this.#log = options.log ?? consoleLogger;
    this.#concurrency = wholeNumber(
      options.concurrency ?? DEFAULT_JOB_CONCURRENCY,
      'concurrency',
      0,
      100,
    );
    this.#pollIntervalMs =
      options.pollIntervalMs ?? DEFAULT_JOB_POLL_INTERVAL_MS;
    this.#sweepIntervalMs =
      options.sweepIntervalMs ?? DEFAULT_JOB_SWEEP_INTERVAL_MS;
    this.#stopTimeoutMs = options.stopTimeoutMs ?? DEFAULT_JOB_STOP_TIMEOUT_MS;
    this.#expiryGraceSeconds = wholeNumber(
      options.expiryGraceSeconds ?? JOB_EXPIRY_GRACE_SECONDS,
      'expiryGraceSeconds',
      1,
      3600,
    );
    this.#boss = new PgBoss({
      db: bossDatabase(this.#db),
      migrate: true,
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: wholeNumber(
        options.maintenanceIntervalSeconds ??
          DEFAULT_JOB_MAINTENANCE_INTERVAL_SECONDS,
        'maintenanceIntervalSeconds',
        1,
        3600,
      ),
      retentionDays: JOB_QUEUED_TTL_DAYS,
      deleteAfterDays: JOB_RESULT_TTL_DAYS,
    });
    this.#boss.on('error', (error) =>
      this.#log.error({ err: error }, 'pg-boss failed'),
    );
  }

  /**
   * Declares how to run jobs of `kind` (lowercase words with hyphens), before
   * {@link ready} or {@link start}. The handler must be idempotent: see
   * {@link JobHandler}.
   */
  define<TInput extends JsonValue, TResult extends JsonValue>(
    kind: string,
    handler: JobHandler<TInput, TResult>,
    options: JobKindOptions = {},
  ): void {
    if (!KIND_PATTERN.test(kind)) {
      throw new Error(
        `A job kind is lowercase words with hyphens (e.g. "member-report"); got "${kind}".`,
      );
    }
    if (this.#kinds.has(kind)) {
      throw new Error(`The job kind "${kind}" is defined already.`);
    }
    if (this.#installing || this.#starting) {
      throw new Error(
        `Define the job kind "${kind}" before the queue is started.`,
      );
    }
    this.#kinds.set(kind, {
      // A handler of narrower input is called only with that kind's input.
      handler: handler as unknown as JobHandler,
      timeoutSeconds: wholeNumber(
        options.timeoutSeconds ?? DEFAULT_JOB_TIMEOUT_SECONDS,
        'timeoutSeconds',
        1,
        MAX_JOB_TIMEOUT_SECONDS,
      ),
      retries: wholeNumber(
        options.retries ?? DEFAULT_JOB_RETRIES,
        'retries',
        0,
        100,
      ),
      retryDelaySeconds: wholeNumber(
        options.retryDelaySeconds ?? DEFAULT_JOB_RETRY_DELAY_SECONDS,
        'retryDelaySeconds',
        0,
        86_400,
      ),
    });
  }

  /**
   * Installs (or upgrades) pg-boss's schema and a pg-boss queue per kind,
   * once; {@link start} and {@link enqueue} call it. Enough for a process
   * that only enqueues.
   */
  ready(): Promise<void> {
    this.#installing ??= this.#install().catch((error: unknown) => {
      // Tried again on the next call (e.g. once the database is back).
      this.#installing = null;
      throw error;
    });
    return this.#installing;
  }

  /**
   * Records a new job of `kind` with `input` for `owner` and returns its id.
   * It runs on whichever process takes it first.
   */
  async enqueue(
    kind: string,
    input: JsonValue,
    owner: JobOwner,
    options: EnqueueOptions = {},
  ): Promise<string> {
    const definition = this.#kinds.get(kind);
    if (!definition) throw new Error(`Unknown job kind "${kind}".`);
    if (this.#stopRequested) throw new Error('The job queue is stopped.');
    const id = randomUUID();
    const write = async (tx: SqlRunner) => {
      await insertJob(tx, { id, kind, input, owner });
      await this.#boss.send(
        kind,
        {},
        { id, ...this.#bossJobOptions(definition), db: bossDatabase(tx) },
      );
    };
    if (options.tx) {
      // Waiting here for the install could deadlock PGlite, whose one
      // connection the caller's transaction holds.
      if (!this.#installed) {
        throw new Error(
          'Start the job queue (or await ready()) before enqueueing inside a transaction.',
        );
      }
      await write(options.tx);
    } else {
      await this.ready();
      await this.#db.transaction(write);
    }
    this.#wakeUp();
    return id;
  }

  /**
   * The job with `id`, or `null` when there is none (or it expired).
   * Checking that the caller may see it is the caller's.
   */
  async get(
    id: string,
    options: EnqueueOptions = {},
  ): Promise<JobRecord | null> {
    if (!isJobId(id)) return null;
    return findJob(options.tx ?? this.#db, id);
  }

  /** The jobs of `ownerUserId`, newest first, at most `limit` (100). */
  async list(query: {
    ownerUserId: number;
    limit?: number;
  }): Promise<JobRecord[]> {
    const limit = Math.min(
      Math.max(1, Math.floor(query.limit ?? JOB_LIST_LIMIT)),
      JOB_LIST_LIMIT,
    );
    return listJobs(this.#db, query.ownerUserId, limit);
  }

  /**
   * Cancels a job: a queued one never starts and is `cancelled` at once; a
   * running one has its signal aborted (at once in this process, within a
   * poll interval in another) and ends as `cancelled` when its handler
   * returns. Returns the job as it is then (still `running` while its
   * handler winds down; `succeeded`/`failed` when it had ended, untouched),
   * or `null` when there is no such job. Checking access is the caller's.
   */
  async cancel(
    id: string,
    options: EnqueueOptions = {},
  ): Promise<JobRecord | null> {
    if (!isJobId(id)) return null;
    const request = async (tx: SqlRunner) => {
      const [row] = await tx.query<{ kind: string; status: string }>(
        'SELECT kind, status FROM jobs WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (!row || (row.status !== 'queued' && row.status !== 'running')) {
        return null;
      }
      if (row.status === 'queued') {
        await this.#boss.cancel(row.kind, id, { db: bossDatabase(tx) });
      }
      return requestCancel(tx, id);
    };
    let requested;
    if (options.tx) {
      // Inside the caller's transaction (a route's audited write).
      if (!this.#installed) {
        throw new Error(
          'Start the job queue (or await ready()) before cancelling inside a transaction.',
        );
      }
      requested = await request(options.tx);
    } else {
      await this.ready();
      requested = await this.#db.transaction(request);
    }
    if (requested?.previous === 'running') {
      this.#running
        .get(id)
        ?.controller.abort('cancelled' satisfies JobAbortReason);
    }
    return this.get(id, options);
  }

  /**
   * Starts taking work: installs pg-boss (see {@link ready}), on PGlite
   * hands out again the attempts a killed process left running (PGlite is
   * one process's: no other can be running them), and polls for jobs.
   * With no kind defined there is no work to take: it installs and polls
   * nothing (no timers on an idle server).
   */
  start(): Promise<void> {
    if (this.#stopRequested) {
      return Promise.reject(new Error('The job queue is stopped.'));
    }
    this.#starting ??= (async () => {
      if (this.#kinds.size === 0) return;
      liveWorkerIds.add(this.#workerId);
      await this.ready();
      if (this.#db.kind === 'pglite') await this.#recoverOrphans();
      if (this.#concurrency > 0 && !this.#stopRequested) {
        this.#loop = this.#run();
      }
    })();
    return this.#starting;
  }

  /**
   * Stops gracefully: takes no more work, lets running jobs finish for up
   * to `stopTimeoutMs`, then aborts them (reason `shutdown`) and records
   * them as interrupted, to be retried by the next process that polls.
   * Stops pg-boss's timers; leaves the database open. Calling it again
   * returns the same promise.
   */
  stop(): Promise<void> {
    this.#stopRequested = true;
    this.#stopping ??= this.#shutdown();
    return this.#stopping;
  }

  /** Removes expired jobs now (the queue also does so every `sweepIntervalMs`); returns how many. */
  purgeExpired(): Promise<number> {
    return purgeExpiredJobs(
      this.#db,
      JOB_QUEUED_TTL_DAYS,
      JOB_NEVER_STARTED_MESSAGE,
    );
  }

  /**
   * Starts pg-boss (installing or upgrading its schema) and creates a
   * pg-boss queue per kind. Two processes doing so at once on a new
   * database trip over each other in pg-boss 10 (`createQueue` deadlocks;
   * the schema install can fail on a duplicate `pgboss` schema), so on
   * PostgreSQL it runs under an advisory lock held by a transaction beside
   * it (the pool needs two connections). PGlite runs one statement at a time.
   */
  async #install(): Promise<void> {
    const install = async () => {
      await this.#boss.start();
      for (const [kind, definition] of this.#kinds) {
        await this.#boss.createQueue(kind, {
          name: kind,
          ...this.#bossJobOptions(definition),
        });
      }
    };
    if (this.#db.kind === 'pglite') {
      await install();
    } else {
      await this.#db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [
          JOB_INSTALL_LOCK_KEY,
        ]);
        await install();
      });
    }
    this.#installed = true;
  }

  #bossJobOptions(definition: KindDefinition) {
    return {
      retryLimit: definition.retries,
      retryDelay: definition.retryDelaySeconds,
      expireInSeconds: definition.timeoutSeconds + this.#expiryGraceSeconds,
    };
  }

  async #shutdown(): Promise<void> {
    this.#wakeUp();
    await this.#starting?.catch(() => undefined);
    await this.#loop?.catch(() => undefined);
    const finished = Promise.all(
      [...this.#running.values()].map((attempt) => attempt.done),
    );
    if (!(await settlesWithin(finished, this.#stopTimeoutMs))) {
      for (const attempt of this.#running.values()) {
        attempt.controller.abort('shutdown' satisfies JobAbortReason);
      }
      // Handlers that ignore their signal are left behind, recorded as interrupted.
      if (!(await settlesWithin(finished, this.#pollIntervalMs))) {
        for (const attempt of this.#running.values()) {
          attempt.abandoned = true;
          await this.#record(attempt.job, {
            kind: 'failed',
            error: JOB_INTERRUPTED_MESSAGE,
          });
        }
      }
    }
    liveWorkerIds.delete(this.#workerId);
    if (this.#installing) {
      await this.#installing.catch(() => undefined);
      await this.#boss.stop({ graceful: false, close: false });
    }
  }

  #wakeUp(): void {
    this.#idle.wake();
  }

  async #run(): Promise<void> {
    let lastSweep = Date.now();
    while (!this.#stopRequested) {
      try {
        while (!this.#stopRequested && this.#running.size < this.#concurrency) {
          const claimed = await this.#claimNext();
          if (claimed === null) break;
          if (claimed !== 'skipped') this.#launch(claimed);
        }
        if (this.#running.size > 0) await this.#abortCancelled();
        if (Date.now() - lastSweep >= this.#sweepIntervalMs) {
          lastSweep = Date.now();
          await this.purgeExpired();
        }
      } catch (error) {
        this.#log.error({ err: error }, 'the job queue could not poll');
      }
      if (!this.#stopRequested) await this.#idle.wait(this.#pollIntervalMs);
    }
  }

  /** Claims the next job of any kind, taking the kinds in turn. */
  async #claimNext(): Promise<ClaimedJob | 'skipped' | null> {
    const kinds = [...this.#kinds.keys()];
    for (let offset = 0; offset < kinds.length; offset += 1) {
      const index = (this.#kindCursor + offset) % kinds.length;
      const kind = kinds[index] as string;
      const claimed = await this.#db.transaction(async (tx) => {
        const boss = bossDatabase(tx);
        const [job] = await this.#boss.fetch<object>(kind, {
          batchSize: 1,
          db: boss,
        });
        if (!job) return null;
        const attempt = await claimJob(tx, job.id, this.#workerId);
        if (attempt) return attempt;
        // Its attempt was cut short after a cancel was asked for (or the
        // job is gone): it must not start again.
        await cancelAbandonedJob(tx, job.id);
        await this.#boss.cancel(kind, job.id, { db: boss });
        return 'skipped' as const;
      });
      if (claimed !== null) {
        this.#kindCursor = (index + 1) % kinds.length;
        return claimed;
      }
    }
    return null;
  }

  #launch(job: ClaimedJob): void {
    const definition = this.#kinds.get(job.kind);
    if (!definition) throw new Error(`Unknown job kind "${job.kind}".`);
    const controller = new AbortController();
    const abort = (reason: JobAbortReason) => controller.abort(reason);
    const attempt: RunningAttempt = {
      job,
      controller,
      abandoned: false,
      done: Promise.resolve(),
    };
    const progress = new ProgressReporter(async ({ fraction, note }) => {
      if (attempt.abandoned) return;
      try {
        const state = await writeProgress(
          this.#db,
          job.id,
          job.attempt,
          fraction,
          note,
        );
        if (state === null) abort('superseded');
        else if (state.cancelRequested) abort('cancelled');
      } catch (error) {
        this.#log.error(
          { err: error, jobId: job.id },
          'could not record the progress of a job',
        );
      }
    }, JOB_PROGRESS_WRITE_INTERVAL_MS);
    attempt.done = (async () => {
      const timer = setTimeout(
        () => abort('timeout'),
        definition.timeoutSeconds * 1000,
      ).unref();
      let outcome: AttemptOutcome | null;
      try {
        const result = await definition.handler({
          jobId: job.id,
          attempt: job.attempt,
          input: job.input,
          owner: job.owner,
          signal: controller.signal,
          reportProgress: (fraction, note) =>
            progress.report({
              fraction: Math.min(1, Math.max(0, Number(fraction) || 0)),
              note:
                note === undefined ? null : note.slice(0, JOB_NOTE_MAX_LENGTH),
            }),
        });
        // A handler that finished despite a timeout or a shutdown has its
        // result kept; a cancel asked for wins over a result.
        outcome =
          controller.signal.reason === 'cancelled'
            ? { kind: 'cancelled' }
            : { kind: 'succeeded', result: result ?? null };
      } catch (error) {
        outcome = this.#abortedOutcome(controller.signal, definition);
        if (outcome === null) {
          this.#log.error(
            { err: error, jobId: job.id, kind: job.kind, attempt: job.attempt },
            'a job attempt failed',
          );
          outcome = { kind: 'failed', error: publicMessage(error) };
        }
      } finally {
        clearTimeout(timer);
        await progress.close();
      }
      if (controller.signal.reason === 'superseded' || attempt.abandoned) {
        return;
      }
      await this.#record(job, outcome);
    })()
      .catch((error: unknown) =>
        this.#log.error(
          { err: error, jobId: job.id },
          'could not record the outcome of a job',
        ),
      )
      .finally(() => {
        this.#running.delete(job.id);
        this.#wakeUp();
      });
    this.#running.set(job.id, attempt);
  }

  /** What an aborted attempt ends with, or `null` when it was not aborted. */
  #abortedOutcome(
    signal: AbortSignal,
    definition: KindDefinition,
  ): AttemptOutcome | null {
    if (!signal.aborted) return null;
    const reason = signal.reason as JobAbortReason;
    switch (reason) {
      case 'cancelled':
        return { kind: 'cancelled' };
      case 'timeout':
        return {
          kind: 'failed',
          error: `The job ran longer than its limit of ${definition.timeoutSeconds} s.`,
        };
      case 'shutdown':
      case 'superseded':
        return { kind: 'failed', error: JOB_INTERRUPTED_MESSAGE };
    }
  }

  /**
   * Records how an attempt ended, in one transaction with pg-boss: a failed
   * attempt is queued again while retries remain. Nothing is written when
   * the attempt no longer owns the job; a cancel asked for meanwhile wins.
   */
  async #record(
    job: ClaimedJob | { id: string; kind: string; attempt: number },
    outcome: AttemptOutcome,
  ): Promise<void> {
    try {
      await this.#db.transaction(async (tx) => {
        const boss = bossDatabase(tx);
        const state = await attemptState(tx, job.id, job.attempt);
        if (!state.current) return;
        let written: boolean;
        if (state.cancelRequested || outcome.kind === 'cancelled') {
          await this.#boss.cancel(job.kind, job.id, { db: boss });
          written = await finishJob(tx, job.id, job.attempt, {
            status: 'cancelled',
          });
        } else if (outcome.kind === 'succeeded') {
          await this.#boss.complete(job.kind, job.id, {}, { db: boss });
          written = await finishJob(tx, job.id, job.attempt, {
            status: 'succeeded',
            result: outcome.result,
          });
        } else {
          await this.#boss.fail(
            job.kind,
            job.id,
            { message: outcome.error },
            { db: boss },
          );
          const queued = await this.#boss.getJobById(job.kind, job.id, {
            db: boss,
            includeArchive: false,
          });
          written =
            queued?.state === 'retry' || queued?.state === 'created'
              ? await requeueJob(tx, job.id, job.attempt, outcome.error)
              : await finishJob(tx, job.id, job.attempt, {
                  status: 'failed',
                  error: outcome.error,
                });
        }
        if (!written) throw new SupersededAttempt();
      });
    } catch (error) {
      if (!(error instanceof SupersededAttempt)) throw error;
    }
  }

  /** Aborts the running attempts whose cancel was asked for (possibly by another process). */
  async #abortCancelled(): Promise<void> {
    const ids = [...this.#running.values()]
      .filter((attempt) => !attempt.controller.signal.aborted)
      .map((attempt) => attempt.job.id);
    if (ids.length === 0) return;
    for (const id of await cancelRequestedAmong(this.#db, ids)) {
      this.#running
        .get(id)
        ?.controller.abort('cancelled' satisfies JobAbortReason);
    }
  }

  /** PGlite only: attempts left running by a process that died are recorded as interrupted. */
  async #recoverOrphans(): Promise<void> {
    const orphans = await runningJobsOfOtherWorkers(this.#db, [
      ...liveWorkerIds,
    ]);
    for (const orphan of orphans) {
      await this.#record(orphan, {
        kind: 'failed',
        error: JOB_INTERRUPTED_MESSAGE,
      });
    }
    if (orphans.length > 0) {
      this.#log.info(
        { jobIds: orphans.map((orphan) => orphan.id) },
        'jobs left running by a stopped process were queued again',
      );
    }
  }
}

/** Whether `promise` settles within `ms`. */
async function settlesWithin(
  promise: Promise<unknown>,
  ms: number,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
