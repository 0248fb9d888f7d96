/**
 * The reads of G2 ingestion (docs/decisions/0099): uploads, the validation
 * report and quality queue, and store mappings with what each holds back.
 */
import type {
  G2Issue,
  G2IssueKind,
  G2Severity,
  G2StoreMapping,
  G2Upload,
} from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import { pageClause, pageOffset, type AskedPage } from '../http/paging';
import { isoUtc } from '../data/program-queries';
import type { JobQueue } from '../jobs/job-queue';
import { suggestStores, type CandidateStore } from './store-similarity';

interface UploadRow {
  id: number;
  file_name: string;
  content_hash: string;
  format: 'csv' | 'xlsx';
  bytes: string;
  period_start: string;
  period_end: string;
  status: G2Upload['status'];
  rows: number;
  valid_rows: number;
  error_rows: number;
  warning_rows: number;
  weight_kg: number;
  failure: string | null;
  job_id: string | null;
  uploaded_by: string | null;
  uploaded_at: string;
  committed_at: string | null;
  rolled_back_at: string | null;
  version: number;
}

/**
 * The totals of the rows `r` of an upload, as a select list: rows, rows
 * without a problem, rows with an error, rows with warnings only, and the
 * weight a commit takes (rows not left out). It reads each row's problems
 * from `f`, joined by {@link rowProblems}. The validation job stores them
 * on the upload; a member's view counts that member's rows alone.
 */
export const ROW_TOTALS = `count(*)::int AS rows,
  count(*) FILTER (WHERE f.row IS NULL)::int AS valid_rows,
  count(*) FILTER (WHERE f.has_error)::int AS error_rows,
  count(*) FILTER (WHERE NOT f.has_error)::int AS warning_rows,
  coalesce(sum(r.weight_kg) FILTER (WHERE NOT r.excluded), 0) AS weight_kg`;

/**
 * Joins `f`, each row's problems of upload `upload` counted once (whether
 * one is an error), to the rows `r`: a join of one aggregate, not a
 * subquery per row, which a planner without fresh statistics ran as a
 * scan per row (minutes for 60,000 rows under load).
 */
export const rowProblems = (upload: string) =>
  `LEFT JOIN (SELECT row, bool_or(severity = 'error') AS has_error
                FROM g2_row_issues WHERE upload_id = ${upload} GROUP BY row) f
         ON f.row = r.row`;

/** The upload's columns, its totals read from `totals` (`u`: as stored; `t`: a member's, {@link MEMBER_TOTALS}). */
const uploadColumns = (
  totals: 'u' | 't',
) => `u.id, u.file_name, u.content_hash, u.format, u.bytes::text AS bytes,
  to_char(u.period_start, 'YYYY-MM-DD') AS period_start,
  to_char(u.period_end, 'YYYY-MM-DD') AS period_end, u.status, ${totals}.rows, ${totals}.valid_rows,
  ${totals}.error_rows, ${totals}.warning_rows,
  ${totals}.weight_kg::float8 AS weight_kg, u.failure, u.job_id,
  us.name AS uploaded_by, ${isoUtc('u.uploaded_at')} AS uploaded_at,
  ${isoUtc('u.committed_at')} AS committed_at, ${isoUtc('u.rolled_back_at')} AS rolled_back_at,
  u.version`;

const UPLOAD_FROM = 'g2_uploads u LEFT JOIN users us ON us.id = u.uploaded_by';

/** The rows `r` of upload `u` whose program store belongs to member `$member` (validation tied them to it). */
const memberRows = (member: string, joined = '') =>
  `g2_rows r JOIN stores s ON s.id = r.store_id ${joined} WHERE r.upload_id = u.id AND s.member_id = ${member}`;

/** A member's totals of upload `u`, as `t`. */
const MEMBER_TOTALS = (member: string) =>
  `CROSS JOIN LATERAL (SELECT ${ROW_TOTALS} FROM ${memberRows(member, rowProblems('u.id'))}) t`;

/** Whether upload `u` holds a row of member `$member`. */
const holdsMemberRows = (member: string) =>
  `EXISTS (SELECT 1 FROM ${memberRows(member)})`;

