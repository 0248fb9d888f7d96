import multipart from '@fastify/multipart';
import {
  G2_UPLOAD_FIELD,
  MAX_G2_MAPPING_IMPORT_BYTES,
  MAX_G2_UPLOAD_BYTES,
  TENANT_MEMBER,
  type DataScope,
  type G2Issue,
  type G2StoreMapping,
  type G2Upload,
  type TenantCode,
} from '@collective/api-client/contract';
import { CsvError, parse } from 'csv-parse';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Caller } from '../auth/authenticate';
import { answeredScope } from '../data/answered-scope';
import { rebuildRollups } from '../data/rollups';
import type { SqlRunner } from '../db/database';
import { recordAudit, type AuditedChange } from '../http/audit';
import { resourceRoutes, type RouteServices } from '../http/declare-route';
import { askedPage } from '../http/paging';
import { withIdempotency } from '../http/idempotency';
import { notFound, Refusal, staleVersion } from '../http/error-replies';
import { allowSilence } from '../http/request-guards';
import { recordIngestion } from '../ingestion-logs/record-ingestion';
import type { JobQueue } from '../jobs/job-queue';
import { writeScope } from '../stores/store-routes';
import {
  candidateStores,
  readIssue,
  readIssueGroups,
  readIssues,
  readIssuesInOrder,
  readMappingCounts,
  readMappings,
  readMappingsById,
  readMappingsInOrder,
  readUpload,
  readUploads,
  type G2Member,
  type IssueFilter,
} from './g2-records';
import { cutAtLimit, uploadedPart } from '../http/uploads';
import { spoolUpload, stageRows, type SpooledFile } from './g2-upload';
import { G2_VALIDATE_JOB, g2ValidateJob } from './g2-validation';

const DEFAULT_PAGE_SIZE = 25;

/**
 * How long a G2 write may stay silent while it works (the connection
 * timeout of docs/decisions/0065, 60 s elsewhere): staging, committing or
 * rolling back 500,000 rows takes minutes on a busy machine, and the
 * answer comes only at the end. The body must still arrive within the
 * server-wide request timeout, so a stalled upload is cut as before.
 */
export const G2_WRITE_SILENCE_MS = 15 * 60_000;

function noUpload(id: number): never {
  return notFound(`There is no G2 upload ${id} on this tenant.`);
}

/** What the audit trail keeps of an upload. */
function auditedUpload(upload: G2Upload) {
  const { validation: _job, ...kept } = upload;
  return kept;
}

const uploadChange = (
  before: G2Upload | null,
  after: G2Upload | null,
): AuditedChange => ({
  id: (after ?? before)?.id ?? 0,
  memberId: null,
  before: before && auditedUpload(before),
  after: after && auditedUpload(after),
});

/** The upload `id` of `tenant`, locked, at `version` (404, 409). */
async function lockedUpload(
  db: SqlRunner,
  tenant: string,
  id: number,
  version: number,
): Promise<G2Upload> {
  const upload =
    (await readUpload(db, tenant, id, null, { lock: true })) ?? noUpload(id);
  if (upload.version !== version) {
    staleVersion(`Upload ${upload.file_name}`, version, upload.version, upload);
  }
  return upload;
}

/** 409 unless the upload is in one of `allowed`, saying what it is now. */
function refuseStatus(
  upload: G2Upload,
  allowed: readonly G2Upload['status'][],
  doing: string,
): void {
  if (!allowed.includes(upload.status)) {
    throw new Refusal(
      409,
      'Not possible now',
      `Upload ${upload.file_name} is ${upload.status.replace('_', ' ')}; only an upload that is ${allowed.map((s) => s.replace('_', ' ')).join(' or ')} can be ${doing}.`,
      { current: upload },
    );
  }
}

/**
 * Marks the uploads still to be committed that hold rows of
 * `partnerIds` as `validating` again and enqueues one job checking them
 * (in the write's transaction `tx`). Returns their ids.
 */
