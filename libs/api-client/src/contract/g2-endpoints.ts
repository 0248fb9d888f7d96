import * as v from 'valibot';
import { named, type Endpoint } from './endpoint';
import {
  DownloadTicketQuery,
  IdTextSchema,
  pageQuery,
  recordIdParams,
  scopedPageSchema,
  scopedQuery,
} from './data-schemas';
import {
  answerSchema,
  CountSchema,
  IdSchema,
  dayText,
  IsoTimestampSchema,
  KgSchema,
  oneOf,
  searchQuery,
} from './common-schemas';
import { ShareSchema } from './figure-schemas';
import { idInput, VersionBodySchema, VersionSchema } from './record-schemas';

/*
 * G2 ingestion (decisions D17; docs/decisions/0099): a retail partner's
 * file of collection weights per store, day and material is uploaded,
 * staged, validated row by row by a job, reviewed and committed (its rows
 * reach the program's figures) or discarded; a committed upload can be
 * rolled back. Partner store ids are tied to program stores by store
 * mappings; the data-quality queue lists every problem found. Collective
 * admins write; every read is scoped (decisions D12): a brand user, or a
 * collective admin who chose a member, sees the uploads holding rows of
 * that member, their totals and problems over those rows only, and the
 * partner ids confirmed to that member's stores (docs/decisions/0099,
 * addendum).
 */

/** What an upload is doing: checked by a job, ready to commit, in the figures, taken out again, or unreadable. */
export const G2_UPLOAD_STATUSES = [
  'validating',
  'ready',
  'committed',
  'rolled_back',
  'failed',
] as const;
/** What an upload is doing. */
export type G2UploadStatus = (typeof G2_UPLOAD_STATUSES)[number];

/** How bad a problem of a row is: an error keeps the row out of a commit, a warning does not. */
export const G2_SEVERITIES = ['error', 'warning'] as const;
/** How bad a problem of a row is. */
export type G2Severity = (typeof G2_SEVERITIES)[number];

/**
 * The kinds of problem validation finds (D17), each with its severity:
 * the row's store id is tied to no program store, its material is not one
 * of the program's, its date is not a day or lies outside the upload's
 * period, its weight is not above 0 (errors); its weight is far above the
 * store's history, or it repeats an earlier row (warnings; a repeated row
 * is left out of the commit, so it never counts twice).
 */
export const G2_ISSUE_KINDS = [
  'unmapped_store',
  'unknown_material',
  'bad_weight',
  'bad_date',
  'outside_period',
  'duplicate',
  'outlier',
] as const;
/** A kind of problem of a row. */
export type G2IssueKind = (typeof G2_ISSUE_KINDS)[number];

/** The severity of each kind of problem. */
export const G2_ISSUE_SEVERITY: Readonly<Record<G2IssueKind, G2Severity>> = {
  unmapped_store: 'error',
  unknown_material: 'error',
  bad_weight: 'error',
  bad_date: 'error',
  outside_period: 'error',
  duplicate: 'warning',
  outlier: 'warning',
};

/** Each kind of problem in words, for headings and filters. */
export const G2_ISSUE_KIND_LABELS: Readonly<Record<G2IssueKind, string>> = {
  unmapped_store: 'Unmapped store ids',
  unknown_material: 'Unknown materials',
  bad_weight: 'Weight of 0 or less',
  bad_date: 'Unreadable dates',
  outside_period: 'Dates outside the period',
  duplicate: 'Duplicate rows',
  outlier: 'Outliers against the store’s history',
};

/** Where a problem stands in the data-quality queue. */
export const G2_ISSUE_STATUSES = ['open', 'resolved', 'ignored'] as const;
/** Where a problem stands. */
export type G2IssueStatus = (typeof G2_ISSUE_STATUSES)[number];

/** The columns of a G2 file (and the report's `column`). */
export const G2_COLUMNS = [
  'store_id',
  'date',
  'material',
  'weight_kg',
] as const;
/** A column of a G2 file. */
export type G2Column = (typeof G2_COLUMNS)[number];

