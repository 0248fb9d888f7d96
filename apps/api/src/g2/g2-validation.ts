/**
 * The validation job of G2 uploads (decisions D17; docs/decisions/0099):
 * every staged row of each upload checked by {@link checkRow}, a batch at
 * a time (each batch its own statements, so the database stays open to
 * other work), then repeated rows found in SQL over the whole upload, the
 * totals counted and the upload made `ready`. Idempotent: a run starts by
 * deleting the upload's problems (keeping how earlier ones were settled).
 */
import {
  TENANT_MEMBER,
  type TenantCode,
} from '@collective/api-client/contract';
import type { Database, SqlRunner } from '../db/database';
import { arrayLiteral } from '../db/program-seed';
import type { JobHandler } from '../jobs/job-types';
import { checkRow, type RowProblem } from './g2-checks';
import { candidateStores, ROW_TOTALS, rowProblems } from './g2-records';
import { SUGGESTED_SCORE, suggestStores } from './store-similarity';

/** The job kind that validates uploads. */
export const G2_VALIDATE_JOB = 'g2-validate';

/** Staged rows checked per batch. */
const BATCH = 2000;

/** Input of the validation job: the uploads to check (each `validating`). */
export type G2ValidateInput = { uploadIds: number[] };

interface StagedRow {
  row: number;
  partner_store_id: string;
  partner_name: string | null;
  partner_address: string | null;
  day_text: string;
  material_text: string;
  weight_text: string;
}

/**
 * Checks one upload (status `validating`; any other is left alone) and
 * makes it `ready`, or `failed` with the reason when it cannot be checked.
 * `progress(done, rows)` is told after each batch.
 */