async function toUpload(
  db: SqlRunner,
  row: UploadRow,
  jobs: JobQueue | null,
  memberId: number | null,
): Promise<G2Upload> {
  // Read through `db`, so a job queued in the caller's transaction shows.
  const job =
    row.status === 'validating' && row.job_id && jobs
      ? await jobs.get(row.job_id, { tx: db })
      : null;
  return {
    id: row.id,
    file_name: row.file_name,
    content_hash: row.content_hash,
    format: row.format,
    bytes: Number(row.bytes),
    period_start: row.period_start,
    period_end: row.period_end,
    status: row.status,
    totals: {
      rows: row.rows,
      valid: row.valid_rows,
      errors: row.error_rows,
      warnings: row.warning_rows,
      weight_kg: row.weight_kg,
    },
    failure: row.failure,
    uploaded_by: row.uploaded_by,
    uploaded_at: row.uploaded_at,
    committed_at: row.committed_at,
    rolled_back_at: row.rolled_back_at,
    validation: job
      ? {
          job_id: job.id,
          state: job.status,
          progress: job.progress,
          // "12,000 of 48,000 rows checked" counts every member's rows.
          message: memberId === null ? job.note : null,
        }
      : null,
    version: row.version,
  };
}

/**
 * Whose rows a G2 read shows: `null`, every row of the tenant; else one
 * member's, the rows validation tied to that member's stores (docs/
 * decisions/0099, addendum).
 */
export type G2Member = number | null;

/**
 * One upload of `tenant`, or `null`; locked for a write when `lock`. For a
 * member, only an upload holding rows of that member, with the totals of
 * those rows.
 */
export async function readUpload(
  db: SqlRunner,
  tenant: string,
  id: number,
  jobs: JobQueue | null,
  {
    lock = false,
    memberId = null,
  }: { lock?: boolean; memberId?: G2Member } = {},
): Promise<G2Upload | null> {
  const member = memberId === null ? '' : MEMBER_TOTALS('$3');
  const [row] = await db.query<UploadRow>(
    `SELECT ${uploadColumns(memberId === null ? 'u' : 't')} FROM ${UPLOAD_FROM} ${member}
      WHERE u.tenant = $1 AND u.id = $2${memberId === null ? '' : ' AND t.rows > 0'}${lock ? ' FOR UPDATE OF u' : ''}`,
    memberId === null ? [tenant, id] : [tenant, id, memberId],
  );
  return row ? toUpload(db, row, jobs, memberId) : null;
}

/**
 * One page of the uploads of `tenant`, newest first; for a member, the
 * uploads holding rows of that member, with the totals of those rows.
 */
export async function readUploads(
  db: SqlRunner,
  tenant: string,
  filter: {
    status?: string;
    memberId: G2Member;
    paging: AskedPage;
  },
  jobs: JobQueue,
): Promise<{ uploads: G2Upload[]; total: number }> {
  const where = `WHERE u.tenant = $1 AND ($2::text IS NULL OR u.status = $2)
    AND ($3::int IS NULL OR ${holdsMemberRows('$3')})`;
  const params = [tenant, filter.status ?? null, filter.memberId];
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM g2_uploads u ${where}`,
    params,
  );
  const member = filter.memberId === null ? '' : MEMBER_TOTALS('$3');
  const rows = await db.query<UploadRow>(
    `SELECT ${uploadColumns(filter.memberId === null ? 'u' : 't')}
       FROM (SELECT u.* FROM g2_uploads u ${where}
              ORDER BY u.uploaded_at DESC, u.id DESC LIMIT $4 OFFSET $5) u
       LEFT JOIN users us ON us.id = u.uploaded_by ${member}
      ORDER BY u.uploaded_at DESC, u.id DESC`,
    [...params, filter.paging.page_size, pageOffset(filter.paging)],
  );
  return {
    uploads: await Promise.all(
      rows.map((row) => toUpload(db, row, jobs, filter.memberId)),
    ),
    total: count?.total ?? 0,
  };
}

/** Filters of the report and the queue. */
export interface IssueFilter {
  tenant: string;
  /** Only problems of this member's rows. */
  memberId?: G2Member;
  uploadId?: number;
  severity?: G2Severity;
  column?: string;
  kind?: G2IssueKind;
  status?: string;
  /** Only uploads still to be committed (the queue). */
  pendingOnly?: boolean;
}

function issueWhere(filter: IssueFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [filter.tenant];
  const clauses = ['u.tenant = $1'];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    clauses.push(clause.replace('?', `$${params.length}`));
  };
  if (filter.uploadId !== undefined) add('i.upload_id = ?', filter.uploadId);
  if (filter.severity) add('i.severity = ?', filter.severity);
  if (filter.column) add('i.column_name = ?', filter.column);
  if (filter.kind) add('i.kind = ?', filter.kind);
  if (filter.status) add('i.status = ?', filter.status);
  if (filter.pendingOnly) clauses.push(`u.status IN ('validating', 'ready')`);
  if (filter.memberId !== undefined && filter.memberId !== null) {
    add(
      `EXISTS (SELECT 1 FROM g2_rows r JOIN stores s ON s.id = r.store_id
                WHERE r.upload_id = i.upload_id AND r.row = i.row AND s.member_id = ?)`,
      filter.memberId,
    );
  }
  return { sql: `WHERE ${clauses.join(' AND ')}`, params };
}

const ISSUE_COLUMNS = `i.id, i.upload_id, u.file_name, i.row, i.column_name AS column, i.value,
  i.message, i.kind, i.severity, i.status, i.note, i.version`;
const ISSUE_FROM = 'g2_row_issues i JOIN g2_uploads u ON u.id = i.upload_id';

/** One page of problems matching `filter`, by upload and row. */
export async function readIssues(
  db: SqlRunner,
  filter: IssueFilter,
  paging: AskedPage,
): Promise<{ issues: G2Issue[]; total: number }> {
  const where = issueWhere(filter);
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${ISSUE_FROM} ${where.sql}`,
    where.params,
  );
  const issues = await db.query<G2Issue>(
    `SELECT ${ISSUE_COLUMNS} FROM ${ISSUE_FROM} ${where.sql}
      ORDER BY i.upload_id DESC, i.row, i.id
      ${pageClause(paging, String)}`,
    where.params,
  );
  return { issues, total: count?.total ?? 0 };
}

