/**
 * A report run as a job on the queue (decisions D18, docs/decisions/0071,
 * 0101): one kind, `report`, for every template. The handler reads the
 * rows, writes the CSV, XLSX and printable page, and stores them keyed by
 * the job id and format, replacing what an earlier attempt stored, in one
 * transaction that first checks the attempt still owns the job and no
 * cancel was asked for: a cancelled run leaves no file.
 */
import {
  REPORT_TEMPLATES,
  type ReportFormat,
} from '@collective/api-client/contract';
import type { Database, SqlRunner } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { JobError, type JobHandler } from '../jobs/job-types';
import {
  REPORT_DEFINITIONS,
  reportTitle,
  totalRow,
  type ReportInput,
} from './report-definitions';
import {
  reportCsv,
  reportHtml,
  reportXlsx,
  type ReportContent,
} from './report-files';

/** The job kind of every report run. */
export const REPORT_JOB_KIND = 'report';

/** Longest a run may take before it is aborted (and retried): 5 minutes. */
export const REPORT_TIMEOUT_SECONDS = 300;

/** What a run's job keeps as its result. */
export type ReportJobResult = {
  /** Data rows (the total not counted). */
  rows: number;
  /** The run's title. */
  title: string;
};

/** What the job holds as input: the parameters, the scope decided and the member's name. */
export type ReportJobInput = ReportInput & { member_name: string | null };

/** Options of {@link reportJobHandler}. */
export interface ReportJobOptions {
  /** A pause between the steps, in ms (tests watch progress and cancel with it); none by default. */
  pauseMs?: number;
  /** When the figures are read; the system clock by default. */
  clock?: () => Date;
  /** Seconds before a failed or interrupted attempt is tried again (the queue's 10 by default). */
  retryDelaySeconds?: number;
}

/** Whether `value` is a job input this handler takes (the route made it, but the table is data). */
function isReportInput(value: unknown): value is ReportJobInput {
  const input = value as Partial<ReportJobInput> | null;
  return (
    typeof input === 'object' &&
    input !== null &&
    REPORT_TEMPLATES.includes(input.template as never) &&
    typeof input.from === 'string' &&
    typeof input.to === 'string'
  );
}

/** Waits `ms` unless `signal` aborts first; then throws. */
async function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms > 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done);
    });
  }
  if (signal.aborted) throw new JobError('The report run was stopped.');
}

/**
 * Stores a run's files, replacing an earlier attempt's, once the attempt
 * still owns the job and no cancel was asked for (else nothing is stored).
 */
export async function storeReportFiles(
  tx: SqlRunner,
  jobId: string,
  attempt: number,
  files: ReadonlyMap<ReportFormat, Buffer>,
): Promise<boolean> {
  const [job] = await tx.query<{
    attempt: number;
    status: string;
    cancelled: boolean;
  }>(
    `SELECT attempt, status, cancel_requested_at IS NOT NULL AS cancelled
       FROM jobs WHERE id = $1 FOR UPDATE`,
    [jobId],
  );
  if (
    !job ||
    job.attempt !== attempt ||
    job.status !== 'running' ||
    job.cancelled
  ) {
    return false;
  }
  for (const [format, content] of files) {
    await tx.query(
      `INSERT INTO report_files (job_id, format, content, bytes)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (job_id, format) DO UPDATE
         SET content = EXCLUDED.content, bytes = EXCLUDED.bytes, created_at = now()`,
      [jobId, format, content, content.length],
    );
  }
  return true;
}

/** The handler of the `report` kind over `db`. */
export function reportJobHandler(
  db: Database,
  { pauseMs = 0, clock = () => new Date() }: ReportJobOptions = {},
): JobHandler<ReportJobInput, ReportJobResult> {
  return async ({ jobId, attempt, input, signal, reportProgress }) => {
    if (!isReportInput(input)) {
      throw new JobError(
        'The report run has parameters this server cannot read.',
      );
    }
    const definition = REPORT_DEFINITIONS[input.template];
    reportProgress(0.05, 'Reading the figures');
    await pause(pauseMs, signal);
    const rows = await definition.read(db, input);
    const content: ReportContent = {
      title: reportTitle(input, input.member_name),
      generatedAt: clock().toISOString(),
      columns: definition.columns,
      rows,
      total: totalRow(definition, rows),
    };
    const steps: [ReportFormat, string, () => Buffer | Promise<Buffer>][] = [
      ['csv', 'Writing the CSV file', () => reportCsv(content)],
      ['xlsx', 'Writing the XLSX file', () => reportXlsx(content)],
      ['html', 'Writing the printable page', () => reportHtml(content)],
    ];
    const files = new Map<ReportFormat, Buffer>();
    for (const [index, [format, note, write]] of steps.entries()) {
      reportProgress(
        0.3 + (0.6 * index) / steps.length,
        `${rows.length.toLocaleString('en-US')} rows · ${note}`,
      );
      await pause(pauseMs, signal);
      files.set(format, await write());
    }
    reportProgress(0.95, 'Saving the files');
    await pause(pauseMs, signal);
    const stored = await db.transaction((tx) =>
      storeReportFiles(tx, jobId, attempt, files),
    );
    if (!stored) throw new JobError('The report run was stopped.');
    return { rows: rows.length, title: content.title };
  };
}

/**
 * Defines the `report` kind on `jobs` (before the queue starts): 5 minutes
 * an attempt, retried twice.
 */
export function defineReportJobs(
  jobs: JobQueue,
  db: Database,
  options: ReportJobOptions = {},
): void {
  jobs.define(REPORT_JOB_KIND, reportJobHandler(db, options), {
    timeoutSeconds: REPORT_TIMEOUT_SECONDS,
    retries: 2,
    ...(options.retryDelaySeconds === undefined
      ? {}
      : { retryDelaySeconds: options.retryDelaySeconds }),
  });
}
