/**
 * A stand-in for a server process in the crash tests
 * (`job-queue-crash.test.ts`): opens the database of `DATABASE_URL` (or the
 * PGlite directory `PGLITE_DATA_DIR`), starts a job queue that runs the
 * `crash-count` kind and the server's own `report` kind (its handler, with
 * `REPORT_PAUSE_MS` between its steps), enqueues one job of each when
 * `ENQUEUE_FOR` names a user's email (first the report, as the report route
 * would: member impact of that user's member over three months), and
 * prints one JSON line per event on stdout (`ready`, `enqueued`, `attempt`,
 * `progress`, `handler-done`, `stopped`; a job's events name its `kind`).
 * SIGTERM stops it gracefully. The database must be migrated and hold the
 * tables `test_crash_runs (job_id, attempt, pid)` and
 * `test_crash_finishes (job_id, attempt)`, where every attempt of either
 * kind is counted when it starts and when its handler returns.
 *
 * Run from apps/api: `node --conditions=@collective/source --import
 * @swc-node/register/esm-register src/jobs/testing/job-worker-process.ts`.
 */
import type { Database } from '../../db/database';
import { openDatabase } from '../../db/open-database';
import {
  REPORT_JOB_KIND,
  reportJobHandler,
  type ReportJobInput,
} from '../../reports/report-job';
import type { JobHandler, JsonValue } from '../job-types';
import { CRASH_KIND, demoOwner, fastQueue, sleep } from './job-testing';

function print(event: string, details: Record<string, unknown> = {}): void {
  process.stdout.write(
    `${JSON.stringify({ event, pid: process.pid, ...details })}\n`,
  );
}

/** The months of the report `ENQUEUE_FOR` enqueues: three rows. */
const REPORT_FROM = '2026-01';
const REPORT_TO = '2026-03';

function numberFrom(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number.`);
  return value;
}

/**
 * `handler` with every attempt counted in the test tables: a run when it
 * starts, a finish when it returns, and its progress printed.
 */
function counted<TInput extends JsonValue, TResult extends JsonValue>(
  db: Database,
  kind: string,
  handler: JobHandler<TInput, TResult>,
): JobHandler<TInput, TResult> {
  return async (context) => {
    const { jobId, attempt } = context;
    await db.query(
      'INSERT INTO test_crash_runs (job_id, attempt, pid) VALUES ($1, $2, $3)',
      [jobId, attempt, process.pid],
    );
    print('attempt', { kind, jobId, attempt });
    const result = await handler({
      ...context,
      reportProgress(fraction, note) {
        context.reportProgress(fraction, note);
        print('progress', { kind, jobId, attempt, fraction });
      },
    });
    // Counted, not deduplicated: the test checks a job finishes once.
    await db.query(
      'INSERT INTO test_crash_finishes (job_id, attempt) VALUES ($1, $2)',
      [jobId, attempt],
    );
    print('handler-done', { kind, jobId, attempt });
    return result;
  };
}

async function main(): Promise<void> {
  const databaseUrl = process.env['DATABASE_URL'];
  const pgliteDataDir = process.env['PGLITE_DATA_DIR'];
  if (!databaseUrl && !pgliteDataDir) {
    throw new Error('Set DATABASE_URL or PGLITE_DATA_DIR.');
  }
  const steps = numberFrom('JOB_STEPS', 20);
  const stepMs = numberFrom('JOB_STEP_MS', 100);
  const db = await openDatabase({
    ...(databaseUrl ? { databaseUrl } : {}),
    pgliteDataDir: pgliteDataDir ?? 'memory://',
  });
  const queue = fastQueue(db, {
    log: {
      info: (details, message) => print('log', { message, details }),
      error: (details, message) =>
        print('log', { message, error: String(details['err']) }),
    },
  });
  const timeoutSeconds = numberFrom('JOB_TIMEOUT_SECONDS', 10);
  queue.define<{ multiplier: number }, { steps: number; total: number }>(
    CRASH_KIND,
    counted(db, CRASH_KIND, async ({ input, signal, reportProgress }) => {
      for (let step = 1; step <= steps; step += 1) {
        await sleep(stepMs, signal);
        if (signal.aborted)
          throw new Error(`aborted: ${String(signal.reason)}`);
        reportProgress(step / steps, `${step} of ${steps}`);
      }
      return { steps, total: steps * input.multiplier };
    }),
    { timeoutSeconds, retryDelaySeconds: 0 },
  );
  queue.define(
    REPORT_JOB_KIND,
    counted(
      db,
      REPORT_JOB_KIND,
      reportJobHandler(db, { pauseMs: numberFrom('REPORT_PAUSE_MS', 0) }),
    ),
    { timeoutSeconds, retryDelaySeconds: 0 },
  );
  await queue.start();
  print('ready', { engine: db.kind });

  const enqueueFor = process.env['ENQUEUE_FOR'];
  if (enqueueFor) {
    const owner = await demoOwner(db, enqueueFor);
    const [member] = await db.query<{ name: string }>(
      'SELECT name FROM members WHERE id = $1',
      [owner.memberId],
    );
    const report: ReportJobInput = {
      template: 'member-impact',
      from: REPORT_FROM,
      to: REPORT_TO,
      member_id: owner.memberId,
      member_name: member?.name ?? null,
      region: null,
    };
    const reportId = await queue.enqueue(REPORT_JOB_KIND, report, owner);
    print('enqueued', { kind: REPORT_JOB_KIND, jobId: reportId });
    const jobId = await queue.enqueue(CRASH_KIND, { multiplier: 3 }, owner);
    print('enqueued', { kind: CRASH_KIND, jobId });
  }

  process.once('SIGTERM', () => {
    void (async () => {
      await queue.stop();
      await db.close();
      print('stopped');
      process.exit(0);
    })();
  });
}

main().catch((error: unknown) => {
  console.error('job-worker-process failed:', error);
  process.exit(1);
});