/** Every problem matching `filter`, by row, read a batch at a time (the CSV). */
export async function* readIssuesInOrder(
  db: SqlRunner,
  filter: IssueFilter,
  batch = 2000,
): AsyncGenerator<G2Issue> {
  let after = 0;
  for (;;) {
    const where = issueWhere(filter);
    where.params.push(after);
    const rows = await db.query<G2Issue & { seq: number }>(
      `SELECT ${ISSUE_COLUMNS}, i.id AS seq FROM ${ISSUE_FROM} ${where.sql} AND i.id > $${where.params.length}
        ORDER BY i.id LIMIT ${Number(batch)}`,
      where.params,
    );
    for (const { seq: _seq, ...row } of rows) yield row;
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = last.seq;
  }
}

/** One problem of `tenant`, or `null`; locked when `lock`. */
export async function readIssue(
  db: SqlRunner,
  tenant: string,
  id: number,
  lock = false,
): Promise<G2Issue | null> {
  const [row] = await db.query<G2Issue>(
    `SELECT ${ISSUE_COLUMNS} FROM ${ISSUE_FROM}
      WHERE u.tenant = $1 AND i.id = $2${lock ? ' FOR UPDATE OF i' : ''}`,
    [tenant, id],
  );
  return row ?? null;
}

/** Open problems of uploads still to be committed, counted by kind (of a member's rows only, for a member). */
export async function readIssueGroups(
  db: SqlRunner,
  tenant: string,
  memberId: G2Member,
) {
  const where = issueWhere({
    tenant,
    memberId,
    status: 'open',
    pendingOnly: true,
  });
  return db.query<{ kind: G2IssueKind; severity: G2Severity; open: number }>(
    `SELECT i.kind, min(i.severity) AS severity, count(*)::int AS open
       FROM ${ISSUE_FROM} ${where.sql}
      GROUP BY i.kind ORDER BY min(i.severity), count(*) DESC, i.kind`,
    where.params,
  );
}

interface MappingRow {
  id: number;
  partner_store_id: string;
  partner_name: string | null;
  partner_address: string | null;
  status: G2StoreMapping['status'];
  store_id: number | null;
  store_name: string | null;
  rows_held: number;
  weight_held_kg: number;
  updated_at: string;
  version: number;
}

const MAPPING_COLUMNS = `m.id, m.partner_store_id, m.partner_name, m.partner_address, m.status,
  m.store_id, s.name AS store_name,
  CASE WHEN m.status = 'confirmed' THEN 0 ELSE coalesce(h.rows_held, 0) END AS rows_held,
  CASE WHEN m.status = 'confirmed' THEN 0 ELSE coalesce(h.weight_held_kg, 0) END AS weight_held_kg,
  ${isoUtc('m.updated_at')} AS updated_at, m.version`;

/** What each partner id holds back: rows of uploads still to be committed. */
const MAPPING_FROM = `g2_store_mappings m
  LEFT JOIN stores s ON s.id = m.store_id
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS rows_held, coalesce(sum(r.weight_kg), 0)::float8 AS weight_held_kg
      FROM g2_rows r JOIN g2_uploads u ON u.id = r.upload_id
     WHERE r.partner_store_id = m.partner_store_id AND u.tenant = m.tenant
       AND u.status IN ('validating', 'ready')) h ON true`;

/** The stores a mapping may be tied to: active stores of the write scope. */
export async function candidateStores(
  db: SqlRunner,
  scope: number | null,
): Promise<CandidateStore[]> {
  return db.query<CandidateStore>(
    `SELECT s.id, s.name, s.address, s.city, m.name AS member_name
       FROM stores s JOIN members m ON m.id = s.member_id
      WHERE s.active AND ($1::int IS NULL OR s.member_id = $1)
      ORDER BY s.id`,
    [scope],
  );
}

