import * as v from 'valibot';
import {
  answerSchema,
  IdSchema,
  IsoTimestampSchema,
  IsoTimestampText,
  oneOf,
  pageEntries,
  requiredText,
  wholeNumberInput,
} from './common-schemas';
import { MAX_RECORD_ID, recordIdParams } from './data-schemas';
import { ShareSchema } from './figure-schemas';

/*
 * Records every screen shares (decisions D15): the saved views of the list
 * kit and the audit trail of every write.
 */

/** A whole number from 1 as query text. */
export const PositiveText = (name: string, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^[1-9]\d{0,9}$/, `${name} must be a whole number from 1`),
    v.transform(Number),
    v.maxValue(max, `${name} must be at most ${max}`),
  );

/**
 * The `page` and `page_size` query entries of the lists that read their
 * numbers as {@link PositiveText} (the audit trail, the user list): a page
 * from 1 to 100,000 and a size from 1 to `maxPageSize`. (The data lists
 * take `pageQuery` of data-schemas.ts, whose texts are shorter.)
 */
export function positivePageQuery(maxPageSize: number) {
  return {
    page: v.optional(PositiveText('page', 100_000)),
    page_size: v.optional(PositiveText('page_size', maxPageSize)),
  };
}

/* ------------------------------------------------------------------ */
/* Ids and versions a body names; a stale version answers 409         */
/* ------------------------------------------------------------------ */

/**
 * A record id named in a JSON body (a store, a member, a mapping), refused
 * with messages naming `name`: a whole number from 1 to
 * {@link MAX_RECORD_ID}, so a larger one is a 400, not an error of the
 * database's `integer` column.
 */
export const idInput = (name: string) =>
  wholeNumberInput(name, 1, MAX_RECORD_ID);

/** The version an edit was made against: the record's `version` when it was read. */
export const VersionSchema = v.pipe(
  v.number('version must be a number'),
  v.integer('version must be a whole number'),
  v.minValue(1, 'version must be at least 1'),
  v.maxValue(MAX_RECORD_ID, `version must be at most ${MAX_RECORD_ID}`),
);

/** Body of a write that sends only the version read (409 when stale). */
export const VersionBodySchema = v.strictObject({ version: VersionSchema });

/**
 * Body of an edit of a versioned record: the version read, then each of
 * `fields` (what a create sets), optional, so an edit sends only what
 * changes.
 */
export function versionedUpdate<
  const TFields extends Record<string, v.GenericSchema>,
>(fields: TFields) {
  return v.strictObject({
    version: VersionSchema,
    ...(Object.fromEntries(
      Object.entries(fields).map(([name, schema]) => [
        name,
        v.optional(schema),
      ]),
    ) as { [K in keyof TFields]: v.OptionalSchema<TFields[K], undefined> }),
  });
}

/* ------------------------------------------------------------------ */
/* Saved views                                                         */
/* ------------------------------------------------------------------ */

/** Longest name of a saved view. */
export const MAX_SAVED_VIEW_NAME_LENGTH = 80;
/** Longest state of a saved view (its list's query string). */
export const MAX_SAVED_VIEW_STATE_LENGTH = 2000;
/** Most saved views one user keeps per list. */
export const MAX_SAVED_VIEWS_PER_LIST = 50;

/** Who sees a saved view: its owner, the owner's member, or the whole collective. */
export const SAVED_VIEW_VISIBILITIES = [
  'private',
  'member',
  'collective',
] as const;
/** Who sees a saved view. */
export type SavedViewVisibility = (typeof SAVED_VIEW_VISIBILITIES)[number];

/** A list that can have saved views: a kebab-case name, e.g. `stores`. */
const ListNameSchema = v.pipe(
  v.string('list must be a string'),
  v.regex(/^[a-z][a-z0-9-]{0,39}$/, 'list must be a lowercase list name'),
);

const SavedViewNameSchema = requiredText('name', MAX_SAVED_VIEW_NAME_LENGTH);
const SavedViewStateSchema = v.pipe(
  v.string('state must be a string'),
  v.maxLength(
    MAX_SAVED_VIEW_STATE_LENGTH,
    `state must be at most ${MAX_SAVED_VIEW_STATE_LENGTH} characters`,
  ),
);
const VisibilitySchema = oneOf(SAVED_VIEW_VISIBILITIES, 'visibility');

/** A saved view of a list: its name, who sees it, and the list's state. */
export const SavedViewSchema = v.object({
  id: IdSchema,
  list: v.string(),
  name: v.string(),
  visibility: VisibilitySchema,
  /** The list's query string (filters, sort, page size, columns). */
  state: v.string(),
  /** Whether the caller owns it (and may change it). */
  mine: v.boolean(),
  owner_name: v.string(),
  version: VersionSchema,
  updated_at: IsoTimestampSchema,
});
/** A saved view of a list. */
export type SavedView = v.InferOutput<typeof SavedViewSchema>;

/** Query of GET /api/saved-views. */
export const SavedViewsQuerySchema = v.strictObject({ list: ListNameSchema });

/** Response of GET /api/saved-views: the views of one list the caller sees. */
export const SavedViewsResponseSchema = answerSchema({
  views: v.array(SavedViewSchema),
});