async function revalidate(
  tx: SqlRunner,
  jobs: JobQueue,
  caller: Caller,
  tenant: TenantCode,
  partnerIds: readonly string[],
): Promise<number[]> {
  if (partnerIds.length === 0) return [];
  const uploads = await tx.query<{ id: number }>(
    `UPDATE g2_uploads u SET status = 'validating', version = version + 1
      WHERE u.tenant = $1 AND u.status IN ('validating', 'ready')
        AND EXISTS (SELECT 1 FROM g2_rows r WHERE r.upload_id = u.id AND r.partner_store_id = ANY($2::text[]))
      RETURNING u.id`,
    [tenant, [...partnerIds]],
  );
  const ids = uploads.map((u) => u.id).sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const jobId = await jobs.enqueue(
    G2_VALIDATE_JOB,
    { uploadIds: ids },
    { ownerUserId: caller.user.id, tenant, memberId: null },
    { tx },
  );
  await tx.query(
    'UPDATE g2_uploads SET job_id = $2 WHERE id = ANY($1::int[])',
    [ids, jobId],
  );
  return ids;
}

/** What the audit trail keeps of a mapping. */
function auditedMapping(mapping: G2StoreMapping) {
  const {
    suggestions: _s,
    rows_held: _r,
    weight_held_kg: _w,
    ...kept
  } = mapping;
  return kept;
}

const mappingChange = (
  before: G2StoreMapping | null,
  after: G2StoreMapping,
): AuditedChange => ({
  id: after.id,
  memberId: null,
  before: before && auditedMapping(before),
  after: auditedMapping(after),
});

/** 404 unless `storeId` is an active store of the caller's write scope. */
async function storeInScope(
  db: SqlRunner,
  storeId: number,
  scope: number | null,
): Promise<void> {
  const [found] = await db.query<{ id: number }>(
    'SELECT id FROM stores WHERE id = $1 AND active AND ($2::int IS NULL OR member_id = $2)',
    [storeId, scope],
  );
  if (!found) {
    notFound(`There is no active store ${storeId} in your data scope.`);
  }
}

/** Sets mappings (already locked and checked) and returns the partner ids whose rows change meaning. */
async function setMappings(
  db: SqlRunner,
  changes: readonly {
    before: G2StoreMapping;
    status: G2StoreMapping['status'];
    storeId: number | null;
  }[],
  userId: number,
  now: Date,
): Promise<string[]> {
  const touched: string[] = [];
  for (const { before, status, storeId } of changes) {
    await db.query(
      `UPDATE g2_store_mappings SET status = $2, store_id = $3, updated_by = $4,
              updated_at = $5, version = version + 1 WHERE id = $1`,
      [before.id, status, storeId, userId, now.toISOString()],
    );
    if (before.status === 'confirmed' || status === 'confirmed') {
      touched.push(before.partner_store_id);
    }
  }
  return touched;
}

/** The mapping changes asked by a bulk confirmation or an import, checked (404, 409). */
async function lockedMappings(
  db: SqlRunner,
  tenant: string,
  asked: readonly { id: number; version: number }[],
): Promise<Map<number, G2StoreMapping>> {
  const found = await readMappingsById(
    db,
    tenant,
    asked.map((m) => m.id),
    true,
  );
  const byId = new Map(found.map((m) => [m.id, m]));
  for (const { id, version } of asked) {
    const current =
      byId.get(id) ??
      notFound(`There is no store mapping ${id} on this tenant.`);
    if (current.version !== version) {
      staleVersion(
        `The mapping of ${current.partner_store_id}`,
        version,
        current.version,
        current,
      );
    }
  }
  return byId;
}

/** One row of a mapping import: a partner id and a store id. */
interface ImportRow {
  row: number;
  partner: string;
  store: string;
}

const importTooLarge = () =>
  new Refusal(
    413,
    'File too large',
    `The file is larger than ${MAX_G2_MAPPING_IMPORT_BYTES / 1024} KiB; split it into smaller files.`,
  );