/** Where a partner store id stands: tied to no store, a likely store proposed, tied, or set aside. */
export const G2_MAPPING_STATUSES = [
  'unmatched',
  'suggested',
  'confirmed',
  'ignored',
] as const;
/** Where a partner store id stands. */
export type G2MappingStatus = (typeof G2_MAPPING_STATUSES)[number];

/** Largest G2 file, in bytes (50 MB). */
export const MAX_G2_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Most data rows of one G2 file. */
export const MAX_G2_UPLOAD_ROWS = 500_000;
/** The multipart field the file is sent in. */
export const G2_UPLOAD_FIELD = 'file';
/** Largest CSV of store mappings an import reads, in bytes. */
export const MAX_G2_MAPPING_IMPORT_BYTES = 1024 * 1024;
/** Longest note on a resolved or ignored problem. */
export const MAX_G2_NOTE_LENGTH = 500;
/** Most mappings one bulk confirmation names. */
export const MAX_G2_BULK_MAPPINGS = 100;
/** Largest page of the G2 lists. */
export const MAX_G2_PAGE_SIZE = 100;
/** Longest period an upload may cover, in days. */
export const MAX_G2_PERIOD_DAYS = 366;

/* ------------------------------------------------------------------ */
/* Uploads                                                             */
/* ------------------------------------------------------------------ */

/** An upload's totals: rows read, rows without problems, rows with errors, rows with warnings only. */
export const G2TotalsSchema = v.object({
  rows: CountSchema,
  valid: CountSchema,
  errors: CountSchema,
  warnings: CountSchema,
  /** Weight of the rows a commit takes (no error, not a repeat), kg. */
  weight_kg: KgSchema,
});
/** An upload's totals. */
export type G2Totals = v.InferOutput<typeof G2TotalsSchema>;

/** A G2 upload as its list and detail show it. */
export const G2UploadSchema = v.object({
  id: IdSchema,
  file_name: v.string(),
  /** SHA-256 of the file's bytes, hex: the same content twice is refused. */
  content_hash: v.string(),
  format: v.picklist(['csv', 'xlsx']),
  bytes: CountSchema,
  period_start: v.string(),
  period_end: v.string(),
  status: v.picklist(G2_UPLOAD_STATUSES),
  totals: G2TotalsSchema,
  /** Why a failed upload failed. */
  failure: v.nullable(v.string()),
  uploaded_by: v.nullable(v.string()),
  uploaded_at: IsoTimestampSchema,
  committed_at: v.nullable(IsoTimestampSchema),
  rolled_back_at: v.nullable(IsoTimestampSchema),
  /** The validation job: progress from 0 to 1 and its last message while it runs. */
  validation: v.nullable(
    v.object({
      job_id: v.string(),
      state: v.string(),
      progress: v.number(),
      message: v.nullable(v.string()),
    }),
  ),
  version: VersionSchema,
});
/** A G2 upload. */
export type G2Upload = v.InferOutput<typeof G2UploadSchema>;

/** Query of GET /api/g2/uploads. */
export const G2UploadsQuerySchema = scopedQuery({
  status: v.optional(oneOf(G2_UPLOAD_STATUSES, 'status')),
  ...pageQuery(MAX_G2_PAGE_SIZE),
});

/** Response of GET /api/g2/uploads: newest first, in the scope answered for. */
export const G2UploadsPageSchema = scopedPageSchema('uploads', G2UploadSchema);
/** One page of uploads. */
export type G2UploadsPage = v.InferOutput<typeof G2UploadsPageSchema>;

/** The `:id` of one upload. */
export const G2UploadIdParamsSchema = recordIdParams('upload');

/** Query of GET /api/g2/uploads/:id: the member (collective admins only). */
export const G2UploadQuerySchema = scopedQuery();

/** Response of GET /api/g2/uploads/:id and of every write on one upload. */
export const G2UploadDetailSchema = answerSchema({ upload: G2UploadSchema });
/** One upload. */
export type G2UploadDetail = v.InferOutput<typeof G2UploadDetailSchema>;

