/**
 * A stand-in for a server process in the crash tests
 * (`job-queue-crash.test.ts`): opens the database of `DATABASE_URL` (or the
 * PGlite directory `PGLITE_DATA_DIR`), starts a job queue that runs
 * the `crash-count` kind, enqueues one job when `ENQUEUE_FOR` names a user's
 * email, and prints one JSON line per event on stdout (`ready`, `enqueued`,
 * `attempt`, `progress`, `handler-done`, `stopped`). SIGTERM stops it
 * gracefully. The database must be migrated and hold the tables
 * `test_crash_runs (job_id, attempt, pid)` and `test_crash_finishes (job_id, attempt)`.
 *
 * Run from apps/api: `node --conditions=@collective/source --import
 * @swc-node/register/esm-register src/jobs/testing/job-worker-process.ts`.
 */
import { openDatabase } from '../../db/open-database';
import { CRASH_KIND, demoOwner, fastQueue, sleep } from './job-testing';

function print(event: string, details: Record<string, unknown> = {}): void {
  process.stdout.write(
    `${JSON.stringify({ event, pid: process.pid, ...details })}\n`,
  );
}

function numberFrom(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number.`);
  return value;
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
  queue.define<{ multiplier: number }, { steps: number; total: number }>(
    CRASH_KIND,
    async ({ jobId, attempt, input, signal, reportProgress }) => {
      await db.query(
        'INSERT INTO test_crash_runs (job_id, attempt, pid) VALUES ($1, $2, $3)',
        [jobId, attempt, process.pid],
      );
      print('attempt', { jobId, attempt });
      for (let step = 1; step <= steps; step += 1) {
        await sleep(stepMs, signal);
        if (signal.aborted)
          throw new Error(`aborted: ${String(signal.reason)}`);
        reportProgress(step / steps, `${step} of ${steps}`);
        print('progress', { jobId, attempt, fraction: step / steps });
      }
      // Counted, not deduplicated: the test checks a job finishes once.
      await db.query(
        'INSERT INTO test_crash_finishes (job_id, attempt) VALUES ($1, $2)',
        [jobId, attempt],
      );
      print('handler-done', { jobId, attempt });
      return { steps, total: steps * input.multiplier };
    },
    {
      timeoutSeconds: numberFrom('JOB_TIMEOUT_SECONDS', 10),
      retryDelaySeconds: 0,
    },
  );
  await queue.start();
  print('ready', { engine: db.kind });

  const enqueueFor = process.env['ENQUEUE_FOR'];
  if (enqueueFor) {
    const owner = await demoOwner(db, enqueueFor);
    const jobId = await queue.enqueue(CRASH_KIND, { multiplier: 3 }, owner);
    print('enqueued', { jobId });
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