/**
 * Makes the upload of a spooled G2 file in the write's transaction: its
 * row, its staged rows (400 when there are none), its validation job and
 * its one audit event (this call is not an audited entry: its file is read
 * before the transaction opens, docs/decisions/0099). Returns its id.
 */
async function stageUpload(
  tx: SqlRunner,
  made: {
    tenant: TenantCode;
    file: SpooledFile;
    query: { period_start: string; period_end: string };
    userId: number;
    now: Date;
    jobs: JobQueue;
    request: FastifyRequest;
  },
): Promise<number> {
  const { tenant, file, query, userId } = made;
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO g2_uploads (tenant, file_name, content_hash, format, bytes,
                             period_start, period_end, uploaded_by, uploaded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      tenant,
      file.fileName,
      file.hash,
      file.format,
      file.bytes,
      query.period_start,
      query.period_end,
      userId,
      made.now.toISOString(),
    ],
  );
  if (!row) throw new Error('the upload insert returned no id');
  const rows = await stageRows(tx, row.id, file);
  if (rows === 0) {
    throw new Refusal(
      400,
      'No rows',
      'The file has a header but no data rows; nothing was staged.',
    );
  }
  const jobId = await made.jobs.enqueue(
    G2_VALIDATE_JOB,
    { uploadIds: [row.id] },
    { ownerUserId: userId, tenant, memberId: null },
    { tx },
  );
  await tx.query('UPDATE g2_uploads SET rows = $2, job_id = $3 WHERE id = $1', [
    row.id,
    rows,
    jobId,
  ]);
  const upload = await readUpload(tx, tenant, row.id, null);
  if (!upload) throw new Error('the upload vanished while it was made');
  await recordAudit(
    tx,
    made.request,
    { entity: 'g2_upload', action: 'upload' },
    uploadChange(null, upload),
  );
  return row.id;
}

/** Reads a mapping import CSV (`partner_store_id`, `store_id`; other columns ignored). */
async function readMappingImport(
  request: FastifyRequest,
): Promise<ImportRow[]> {
  const part = await uploadedPart(
    request,
    'CSV of mappings',
    G2_UPLOAD_FIELD,
    MAX_G2_MAPPING_IMPORT_BYTES,
  );
  const parser = part.file.pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 4096,
    }),
  );
  const rows: ImportRow[] = [];
  let header: string[] | null = null;
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line += 1;
      if (!header) {
        header = record.map((cell) => cell.trim().toLowerCase());
        if (
          !header.includes('partner_store_id') ||
          !header.includes('store_id')
        ) {
          throw new Refusal(
            400,
            'Unreadable file',
            'The first row must name the columns partner_store_id and store_id (the export of this screen has them).',
          );
        }
        continue;
      }
      const cell = (name: string) =>
        (record[(header as string[]).indexOf(name)] ?? '').trim();
      rows.push({
        row: line,
        partner: cell('partner_store_id'),
        store: cell('store_id'),
      });
    }
  } catch (error) {
    if (cutAtLimit(part.file, error)) {
      throw importTooLarge();
    }
    if (error instanceof CsvError) {
      throw new Refusal(
        400,
        'Unreadable file',
        `The file is not a readable CSV: ${error.message.slice(0, 200)}`,
      );
    }
    throw error;
  }
  if (cutAtLimit(part.file)) {
    throw importTooLarge();
  }
  if (!header) throw new Refusal(400, 'Empty file', 'The file is empty.');
  return rows;
}

/** What a write of mappings works with: its transaction, the job queue, the caller, the tenant, the clock. */
interface MappingWrite {
  db: SqlRunner;
  jobs: JobQueue;
  caller: Caller;
  tenant: TenantCode;
  now: Date;
}

/** The {@link MappingWrite} of a handler's call. */
function mappingWrite(call: {
  db: SqlRunner;
  services: { jobs: JobQueue };
  caller: Caller;
  tenant: TenantCode | undefined;
  now: Date;
}): MappingWrite {
  const { db, services, caller, tenant, now } = call;
  return { db, jobs: services.jobs, caller, tenant: tenantOf(tenant), now };
}