/** Body of POST /api/saved-views. */
export const CreateSavedViewSchema = v.strictObject({
  list: ListNameSchema,
  name: SavedViewNameSchema,
  visibility: VisibilitySchema,
  state: SavedViewStateSchema,
});

/** Body of PATCH /api/saved-views/:id: what changes, and the version it was read at. */
export const UpdateSavedViewSchema = versionedUpdate({
  name: SavedViewNameSchema,
  visibility: VisibilitySchema,
  state: SavedViewStateSchema,
});

/** Response of POST and PATCH /api/saved-views: the view as stored. */
export const SavedViewResponseSchema = answerSchema({
  view: SavedViewSchema,
});

/** The `:id` of /api/saved-views/:id. */
export const SavedViewIdParamsSchema = recordIdParams('view');

/** Query of DELETE /api/saved-views/:id: the version it was read at. */
export const DeleteSavedViewQuerySchema = v.strictObject({
  version: PositiveText('version', MAX_RECORD_ID),
});

/* ------------------------------------------------------------------ */
/* Audit trail                                                         */
/* ------------------------------------------------------------------ */

/** Events per page of the audit trail, at most. */
export const MAX_AUDIT_PAGE_SIZE = 100;

const EntityNameSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z][a-z_]{0,39}$/, 'entity must be a lowercase entity name'),
);

/** Query of GET /api/audit-events: filters and a page. */
export const AuditEventsQuerySchema = v.strictObject({
  entity: v.optional(EntityNameSchema),
  entity_id: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[\w-]{1,64}$/, 'entity_id must be a record id'),
    ),
  ),
  action: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[a-z_]{1,40}$/, 'action must be an action name'),
    ),
  ),
  actor_user_id: v.optional(PositiveText('actor_user_id', MAX_RECORD_ID)),
  /** Events at or after this time. */
  from: v.optional(IsoTimestampText('from must be an ISO 8601 timestamp')),
  /** Events before this time. */
  to: v.optional(IsoTimestampText('to must be an ISO 8601 timestamp')),
  member_id: v.optional(PositiveText('member_id', MAX_RECORD_ID)),
  ...positivePageQuery(MAX_AUDIT_PAGE_SIZE),
});

/** One write in the audit trail (decisions D15). */
export const AuditEventSchema = v.object({
  id: IdSchema,
  at: IsoTimestampSchema,
  actor: v.nullable(
    v.object({ user_id: IdSchema, email: v.string(), name: v.string() }),
  ),
  /** The API key the write was made with, if any. */
  api_key_id: v.nullable(IdSchema),
  tenant: v.nullable(v.string()),
  member_id: v.nullable(IdSchema),
  action: v.string(),
  entity: v.string(),
  entity_id: v.string(),
  before: v.nullable(v.record(v.string(), v.unknown())),
  after: v.nullable(v.record(v.string(), v.unknown())),
  request_id: v.string(),
});
/** One write in the audit trail. */
export type AuditEvent = v.InferOutput<typeof AuditEventSchema>;

/** Response of GET /api/audit-events: newest first, one page. */
export const AuditEventsPageSchema = answerSchema({
  events: v.array(AuditEventSchema),
  ...pageEntries,
});
/** One page of the audit trail. */
export type AuditEventsPage = v.InferOutput<typeof AuditEventsPageSchema>;

/* ------------------------------------------------------------------ */
/* Jobs: long work on the server (exports, reports, re-validation)     */
/* ------------------------------------------------------------------ */

/** Where a job is in its life; the last three are final. */
export const JOB_STATUSES = [
  'queued',
  'running',
  'succeeded',
  'failed',
  'cancelled',
] as const;

/** The `:id` of /api/jobs/:id: a job's UUID. */
export const JobIdParamsSchema = v.strictObject({
  id: v.pipe(v.string(), v.regex(v.UUID_REGEX, 'job id must be a UUID')),
});

/** One of the caller's jobs, as its owner sees it (docs/decisions/0071). */
export const JobSchema = v.object({
  id: v.string(),
  kind: v.string(),
  status: v.picklist(JOB_STATUSES),
  /** 0 to 1, as last reported (1 once it succeeded). */
  progress: ShareSchema,
  note: v.nullable(v.string()),
  result: v.unknown(),
  error: v.nullable(v.string()),
  attempts: v.pipe(v.number(), v.integer(), v.minValue(0)),
  created_at: IsoTimestampSchema,
  started_at: v.nullable(IsoTimestampSchema),
  finished_at: v.nullable(IsoTimestampSchema),
  /** When the job and its result are removed (7 days after it ended). */
  expires_at: v.nullable(IsoTimestampSchema),
});
/** One of the caller's jobs. */
export type Job = v.InferOutput<typeof JobSchema>;

/** Response of GET /api/jobs: the caller's jobs, newest first. */
export const JobsResponseSchema = answerSchema({
  jobs: v.array(JobSchema),
});

/** Response of GET /api/jobs/:id and POST /api/jobs/:id/cancel. */
export const JobResponseSchema = answerSchema({
  job: JobSchema,
});