export async function validateUpload(
  db: SqlRunner,
  uploadId: number,
  progress: (done: number, rows: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const [upload] = await db.query<{
    tenant: string;
    period_start: string;
    period_end: string;
    rows: number;
  }>(
    `SELECT tenant, to_char(period_start, 'YYYY-MM-DD') AS period_start,
            to_char(period_end, 'YYYY-MM-DD') AS period_end, rows
       FROM g2_uploads WHERE id = $1 AND status = 'validating'`,
    [uploadId],
  );
  if (!upload) return;
  const mappings = await db.query<{
    partner_store_id: string;
    store_id: number;
  }>(
    `SELECT partner_store_id, store_id FROM g2_store_mappings
      WHERE tenant = $1 AND status = 'confirmed'`,
    [upload.tenant],
  );
  const storeOf = new Map(
    mappings.map((m) => [m.partner_store_id, m.store_id]),
  );
  const history = new Map(
    (
      await db.query<{ store_id: number; weight: number }>(
        'SELECT store_id, weight_kg_12m::float8 AS weight FROM store_stats',
      )
    ).map((h) => [h.store_id, h.weight]),
  );
  // How earlier problems were settled survives a re-validation.
  const settled = await db.query<{
    row: number;
    kind: string;
    status: string;
    note: string | null;
    settled_by: number | null;
    settled_at: string | null;
  }>(
    `SELECT row, kind, status, note, settled_by, settled_at::text FROM g2_row_issues
      WHERE upload_id = $1 AND status <> 'open'`,
    [uploadId],
  );
  await db.query('DELETE FROM g2_row_issues WHERE upload_id = $1', [uploadId]);
  const context = {
    periodStart: upload.period_start,
    periodEnd: upload.period_end,
    storeOf: (id: string) => storeOf.get(id),
    historyOf: (id: number) => history.get(id),
  };
  const unmapped = new Map<string, StagedRow>();
  let after = 0;
  let done = 0;
  for (;;) {
    if (signal?.aborted) throw new Error('validation stopped');
    const rows = await db.query<StagedRow>(
      `SELECT row, partner_store_id, partner_name, partner_address, day_text, material_text, weight_text
         FROM g2_rows WHERE upload_id = $1 AND row > $2 ORDER BY row LIMIT ${BATCH}`,
      [uploadId, after],
    );
    if (rows.length === 0) break;
    const update = {
      row: [] as number[],
      day: [] as (string | null)[],
      material: [] as (string | null)[],
      weight: [] as (number | null)[],
      store: [] as (number | null)[],
      excluded: [] as string[],
    };
    const issues: (RowProblem & { row: number })[] = [];
    for (const staged of rows) {
      const checked = checkRow(
        {
          partnerStoreId: staged.partner_store_id,
          dayText: staged.day_text,
          materialText: staged.material_text,
          weightText: staged.weight_text,
        },
        context,
      );
      update.row.push(staged.row);
      update.day.push(checked.day);
      update.material.push(checked.material);
      update.weight.push(checked.weightKg);
      update.store.push(checked.storeId);
      update.excluded.push(
        checked.problems.some((p) => p.severity === 'error') ? 't' : 'f',
      );
      for (const p of checked.problems) issues.push({ ...p, row: staged.row });
      if (
        checked.storeId === null &&
        staged.partner_store_id !== '' &&
        !unmapped.has(staged.partner_store_id)
      ) {
        unmapped.set(staged.partner_store_id, staged);
      }
    }
    await db.query(
      `UPDATE g2_rows r SET day = x.day, material = x.material, weight_kg = x.weight,
              store_id = x.store, excluded = x.excluded
         FROM unnest($2::int[], $3::date[], $4::text[], $5::numeric[], $6::int[], $7::boolean[])
              AS x (row, day, material, weight, store, excluded)
        WHERE r.upload_id = $1 AND r.row = x.row`,
      [
        uploadId,
        ...[
          update.row,
          update.day,
          update.material,
          update.weight,
          update.store,
          update.excluded,
        ].map(arrayLiteral),
      ],
    );
    if (issues.length > 0) await insertIssues(db, uploadId, issues);
    done += rows.length;
    after = rows.at(-1)?.row ?? after;
    progress(done, upload.rows);
  }
  // Fresh statistics before the queries over the whole upload: a planner
  // that still believes the freshly staged tables empty joins them by
  // nested loops, which took over 20 minutes for 60,000 rows.
  await db.query('ANALYZE g2_rows, g2_row_issues');
  // A row repeating an earlier one (same store id, day, material and
  // weight) is left out of the commit, so it never counts twice.
  await db.query(
    `WITH repeated AS (
       SELECT row, first_row, partner_store_id FROM (
         SELECT row, partner_store_id,
                first_value(row) OVER (PARTITION BY partner_store_id, day_text, lower(material_text), weight_text ORDER BY row) AS first_row
           FROM g2_rows WHERE upload_id = $1) x
        WHERE row <> first_row),
     marked AS (
       UPDATE g2_rows r SET excluded = true FROM repeated d
        WHERE r.upload_id = $1 AND r.row = d.row RETURNING r.row)
     INSERT INTO g2_row_issues (upload_id, row, kind, severity, column_name, value, message)
     SELECT $1, d.row, 'duplicate', 'warning', '', d.partner_store_id,
            'This row repeats row ' || d.first_row || ' (same store id, date, material and weight); it is left out of the commit.'
       FROM repeated d`,
    [uploadId],
  );
  if (settled.length > 0) {
    await db.query(
      `UPDATE g2_row_issues i SET status = s.status, note = s.note,
              settled_by = s.settled_by, settled_at = s.settled_at::timestamptz
         FROM json_to_recordset($2::json)
              AS s (row int, kind text, status text, note text, settled_by int, settled_at text)
        WHERE i.upload_id = $1 AND i.row = s.row AND i.kind = s.kind`,
      [uploadId, JSON.stringify(settled)],
    );
  }
  await recordUnmapped(db, upload.tenant, unmapped);
  await db.query(
    `UPDATE g2_uploads u SET status = 'ready', version = u.version + 1, failure = NULL,
            valid_rows = t.valid_rows, error_rows = t.error_rows, warning_rows = t.warning_rows,
            weight_kg = t.weight_kg
       FROM (SELECT ${ROW_TOTALS} FROM g2_rows r ${rowProblems('$1')} WHERE r.upload_id = $1) t
      WHERE u.id = $1 AND u.status = 'validating'`,
    [uploadId],
  );
}

async function insertIssues(
  db: SqlRunner,
  uploadId: number,
  issues: readonly (RowProblem & { row: number })[],
): Promise<void> {
  await db.query(
    `INSERT INTO g2_row_issues (upload_id, row, kind, severity, column_name, value, message)
     SELECT $1, * FROM json_to_recordset($2::json)
       AS x (row int, kind text, severity text, "column" text, value text, message text)`,
    [uploadId, JSON.stringify(issues)],
  );
}

/**
 * Partner store ids seen without a confirmed mapping get one (unmatched,
 * or suggested when a program store looks enough like it); existing
 * mappings are left as they are.
 */
async function recordUnmapped(
  db: SqlRunner,
  tenant: string,
  unmapped: ReadonlyMap<string, StagedRow>,
): Promise<void> {
  if (unmapped.size === 0) return;
  const scope = TENANT_MEMBER[tenant as TenantCode]?.id ?? null;
  const stores = await candidateStores(db, scope);
  const rows = [...unmapped.values()].map((staged) => {
    const best = suggestStores(
      {
        id: staged.partner_store_id,
        name: staged.partner_name,
        address: staged.partner_address,
      },
      stores,
      1,
    )[0];
    return {
      partner_store_id: staged.partner_store_id,
      partner_name: staged.partner_name,
      partner_address: staged.partner_address,
      status: best && best.score >= SUGGESTED_SCORE ? 'suggested' : 'unmatched',
    };
  });
  await db.query(
    `INSERT INTO g2_store_mappings (tenant, partner_store_id, partner_name, partner_address, status)
     SELECT $1, * FROM json_to_recordset($2::json)
       AS x (partner_store_id text, partner_name text, partner_address text, status text)
     ON CONFLICT (tenant, partner_store_id) DO NOTHING`,
    [tenant, JSON.stringify(rows)],
  );
}

/**
 * The job: validates each upload in turn. An upload that cannot be checked
 * (the database refused, a bug) is marked `failed` with the reason, so it
 * never stays `validating` for ever.
 */
export function g2ValidateJob(
  db: Database,
): JobHandler<G2ValidateInput, { validated: number }> {
  return async ({ input, reportProgress, signal }) => {
    let validated = 0;
    const count = input.uploadIds.length;
    for (const [index, uploadId] of input.uploadIds.entries()) {
      try {
        await validateUpload(
          db,
          uploadId,
          (done, rows) =>
            reportProgress(
              (index + (rows > 0 ? done / rows : 1)) / count,
              `${done.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} rows checked`,
            ),
          signal,
        );
        validated += 1;
      } catch (error) {
        if (signal.aborted) throw error;
        await db.query(
          `UPDATE g2_uploads SET status = 'failed', version = version + 1,
                  failure = $2 WHERE id = $1 AND status = 'validating'`,
          [
            uploadId,
            'The upload could not be checked; upload it again or ask for help.',
          ],
        );
      }
    }
    return { validated };
  };
}