/**
 * Sets each mapping (already locked and checked) to its status and store
 * where that changes it, re-validating the uploads affected: the uploads
 * checked again, the mappings changed as they are now, and one audited
 * change per mapping changed.
 */
async function applyMappings(
  write: MappingWrite,
  wanted: readonly {
    before: G2StoreMapping;
    status: G2StoreMapping['status'];
    storeId: number | null;
  }[],
): Promise<{
  revalidating: number[];
  changed: G2StoreMapping[];
  changes: AuditedChange[];
}> {
  const { db, jobs, caller, tenant, now } = write;
  const changes = wanted.filter(
    ({ before, status, storeId }) =>
      before.status !== status || before.store_id !== storeId,
  );
  const touched = await setMappings(db, changes, caller.user.id, now);
  const revalidating = await revalidate(db, jobs, caller, tenant, touched);
  const changed = await readMappingsById(
    db,
    tenant,
    changes.map((c) => c.before.id),
  );
  const after = new Map(changed.map((m) => [m.id, m]));
  return {
    revalidating,
    changed,
    changes: changes.map((c) =>
      mappingChange(c.before, after.get(c.before.id) as G2StoreMapping),
    ),
  };
}

const tenantOf = (tenant: TenantCode | undefined): TenantCode =>
  tenant ?? 'pact';

/**
 * Whose rows a G2 read shows (decisions D12; docs/decisions/0099,
 * addendum): the member of the scope the route layer resolved — a brand
 * user's own, or the one a collective admin chose — except for a
 * collective admin on a tenant limited to that member (kiehls), whose
 * uploads are all that member's by construction (their mappings can only
 * name its stores) and who manages them whole, unmatched ids included.
 * The answer's `scope` still names the member the route layer resolved
 * (Kiehl's on that tenant), as every scoped answer does.
 */
function g2Member(call: {
  scope: DataScope;
  caller: Caller;
  tenant: TenantCode | undefined;
}): G2Member {
  const limit = TENANT_MEMBER[tenantOf(call.tenant)];
  if (call.caller.access.isCollectiveAdmin && limit?.id === call.scope.memberId)
    return null;
  return call.scope.memberId;
}

/**
 * The problems of upload `uploadId` its report lists, narrowed by the
 * report's query: the same on the page and in its CSV.
 */
function uploadReportFilter(
  tenant: TenantCode,
  memberId: G2Member,
  uploadId: number,
  query: Pick<IssueFilter, 'severity' | 'column' | 'kind'>,
): IssueFilter {
  return {
    tenant,
    memberId,
    uploadId,
    severity: query.severity,
    column: query.column,
    kind: query.kind,
  };
}

/**
 * G2 Data Management and G2 Store Mappings (decisions D17;
 * docs/decisions/0099), per tenant, written by collective admins and read
 * in the caller's scope ({@link g2Member}): uploads
 * (staged, validated by a job, committed, rolled back, discarded), their
 * validation report and CSV, the data-quality queue, and the partner store
 * mappings (confirm one or many, import, export), each confirmation
 * re-validating the uploads it affects. Every write is versioned (409 when
 * stale) and leaves one audit event per record.
 */