function toMapping(
  row: MappingRow,
  stores: readonly CandidateStore[] | null,
): G2StoreMapping {
  const suggestions =
    stores && row.status !== 'confirmed' && row.status !== 'ignored'
      ? suggestStores(
          {
            id: row.partner_store_id,
            name: row.partner_name,
            address: row.partner_address,
          },
          stores,
        ).map(({ store, score }) => ({
          store_id: store.id,
          store_name: store.name,
          address: `${store.address}, ${store.city}`,
          member_name: store.member_name,
          score,
        }))
      : [];
  return { ...row, suggestions };
}

/**
 * A member's mappings (`m`, its store `s`): the partner ids confirmed to
 * that member's stores. An id not confirmed belongs to no member yet, and
 * its partner name, address and suggestions may be another member's.
 */
const memberMappings = (member: string) =>
  `(${member}::int IS NULL OR (m.status = 'confirmed' AND s.member_id = ${member}))`;

/** Mappings of `tenant` matching the filter (a member's only, for a member): most held back first. */
export async function readMappings(
  db: SqlRunner,
  tenant: string,
  filter: {
    status?: string;
    search?: string;
    memberId: G2Member;
    paging: AskedPage;
  },
  stores: readonly CandidateStore[] | null,
): Promise<{ mappings: G2StoreMapping[]; total: number }> {
  const search = filter.search?.trim() ? `%${filter.search.trim()}%` : null;
  const params = [tenant, filter.status ?? null, search, filter.memberId];
  const where = `WHERE m.tenant = $1 AND ($2::text IS NULL OR m.status = $2)
    AND ($3::text IS NULL OR m.partner_store_id ILIKE $3 OR m.partner_name ILIKE $3 OR s.name ILIKE $3)
    AND ${memberMappings('$4')}`;
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM g2_store_mappings m LEFT JOIN stores s ON s.id = m.store_id ${where}`,
    params,
  );
  const rows = await db.query<MappingRow>(
    `SELECT ${MAPPING_COLUMNS} FROM ${MAPPING_FROM} ${where}
      ORDER BY (m.status = 'confirmed'), rows_held DESC, m.partner_store_id
      ${pageClause(filter.paging, String)}`,
    params,
  );
  return {
    mappings: rows.map((row) => toMapping(row, stores)),
    total: count?.total ?? 0,
  };
}

/** Mappings of `tenant` by id (locked when `lock`), without suggestions. */
export async function readMappingsById(
  db: SqlRunner,
  tenant: string,
  ids: readonly number[],
  lock = false,
): Promise<G2StoreMapping[]> {
  const rows = await db.query<MappingRow>(
    `SELECT ${MAPPING_COLUMNS} FROM ${MAPPING_FROM}
      WHERE m.tenant = $1 AND m.id = ANY($2::int[]) ORDER BY m.id${lock ? ' FOR UPDATE OF m' : ''}`,
    [tenant, [...ids]],
  );
  return rows.map((row) => toMapping(row, null));
}

/** Every mapping of `tenant` (a member's only, for a member; the CSV), read a batch at a time. */
export async function* readMappingsInOrder(
  db: SqlRunner,
  tenant: string,
  status: string | undefined,
  memberId: G2Member,
  batch = 1000,
): AsyncGenerator<G2StoreMapping> {
  let after = '';
  for (;;) {
    const rows = await db.query<MappingRow>(
      `SELECT ${MAPPING_COLUMNS} FROM ${MAPPING_FROM}
        WHERE m.tenant = $1 AND ($2::text IS NULL OR m.status = $2) AND m.partner_store_id > $3
          AND ${memberMappings('$4')}
        ORDER BY m.partner_store_id LIMIT ${Number(batch)}`,
      [tenant, status ?? null, after, memberId],
    );
    for (const row of rows) yield toMapping(row, null);
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = last.partner_store_id;
  }
}

/** Counts of `tenant`'s mappings by status (a member's only, for a member). */
export async function readMappingCounts(
  db: SqlRunner,
  tenant: string,
  memberId: G2Member,
) {
  const rows = await db.query<{ status: G2StoreMapping['status']; n: number }>(
    `SELECT m.status, count(*)::int AS n
       FROM g2_store_mappings m LEFT JOIN stores s ON s.id = m.store_id
      WHERE m.tenant = $1 AND ${memberMappings('$2')} GROUP BY m.status`,
    [tenant, memberId],
  );
  const counts = { unmatched: 0, suggested: 0, confirmed: 0, ignored: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}