/** Query of POST /api/g2/uploads: the period the file covers, first and last day. */
export const CreateG2UploadQuerySchema = v.pipe(
  v.strictObject({
    period_start: dayText('period_start'),
    period_end: dayText('period_end'),
  }),
  v.forward(
    v.check(
      (q) => q.period_start <= q.period_end,
      'period_end must be on or after period_start',
    ),
    ['period_end'],
  ),
  v.forward(
    v.check(
      (q) =>
        (Date.parse(q.period_end) - Date.parse(q.period_start)) / 86_400_000 <
        MAX_G2_PERIOD_DAYS,
      `the period may cover at most ${MAX_G2_PERIOD_DAYS} days`,
    ),
    ['period_end'],
  ),
);
/** Query of POST /api/g2/uploads. */
export type CreateG2UploadQuery = v.InferOutput<
  typeof CreateG2UploadQuerySchema
>;

/** Body of commit, roll back and discard: the version read (409 when stale). */
export const G2VersionSchema = VersionBodySchema;

/** Response of POST /api/g2/uploads/:id/discard: the upload is gone, its hash free again. */
export const G2DiscardedSchema = answerSchema({ id: IdSchema });

/* ------------------------------------------------------------------ */
/* Validation report and data-quality queue                            */
/* ------------------------------------------------------------------ */

/** One problem of one row: the report's line and the queue's item. */
export const G2IssueSchema = v.object({
  id: IdSchema,
  upload_id: IdSchema,
  file_name: v.string(),
  /** The file's line: the header is row 1, the first data row 2. */
  row: v.pipe(v.number(), v.integer(), v.minValue(2)),
  column: v.string(),
  value: v.string(),
  message: v.string(),
  kind: v.picklist(G2_ISSUE_KINDS),
  severity: v.picklist(G2_SEVERITIES),
  status: v.picklist(G2_ISSUE_STATUSES),
  note: v.nullable(v.string()),
  version: VersionSchema,
});
/** One problem of one row. */
export type G2Issue = v.InferOutput<typeof G2IssueSchema>;

const reportFilters = {
  severity: v.optional(oneOf(G2_SEVERITIES, 'severity')),
  column: v.optional(oneOf(G2_COLUMNS, 'column')),
  kind: v.optional(oneOf(G2_ISSUE_KINDS, 'kind')),
};

/** Query of the validation report (and of its CSV). */
export const G2ReportQuerySchema = scopedQuery({
  ...reportFilters,
  ...pageQuery(MAX_G2_PAGE_SIZE),
});

/** Query of the validation report's CSV: the upload, the same filters, every row. */
export const G2ReportCsvQuerySchema = scopedQuery({
  upload: IdTextSchema,
  ...reportFilters,
  download: DownloadTicketQuery,
});

/** Response of GET /api/g2/uploads/:id/issues: the totals and one page of problems, by row. */
export const G2ReportSchema = scopedPageSchema('issues', G2IssueSchema, {
  upload: G2UploadSchema,
});
/** One page of a validation report. */
export type G2Report = v.InferOutput<typeof G2ReportSchema>;

/** One line of the validation report's CSV. */
export const G2ReportCsvRowSchema = v.object({
  row: CountSchema,
  column: v.string(),
  value: v.string(),
  message: v.string(),
  severity: v.string(),
  kind: v.string(),
  status: v.string(),
});

/** Query of GET /api/g2/issues: the data-quality queue. */
export const G2IssuesQuerySchema = scopedQuery({
  kind: v.optional(oneOf(G2_ISSUE_KINDS, 'kind')),
  status: v.optional(oneOf(G2_ISSUE_STATUSES, 'status')),
  upload: v.optional(IdTextSchema),
  ...pageQuery(MAX_G2_PAGE_SIZE),
});

/** Response of GET /api/g2/issues: open problems counted by kind, and one page of problems. */
export const G2IssuesPageSchema = scopedPageSchema('issues', G2IssueSchema, {
  groups: v.array(
    v.object({
      kind: v.picklist(G2_ISSUE_KINDS),
      severity: v.picklist(G2_SEVERITIES),
      open: CountSchema,
    }),
  ),
});
/** The data-quality queue. */
export type G2IssuesPage = v.InferOutput<typeof G2IssuesPageSchema>;

/** The `:id` of one problem. */
export const G2IssueIdParamsSchema = recordIdParams('issue');