const g2ResourceRoutes = resourceRoutes({
  async g2Uploads(call) {
    const { query, tenant, db, services } = call;
    const memberId = g2Member(call);
    const asked = askedPage(query, DEFAULT_PAGE_SIZE);
    const { uploads, total } = await readUploads(
      db,
      tenantOf(tenant),
      {
        status: query.status,
        memberId,
        paging: asked,
      },
      services.jobs,
    );
    return {
      success: true,
      scope: await answeredScope(db, call.scope.memberId),
      uploads,
      ...asked,
      total,
    };
  },

  async g2Upload(call) {
    const {
      params: { id },
      tenant,
      db,
      services,
    } = call;
    const upload =
      (await readUpload(db, tenantOf(tenant), id, services.jobs, {
        memberId: g2Member(call),
      })) ?? noUpload(id);
    return { success: true, upload };
  },

  async createG2Upload({ query, caller, request, services, tenant: asked }) {
    const tenant = tenantOf(asked);
    await services.jobs.ready();
    const file = await spoolUpload(request);
    try {
      // A retry under the same Idempotency-Key is the same query and file
      // (its digest, taken while spooling): it gets the first answer again.
      const made = await withIdempotency(
        services.db,
        request,
        'createG2Upload',
        async (tx) => {
          const [earlier] = await tx.query<{
            id: number;
            file_name: string;
            uploaded_at: string;
          }>(
            `SELECT id, file_name, to_char(uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS uploaded_at
               FROM g2_uploads WHERE tenant = $1 AND content_hash = $2`,
            [tenant, file.hash],
          );
          if (earlier) {
            throw new Refusal(
              409,
              'Same file uploaded before',
              `This file's content was uploaded before as upload ${earlier.id} ("${earlier.file_name}", ${earlier.uploaded_at}); nothing was staged. Discard that upload first to upload it again.`,
              { upload_id: earlier.id },
            );
          }
          const id = await stageUpload(tx, {
            tenant,
            file,
            query,
            userId: caller.user.id,
            now: services.clock(),
            jobs: services.jobs,
            request,
          });
          const upload = await readUpload(tx, tenant, id, services.jobs);
          if (!upload) noUpload(id);
          return { status: 201, body: { success: true, upload } };
        },
        { query, file: file.hash, name: file.fileName },
      );
      return made.body as { success: true; upload: G2Upload };
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw new Refusal(
          409,
          'Same file uploaded before',
          'This file was uploaded at the same moment by another request; nothing was staged.',
        );
      }
      throw error;
    } finally {
      await file.remove();
    }
  },

  async g2UploadReport(call) {
    const {
      params: { id },
      query,
      tenant,
      db,
      services,
    } = call;
    const memberId = g2Member(call);
    const upload =
      (await readUpload(db, tenantOf(tenant), id, services.jobs, {
        memberId,
      })) ?? noUpload(id);
    const asked = askedPage(query, DEFAULT_PAGE_SIZE);
    const { issues, total } = await readIssues(
      db,
      uploadReportFilter(tenantOf(tenant), memberId, id, query),
      asked,
    );
    return {
      success: true,
      scope: await answeredScope(db, call.scope.memberId),
      upload,
      issues,
      ...asked,
      total,
    };
  },

  async g2UploadReportCsv(call) {
    const { query, tenant, db } = call;
    const memberId = g2Member(call);
    const id = query.upload;
    const upload =
      (await readUpload(db, tenantOf(tenant), id, null, { memberId })) ??
      noUpload(id);
    const filter = uploadReportFilter(tenantOf(tenant), memberId, id, query);
    async function* rows() {
      for await (const issue of readIssuesInOrder(db, filter)) {
        yield {
          row: issue.row,
          column: issue.column,
          value: issue.value,
          message: issue.message,
          severity: issue.severity,
          kind: issue.kind,
          status: issue.status,
        };
      }
    }
    return {
      filename: `g2-report-${upload.id}-${upload.file_name.replace(/\.[^.]*$/, '')}.csv`,
      rows: rows(),
    };
  },

  async commitG2Upload({ params: { id }, body, tenant, db, now }) {
    const before = await lockedUpload(db, tenantOf(tenant), id, body.version);
    refuseStatus(before, ['ready', 'rolled_back'], 'committed');
    const stores = await db.query<{ store_id: number }>(
      `WITH added AS (
         INSERT INTO g2_collections (upload_id, row, store_id, day, material, weight_kg)
         SELECT upload_id, row, store_id, day, material, weight_kg FROM g2_rows
          WHERE upload_id = $1 AND NOT excluded AND store_id IS NOT NULL
            AND day IS NOT NULL AND material IS NOT NULL AND weight_kg > 0
         RETURNING store_id)
       SELECT DISTINCT store_id FROM added`,
      [id],
    );
    if (stores.length === 0) {
      throw new Refusal(
        409,
        'Nothing to commit',
        `No row of ${before.file_name} can be committed: every row has an error. Fix the mappings or the file first.`,
        { current: before },
      );
    }
    await rebuildRollups(
      db,
      stores.map((s) => s.store_id),
    );
    await db.query(
      `UPDATE g2_uploads SET status = 'committed', committed_at = $2, rolled_back_at = NULL,
              version = version + 1 WHERE id = $1`,
      [id, now.toISOString()],
    );
    // The G2 feed's run in the ingestion log, one line per member whose
    // rows it brought (decisions D17; docs/decisions/0100), in this write.
    const perMember = await db.query<{
      member_id: number;
      rows: number;
      kg: string;
    }>(
      `SELECT s.member_id, count(*)::int AS rows, sum(c.weight_kg)::text AS kg
         FROM g2_collections c JOIN stores s ON s.id = c.store_id
        WHERE c.upload_id = $1 GROUP BY s.member_id ORDER BY s.member_id`,
      [id],
    );
    for (const run of perMember) {
      await recordIngestion(db, {
        source: 'g2',
        startedAt: now,
        finishedAt: now,
        status: before.totals.warnings > 0 ? 'warning' : 'ok',
        rows: run.rows,
        message: `${before.file_name}: ${run.rows} rows (${Number(run.kg).toFixed(1)} kg) committed.`,
        tenant: tenantOf(tenant),
        memberId: run.member_id,
      });
    }
    const after =
      (await readUpload(db, tenantOf(tenant), id, null)) ?? noUpload(id);
    return {
      answer: { success: true, upload: after },
      change: uploadChange(before, after),
    };
  },

  async rollbackG2Upload({ params: { id }, body, tenant, db, now }) {
    const before = await lockedUpload(db, tenantOf(tenant), id, body.version);
    refuseStatus(before, ['committed'], 'rolled back');
    const stores = await db.query<{ store_id: number }>(
      `WITH gone AS (DELETE FROM g2_collections WHERE upload_id = $1 RETURNING store_id)
       SELECT DISTINCT store_id FROM gone`,
      [id],
    );
    if (stores.length > 0) {
      await rebuildRollups(
        db,
        stores.map((s) => s.store_id),
      );
    }
    await db.query(
      `UPDATE g2_uploads SET status = 'rolled_back', rolled_back_at = $2,
              version = version + 1 WHERE id = $1`,
      [id, now.toISOString()],
    );
    const after =
      (await readUpload(db, tenantOf(tenant), id, null)) ?? noUpload(id);
    return {
      answer: { success: true, upload: after },
      change: uploadChange(before, after),
    };
  },

  async discardG2Upload({ params: { id }, body, tenant, db }) {
    const before = await lockedUpload(db, tenantOf(tenant), id, body.version);
    refuseStatus(
      before,
      ['validating', 'ready', 'failed', 'rolled_back'],
      'discarded',
    );
    await db.query('DELETE FROM g2_collections WHERE upload_id = $1', [id]);
    await db.query('DELETE FROM g2_uploads WHERE id = $1', [id]);
    return {
      answer: { success: true, id },
      change: uploadChange(before, null),
    };
  },

  async g2Issues(call) {
    const { query, tenant, db } = call;
    const memberId = g2Member(call);
    const asked = askedPage(query, DEFAULT_PAGE_SIZE);
    const [groups, { issues, total }] = [
      await readIssueGroups(db, tenantOf(tenant), memberId),
      await readIssues(
        db,
        {
          tenant: tenantOf(tenant),
          memberId,
          kind: query.kind,
          status: query.status ?? 'open',
          uploadId: query.upload,
          pendingOnly: true,
        },
        asked,
      ),
    ];
    return {
      success: true,
      scope: await answeredScope(db, call.scope.memberId),
      groups,
      issues,
      ...asked,
      total,
    };
  },

  async settleG2Issue({ params: { id }, body, caller, tenant, db, now }) {
    const before =
      (await readIssue(db, tenantOf(tenant), id, true)) ??
      notFound(`There is no data-quality issue ${id} on this tenant.`);
    if (before.version !== body.version) {
      staleVersion(`Issue ${id}`, body.version, before.version, before);
    }
    if (body.action !== 'reopen' && body.note === '') {
      throw new Refusal(
        400,
        'Note required',
        `Say in the note why this problem is ${body.action === 'resolve' ? 'resolved' : 'ignored'}.`,
      );
    }
    const status = (
      { resolve: 'resolved', ignore: 'ignored', reopen: 'open' } as const
    )[body.action];
    await db.query(
      `UPDATE g2_row_issues SET status = $2, note = $3, settled_by = $4, settled_at = $5,
              version = version + 1 WHERE id = $1`,
      [
        id,
        status,
        body.action === 'reopen' ? null : body.note,
        body.action === 'reopen' ? null : caller.user.id,
        body.action === 'reopen' ? null : now.toISOString(),
      ],
    );
    const after = (await readIssue(db, tenantOf(tenant), id)) as G2Issue;
    return {
      answer: { success: true, issue: after },
      change: { id, memberId: null, before, after },
    };
  },

  async g2StoreMappings(call) {
    const { query, caller, request, tenant, db } = call;
    const memberId = g2Member(call);
    const asked = askedPage(query, DEFAULT_PAGE_SIZE);
    // A member sees its confirmed ids only: nothing to suggest.
    const stores =
      memberId === null
        ? await candidateStores(db, writeScope(caller, request))
        : null;
    const [counts, { mappings, total }] = [
      await readMappingCounts(db, tenantOf(tenant), memberId),
      await readMappings(
        db,
        tenantOf(tenant),
        {
          status: query.status,
          search: query.search,
          memberId,
          paging: asked,
        },
        stores,
      ),
    ];
    return {
      success: true,
      scope: await answeredScope(db, call.scope.memberId),
      counts,
      mappings,
      ...asked,
      total,
    };
  },

  async updateG2StoreMapping(call) {
    const {
      params: { id },
      body,
      caller,
      request,
    } = call;
    const write = mappingWrite(call);
    const byId = await lockedMappings(write.db, write.tenant, [
      { id, version: body.version },
    ]);
    const before = byId.get(id) as G2StoreMapping;
    const storeId =
      body.status === 'confirmed' ? (body.store_id ?? null) : null;
    if (storeId !== null)
      await storeInScope(write.db, storeId, writeScope(caller, request));
    const { revalidating, changed, changes } = await applyMappings(write, [
      { before, status: body.status, storeId },
    ]);
    return {
      answer: {
        success: true,
        mappings: changes.length === 0 ? [before] : changed,
        revalidating,
      },
      change: changes[0] ?? null,
    };
  },

  async confirmG2StoreMappings(call) {
    const { body, caller, request } = call;
    const write = mappingWrite(call);
    const byId = await lockedMappings(write.db, write.tenant, body.mappings);
    const scope = writeScope(caller, request);
    for (const { store_id } of body.mappings)
      await storeInScope(write.db, store_id, scope);
    const { revalidating, changes } = await applyMappings(
      write,
      body.mappings.map(({ id, store_id }) => ({
        before: byId.get(id) as G2StoreMapping,
        status: 'confirmed',
        storeId: store_id,
      })),
    );
    const after = await readMappingsById(
      write.db,
      write.tenant,
      body.mappings.map((m) => m.id),
    );
    return {
      answer: { success: true, mappings: after, revalidating },
      change: changes,
    };
  },

  async importG2StoreMappings(call) {
    const { caller, request, db } = call;
    const write = mappingWrite(call);
    const code = write.tenant;
    const rows = await readMappingImport(request);
    const scope = writeScope(caller, request);
    const stores = new Set((await candidateStores(db, scope)).map((s) => s.id));
    const issues: {
      row: number;
      column: string;
      value: string;
      message: string;
    }[] = [];
    const wanted = new Map<string, number>();
    for (const { row, partner, store } of rows) {
      if (partner === '') {
        issues.push({
          row,
          column: 'partner_store_id',
          value: '',
          message: 'partner_store_id is required.',
        });
        continue;
      }
      if (store === '') continue; // an export's unmatched line: nothing to confirm
      const storeId = /^[1-9]\d{0,9}$/.test(store) ? Number(store) : NaN;
      if (!stores.has(storeId)) {
        issues.push({
          row,
          column: 'store_id',
          value: store.slice(0, 40),
          message: `There is no active store ${store.slice(0, 40)} in your data scope.`,
        });
        continue;
      }
      wanted.set(partner.slice(0, 200), storeId);
    }
    if (wanted.size > 0) {
      await db.query(
        `INSERT INTO g2_store_mappings (tenant, partner_store_id, status)
         SELECT $1, unnest($2::text[]), 'unmatched'
         ON CONFLICT (tenant, partner_store_id) DO NOTHING`,
        [code, [...wanted.keys()]],
      );
    }
    const found = await db.query<{ id: number; partner_store_id: string }>(
      `SELECT id, partner_store_id FROM g2_store_mappings
        WHERE tenant = $1 AND partner_store_id = ANY($2::text[]) FOR UPDATE`,
      [code, [...wanted.keys()]],
    );
    const current = await readMappingsById(
      db,
      code,
      found.map((f) => f.id),
    );
    const { revalidating, changes } = await applyMappings(
      write,
      current.map((before) => ({
        before,
        status: 'confirmed',
        storeId: wanted.get(before.partner_store_id) as number,
      })),
    );
    return {
      answer: {
        success: true,
        rows: rows.length,
        confirmed: changes.length,
        issues,
        revalidating,
      },
      change: changes,
    };
  },

  async g2StoreMappingsCsv(call) {
    const { query, tenant, db, now } = call;
    const memberId = g2Member(call);
    async function* rows() {
      for await (const m of readMappingsInOrder(
        db,
        tenantOf(tenant),
        query.status,
        memberId,
      )) {
        yield {
          partner_store_id: m.partner_store_id,
          partner_name: m.partner_name ?? '',
          status: m.status,
          store_id: m.store_id,
          store_name: m.store_name ?? '',
          rows_held: m.rows_held,
          weight_held_kg: m.weight_held_kg,
        };
      }
    }
    return {
      filename: `g2-store-mappings-${now.toISOString().slice(0, 10)}.csv`,
      rows: rows(),
    };
  },
});

/**
 * The G2 routes, with `multipart/form-data` read in this plugin only (one
 * file, at most {@link MAX_G2_UPLOAD_BYTES}; the mapping import at most
 * {@link MAX_G2_MAPPING_IMPORT_BYTES}), and the validation job defined. A
 * write may stay silent for {@link G2_WRITE_SILENCE_MS}, and waits for the
 * job queue's tables first, so it can enqueue inside its own transaction.
 */
export const g2Routes: FastifyPluginAsync<RouteServices> = async (
  app,
  services,
) => {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_G2_UPLOAD_BYTES,
      files: 1,
      fields: 0,
      parts: 1,
      headerPairs: 20,
    },
    throwFileSizeLimit: true,
  });
  services.jobs.define(G2_VALIDATE_JOB, g2ValidateJob(services.db), {
    timeoutSeconds: 1800,
    retries: 1,
  });
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method !== 'GET') allowSilence(request, G2_WRITE_SILENCE_MS);
    done();
  });
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'GET') await services.jobs.ready();
  });
  await g2ResourceRoutes(app, services);
};
