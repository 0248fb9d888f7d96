/**
 * The report runs a caller sees (decisions D12, D18; docs/decisions/0101):
 * the `report` jobs of the `jobs` table with who asked for them and their
 * stored files. A brand user sees the runs of their own member made by
 * their member's users; a collective admin sees every run, or the chosen
 * member's. Expiry is judged against the server's clock (the routes'
 * `now`), so 7 days after a run ended it is gone for readers at once,
 * whether or not the queue's sweep has deleted it yet.
 */
import {
  REPORT_FORMATS,
  REPORT_RUNS_LIMIT,
  type Access,
  type ReportRun,
  type ReportTemplate,
  type TenantCode,
  isRefusal,
  resolveDataScope,
} from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import { isoTime } from '../db/iso-time';
import { Refusal } from '../http/error-replies';
import type { JobStatus } from '../jobs/job-types';
import { REPORT_JOB_KIND, type ReportJobInput } from './report-job';

/** Whose runs a caller sees: runs for `memberId` (all when `null`) made by users of `ownerMemberId` (anyone's when `null`). */
export interface RunVisibility {
  memberId: number | null;
  ownerMemberId: number | null;
}

/**
 * The runs `access` sees on `tenant`, given the data scope decided for the
 * call (`scopeMemberId`): a brand user only their member's runs made by
 * their member's users; a collective admin every run of the scope.
 */
export function runVisibility(
  access: Access,
  scopeMemberId: number | null,
): RunVisibility {
  return {
    memberId: scopeMemberId,
    ownerMemberId: access.isCollectiveAdmin ? null : access.ownMemberId,
  };
}

/** The visibility of a call that names one run (no `member_id`): the caller's whole scope. */
export function callerVisibility(
  access: Access,
  tenant: TenantCode | undefined,
): RunVisibility {
  const scope = resolveDataScope(access, tenant, undefined);
  if (isRefusal(scope)) {
    throw new Refusal(scope.status, scope.error, scope.message);
  }
  return runVisibility(access, scope.memberId);
}

/** A run's row with what the contract's run is made from. */
interface RunRow {
  id: string;
  input: ReportJobInput;
  status: JobStatus;
  progress: number;
  note: string | null;
  error: string | null;
  result: { rows?: number } | null;
  member_id: number | null;
  user_id: number;
  user_name: string;
  created_at: Date | string;
  finished_at: Date | string | null;
  expires_at: Date | string | null;
  files: { format: string; bytes: number }[] | null;
}

/** A run as the contract sends it, and the member whose data it holds. */
export interface VisibleRun {
  run: ReportRun;
  memberId: number | null;
}

function toRun(row: RunRow): VisibleRun {
  const succeeded = row.status === 'succeeded';
  const files = succeeded
    ? REPORT_FORMATS.flatMap((format) => {
        const file = row.files?.find((f) => f.format === format);
        return file ? [{ format, bytes: Number(file.bytes) }] : [];
      })
    : [];
  return {
    memberId: row.member_id,
    run: {
      id: row.id,
      parameters: {
        template: row.input.template as ReportTemplate,
        from: row.input.from,
        to: row.input.to,
        member_id: row.input.member_id ?? null,
        member_name: row.input.member_name ?? null,
        region: row.input.region ?? null,
      },
      status: row.status,
      progress: Number(row.progress),
      note: row.note,
      error: row.error,
      requested_by: { id: row.user_id, name: row.user_name },
      created_at: isoTime(row.created_at),
      finished_at: isoTime(row.finished_at),
      expires_at: isoTime(row.expires_at),
      rows:
        succeeded && typeof row.result?.rows === 'number'
          ? row.result.rows
          : null,
      files,
    },
  };
}

/**
 * The runs `visibility` allows that have not expired at `now`, newest
 * first, at most {@link REPORT_RUNS_LIMIT}; or only the run `id`.
 */
export async function readRuns(
  db: SqlRunner,
  visibility: RunVisibility,
  now: Date,
  id?: string,
): Promise<VisibleRun[]> {
  const rows = await db.query<RunRow>(
    `SELECT j.id, j.input, j.status, j.progress, j.note, j.error, j.result, j.member_id,
            u.id AS user_id, u.name AS user_name, j.created_at, j.finished_at, j.expires_at,
            (SELECT json_agg(json_build_object('format', f.format, 'bytes', f.bytes))
               FROM report_files f WHERE f.job_id = j.id) AS files
       FROM jobs j
       JOIN users u ON u.id = j.owner_user_id
      WHERE j.kind = $1
        AND (j.expires_at IS NULL OR j.expires_at > $2)
        AND ($3::int IS NULL OR j.member_id = $3)
        AND ($4::int IS NULL OR u.member_id = $4)
        AND ($5::uuid IS NULL OR j.id = $5)
      ORDER BY j.created_at DESC, j.id
      LIMIT ${REPORT_RUNS_LIMIT}`,
    [
      REPORT_JOB_KIND,
      now,
      visibility.memberId,
      visibility.ownerMemberId,
      id ?? null,
    ],
    { name: 'report-runs' },
  );
  return rows.map(toRun);
}

/** The run `id` if `visibility` allows it and it has not expired at `now`, else `null`. */
export async function readRun(
  db: SqlRunner,
  visibility: RunVisibility,
  now: Date,
  id: string,
): Promise<VisibleRun | null> {
  const [run] = await readRuns(db, visibility, now, id);
  return run ?? null;
}