/** Body of POST /api/g2/issues/:id: resolve or ignore, with a note, at the version read. */
export const SettleG2IssueSchema = v.strictObject({
  action: oneOf(['resolve', 'ignore', 'reopen'] as const, 'action'),
  note: v.pipe(
    v.string('note must be a string'),
    v.trim(),
    v.maxLength(
      MAX_G2_NOTE_LENGTH,
      `note must be at most ${MAX_G2_NOTE_LENGTH} characters`,
    ),
  ),
  version: VersionSchema,
});
/** Body of POST /api/g2/issues/:id. */
export type SettleG2Issue = v.InferOutput<typeof SettleG2IssueSchema>;

/** Response of POST /api/g2/issues/:id. */
export const G2IssueDetailSchema = answerSchema({ issue: G2IssueSchema });

/* ------------------------------------------------------------------ */
/* Store mappings                                                      */
/* ------------------------------------------------------------------ */

/** A program store proposed for a partner store id, with its similarity from 0 to 1. */
export const G2SuggestionSchema = v.object({
  store_id: IdSchema,
  store_name: v.string(),
  address: v.string(),
  member_name: v.string(),
  score: ShareSchema,
});
/** A proposed program store. */
export type G2Suggestion = v.InferOutput<typeof G2SuggestionSchema>;

/** A partner store id and the program store it stands for. */
export const G2StoreMappingSchema = v.object({
  id: IdSchema,
  partner_store_id: v.string(),
  /** The name and address the partner's files give, when they give one. */
  partner_name: v.nullable(v.string()),
  partner_address: v.nullable(v.string()),
  status: v.picklist(G2_MAPPING_STATUSES),
  store_id: v.nullable(IdSchema),
  store_name: v.nullable(v.string()),
  /** Rows of uploads not yet committed that this id holds back (and their weight), while unconfirmed. */
  rows_held: CountSchema,
  weight_held_kg: KgSchema,
  suggestions: v.array(G2SuggestionSchema),
  updated_at: IsoTimestampSchema,
  version: VersionSchema,
});
/** A partner store id and its program store. */
export type G2StoreMapping = v.InferOutput<typeof G2StoreMappingSchema>;

/** Query of GET /api/g2/store-mappings. */
export const G2StoreMappingsQuerySchema = scopedQuery({
  status: v.optional(oneOf(G2_MAPPING_STATUSES, 'status')),
  search: searchQuery(100),
  ...pageQuery(MAX_G2_PAGE_SIZE),
});

/** Response of GET /api/g2/store-mappings: counts by status and one page, most held back first. */
export const G2StoreMappingsPageSchema = scopedPageSchema(
  'mappings',
  G2StoreMappingSchema,
  {
    counts: v.object({
      unmatched: CountSchema,
      suggested: CountSchema,
      confirmed: CountSchema,
      ignored: CountSchema,
    }),
  },
);
/** One page of store mappings. */
export type G2StoreMappingsPage = v.InferOutput<
  typeof G2StoreMappingsPageSchema
>;

/** The `:id` of one mapping. */
export const G2MappingIdParamsSchema = recordIdParams('mapping');

/** Body of PATCH /api/g2/store-mappings/:id: confirm to a store, ignore, or set back to unmatched. */
export const UpdateG2StoreMappingSchema = v.pipe(
  v.strictObject({
    status: oneOf(['confirmed', 'ignored', 'unmatched'] as const, 'status'),
    store_id: v.optional(v.nullable(idInput('store_id'))),
    version: VersionSchema,
  }),
  v.forward(
    v.check(
      (body) =>
        body.status !== 'confirmed' || typeof body.store_id === 'number',
      'store_id is required to confirm a mapping',
    ),
    ['store_id'],
  ),
);
/** Body of PATCH /api/g2/store-mappings/:id. */
export type UpdateG2StoreMapping = v.InferOutput<
  typeof UpdateG2StoreMappingSchema
>;

/** Body of POST /api/g2/store-mappings/confirm: several mappings tied at once, all or none. */
export const ConfirmG2StoreMappingsSchema = v.strictObject({
  mappings: v.pipe(
    v.array(
      v.strictObject({
        id: idInput('id'),
        store_id: idInput('store_id'),
        version: VersionSchema,
      }),
    ),
    v.minLength(1, 'mappings must name at least one mapping'),
    v.maxLength(
      MAX_G2_BULK_MAPPINGS,
      `mappings may name at most ${MAX_G2_BULK_MAPPINGS} at once`,
    ),
    v.check(
      (list) => new Set(list.map((m) => m.id)).size === list.length,
      'mappings must name each mapping once',
    ),
  ),
});

/** Response of a mapping write: the mappings as they are now, and the re-validation job, if any. */
export const G2MappingsWrittenSchema = answerSchema({
  mappings: v.array(G2StoreMappingSchema),
  /** The uploads checked again because of the change. */
  revalidating: v.array(IdSchema),
});
/** Response of a mapping write. */
export type G2MappingsWritten = v.InferOutput<typeof G2MappingsWrittenSchema>;

/** Response of POST /api/g2/store-mappings/import: confirmed rows, and the problems of the others. */
export const G2MappingImportSchema = answerSchema({
  rows: CountSchema,
  confirmed: CountSchema,
  issues: v.array(
    v.object({
      row: CountSchema,
      column: v.string(),
      value: v.string(),
      message: v.string(),
    }),
  ),
  revalidating: v.array(IdSchema),
});
/** Response of the mapping import. */
export type G2MappingImport = v.InferOutput<typeof G2MappingImportSchema>;

/** One line of the store mappings' CSV (the import reads the same columns). */
export const G2MappingCsvRowSchema = v.object({
  partner_store_id: v.string(),
  partner_name: v.string(),
  status: v.string(),
  store_id: v.nullable(IdSchema),
  store_name: v.string(),
  rows_held: CountSchema,
  weight_held_kg: KgSchema,
});

/** Query of the mappings' CSV export. */
export const G2MappingsCsvQuerySchema = scopedQuery({
  status: v.optional(oneOf(G2_MAPPING_STATUSES, 'status')),
  download: DownloadTicketQuery,
});

const g2Upload = {
  field: G2_UPLOAD_FIELD,
  maxBytes: MAX_G2_UPLOAD_BYTES,
  type: 'text/csv',
} as const;

/** The writes: collective admins only. */
const base = {
  resource: 'g2',
  auth: 'session',
  audience: 'collective-admins',
} as const;

/**
 * The reads of G2 Store Mappings: every dashboard user, scoped (a member
 * sees the partner ids confirmed to its own stores, read-only).
 */
const read = {
  resource: 'g2',
  auth: 'session',
  audience: 'everyone',
  scoped: true,
} as const;

/**
 * The reads of G2 Data Management: scoped like {@link read}, and refused
 * to the special brand user, whose route table hides the screen (spec §6).
 */
const managementRead = { ...read, deniedToSpecialBrand: true } as const;

/**
 * The calls of G2 Data Management and G2 Store Mappings (their screens
 * import this table, not the `endpoints` aggregate).
 */
export const g2Endpoints = /* @__PURE__ */ named({
  g2Uploads: {
    ...managementRead,
    method: 'GET',
    path: '/api/g2/uploads',
    summary: 'G2 uploads, newest first, with status and totals',
    query: G2UploadsQuerySchema,
    response: G2UploadsPageSchema,
  },
  g2Upload: {
    ...managementRead,
    method: 'GET',
    path: '/api/g2/uploads/:id',
    summary: 'One G2 upload with its totals and validation progress',
    params: G2UploadIdParamsSchema,
    query: G2UploadQuerySchema,
    response: G2UploadDetailSchema,
  },
  createG2Upload: {
    ...base,
    method: 'POST',
    path: '/api/g2/uploads',
    summary:
      'Upload a G2 file (CSV or XLSX, ≤ 50 MB, ≤ 500,000 rows): staged, then validated by a job (409 when the same content was uploaded before)',
    query: CreateG2UploadQuerySchema,
    upload: g2Upload,
    response: G2UploadDetailSchema,
    status: 201,
    idempotent: true,
  },
  g2UploadReport: {
    ...managementRead,
    method: 'GET',
    path: '/api/g2/uploads/:id/issues',
    summary: 'The validation report of an upload: totals and problems by row',
    params: G2UploadIdParamsSchema,
    query: G2ReportQuerySchema,
    response: G2ReportSchema,
  },
  g2UploadReportCsv: {
    ...managementRead,
    method: 'GET',
    path: '/api/g2/report/export',
    summary: 'The validation report of an upload as a CSV file',
    query: G2ReportCsvQuerySchema,
    response: G2ReportCsvRowSchema,
    format: 'csv',
  },
  commitG2Upload: {
    ...base,
    method: 'POST',
    path: '/api/g2/uploads/:id/commit',
    summary:
      "Commit a validated upload: its rows without errors reach the program's figures (409 when stale)",
    params: G2UploadIdParamsSchema,
    body: G2VersionSchema,
    response: G2UploadDetailSchema,
    audit: { entity: 'g2_upload', action: 'commit' },
  },
  rollbackG2Upload: {
    ...base,
    method: 'POST',
    path: '/api/g2/uploads/:id/rollback',
    summary:
      "Roll back a committed upload: its rows leave the program's figures (409 when stale)",
    params: G2UploadIdParamsSchema,
    body: G2VersionSchema,
    response: G2UploadDetailSchema,
    audit: { entity: 'g2_upload', action: 'rollback' },
  },
  discardG2Upload: {
    ...base,
    method: 'POST',
    path: '/api/g2/uploads/:id/discard',
    summary:
      'Discard an upload not committed: its staged rows and report are deleted (409 when stale)',
    params: G2UploadIdParamsSchema,
    body: G2VersionSchema,
    response: G2DiscardedSchema,
    audit: { entity: 'g2_upload', action: 'discard' },
  },
  g2Issues: {
    ...managementRead,
    method: 'GET',
    path: '/api/g2/issues',
    summary:
      'The data-quality queue: problems of uploads not yet committed, grouped by kind',
    query: G2IssuesQuerySchema,
    response: G2IssuesPageSchema,
  },
  settleG2Issue: {
    ...base,
    method: 'POST',
    path: '/api/g2/issues/:id',
    summary:
      'Resolve or ignore a problem with a note, or reopen it (409 when stale)',
    params: G2IssueIdParamsSchema,
    body: SettleG2IssueSchema,
    response: G2IssueDetailSchema,
    audit: { entity: 'g2_issue', action: 'settle' },
  },
  g2StoreMappings: {
    ...read,
    method: 'GET',
    path: '/api/g2/store-mappings',
    summary:
      'Partner store ids with status, what each holds back and suggested program stores',
    query: G2StoreMappingsQuerySchema,
    response: G2StoreMappingsPageSchema,
  },
  updateG2StoreMapping: {
    ...base,
    method: 'PATCH',
    path: '/api/g2/store-mappings/:id',
    summary:
      'Confirm a partner store id to a program store, ignore it or set it back (re-validates the affected uploads; 409 when stale)',
    params: G2MappingIdParamsSchema,
    body: UpdateG2StoreMappingSchema,
    response: G2MappingsWrittenSchema,
    audit: { entity: 'g2_store_mapping', action: 'update' },
  },
  confirmG2StoreMappings: {
    ...base,
    method: 'POST',
    path: '/api/g2/store-mappings/confirm',
    summary:
      'Confirm several partner store ids at once, all or none (re-validates the affected uploads)',
    body: ConfirmG2StoreMappingsSchema,
    response: G2MappingsWrittenSchema,
    audit: { entity: 'g2_store_mapping', action: 'update' },
  },
  importG2StoreMappings: {
    ...base,
    method: 'POST',
    path: '/api/g2/store-mappings/import',
    summary:
      'Confirm mappings from a CSV (partner_store_id, store_id); rows with problems are reported and skipped',
    upload: {
      field: G2_UPLOAD_FIELD,
      maxBytes: MAX_G2_MAPPING_IMPORT_BYTES,
      type: 'text/csv',
    },
    response: G2MappingImportSchema,
    audit: { entity: 'g2_store_mapping', action: 'import' },
    idempotent: true,
  },
  g2StoreMappingsCsv: {
    ...read,
    method: 'GET',
    path: '/api/g2/store-mappings/export',
    summary: 'The store mappings as a CSV file',
    query: G2MappingsCsvQuerySchema,
    response: G2MappingCsvRowSchema,
    format: 'csv',
  },
} as const satisfies Record<string, Endpoint>);
