import * as v from 'valibot';
import type { Audience } from './access';
import {
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  MeResponseSchema,
  MembersQuerySchema,
  MembersResponseSchema,
  MarkReadResponseSchema,
  NotificationIdParamSchema,
  NotificationsQuerySchema,
  NotificationsResponseSchema,
  UnreadCountResponseSchema,
} from './schemas';
import {
  ApiKeyIdParamsSchema,
  ApiKeysResponseSchema,
  CreateApiKeyRequestSchema,
  CreatedApiKeySchema,
  DashboardSummaryQuerySchema,
  DashboardSummarySchema,
  StoreDetailSchema,
  CreateDownloadSchema,
  DownloadResponseSchema,
  StoreCsvRowSchema,
  StoresExportQuerySchema,
  StoreIdParamsSchema,
  StoreQuerySchema,
  StoresPageSchema,
  StoresQuerySchema,
  SuccessSchema,
} from './data-schemas';
import {
  AuditEventsPageSchema,
  AuditEventsQuerySchema,
  CreateSavedViewSchema,
  DeleteSavedViewQuerySchema,
  JobIdParamsSchema,
  JobResponseSchema,
  JobsResponseSchema,
  SavedViewIdParamsSchema,
  SavedViewResponseSchema,
  SavedViewsQuerySchema,
  SavedViewsResponseSchema,
  UpdateSavedViewSchema,
} from './record-schemas';

/** An HTTP method of the API. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a caller proves who they are (decisions D5, D13):
 * - `anonymous`: nothing (login); no bearer token is sent, and a 401 is a
 *   failed attempt, not the end of the session;
 * - `session`: a signed-in session's bearer token;
 * - `session-or-key`: a session or an API key (`ck_…`), acting as its owner
 *   within the owner's scope — the read-only data calls only;
 * - `session-if-any`: the session's token is sent, and the call is answered
 *   without one too (logout, so a page can always sign out).
 */
export type Authentication =
  | 'anonymous'
  | 'session'
  | 'session-or-key'
  | 'session-if-any';

/**
 * A write's entry in the audit trail (decisions D15): the kind of record it
 * changes and what it does to it. The route layer writes the event in the
 * write's own transaction.
 */
export interface AuditedWrite {
  /** The kind of record, e.g. `api_key`, `saved_view`. */
  entity: string;
  /** What the write does, e.g. `create`, `update`, `delete`, `revoke`. */
  action: string;
}

/**
 * An answer that is a file: `csv` streams rows of the response schema as
 * CSV (an attachment), cells escaped against formula injection (D18).
 */
export type AnswerFormat = 'json' | 'csv';

/**
 * One call of the API, as data: everything about it in one place. The
 * client builds, checks and reads every call from this; the reference
 * server registers its route from it (validation, authentication, the
 * access rule, the data scope, the answer cache, the audit event); the
 * OpenAPI document and the test fake are generated from it.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Path pattern; `:name` segments are filled from `params`, e.g. `/api/notifications/:id/read`. */
  path: string;
  /** One line for people: the OpenAPI summary. */
  summary: string;
  /**
   * The kind of record the call reads or writes (`stores`, `notifications`,
   * `api-keys`): query keys and invalidations on the client are grouped by
   * it, and the OpenAPI document tags by it.
   */
  resource: string;
  /** Path parameters, each given as the decimal or text of its segment. */
  params?: v.GenericSchema<Record<string, string>, unknown>;
  /** The query string, as an object of strings. */
  query?: v.GenericSchema<Record<string, string | undefined>, unknown>;
  /** The JSON body. */
  body?: v.GenericSchema;
  /** The JSON answer of a 2xx status; for a CSV export, one row. */
  response: v.GenericSchema;
  /**
   * `csv`: the answer is a streamed CSV file of response rows, opened by a
   * browser with a single-use `download` ticket (POST /api/downloads) or
   * called with a token; an audit event records each export (D18).
   */
  format?: AnswerFormat;
  /** Status of a successful answer; 200 unless given (201 for a create). */
  status?: 200 | 201;
  /** How the caller authenticates; see {@link Authentication}. */
  auth: Authentication;
  /** Who among the authenticated may call it; `signed-in` (anyone) unless given. */
  audience?: Audience;
  /**
   * Whether the answer holds program data in the caller's data scope
   * (decisions D12): the server resolves the scope from the user, the
   * tenant and the `member_id` query, and the client keys the query by it.
   */
  scoped?: boolean;
  /**
   * Whether the server may reuse the answer while the program's data is
   * unchanged (docs/decisions/0032): its key is derived from the endpoint,
   * the validated input and the scope.
   */
  cache?: boolean;
  /** A write recorded in the audit trail; see {@link AuditedWrite}. */
  audit?: AuditedWrite;
  /**
   * A create that honours an `Idempotency-Key` header: a retried request
   * with the same key makes one record and gets the first answer again.
   */
  idempotent?: boolean;
  /**
   * The call that ends the session (logout): the page drops the token as
   * soon as it is sent, so its answer is expected to arrive after the token
   * changed and is not discarded as a late answer.
   */
  endsSession?: boolean;
  /**
   * Another entry served by the same server route (same method and path),
   * told apart by its query: GET /api/notifications?unread=true is the
   * unread count, GET /api/notifications the list. The route is declared
   * once, from the named entry.
   */
  servedBy?: string;
}

/**
 * Every call of the API (specification §7, decisions D5, D12, D13, D15).
 * Adding a call is adding an entry here (with its schemas beside it) and,
 * on the server, a handler in the resource's routes.
 */
export const endpoints = {
  login: {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with email and password',
    resource: 'session',
    body: LoginRequestSchema,
    response: LoginResponseSchema,
    auth: 'anonymous',
  },
  me: {
    method: 'GET',
    path: '/api/auth/me',
    summary: 'The signed-in user',
    resource: 'session',
    response: MeResponseSchema,
    auth: 'session',
  },
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'End the session and revoke its token',
    resource: 'session',
    response: LogoutResponseSchema,
    auth: 'session-if-any',
    endsSession: true,
  },
  members: {
    method: 'GET',
    path: '/api/members',
    summary: 'Member brands: all with codes (super admin) or names only',
    resource: 'members',
    query: MembersQuerySchema,
    response: MembersResponseSchema,
    auth: 'session',
  },
  unreadCount: {
    method: 'GET',
    path: '/api/notifications',
    summary: 'Number of unread notifications (?unread=true)',
    resource: 'notifications',
    query: NotificationsQuerySchema,
    response: UnreadCountResponseSchema,
    auth: 'session',
    servedBy: 'notifications',
  },
  notifications: {
    method: 'GET',
    path: '/api/notifications',
    summary: "The caller's notifications, unread first",
    resource: 'notifications',
    query: NotificationsQuerySchema,
    response: NotificationsResponseSchema,
    auth: 'session',
  },
  markRead: {
    method: 'POST',
    path: '/api/notifications/:id/read',
    summary: 'Mark one notification read',
    resource: 'notifications',
    params: v.strictObject({ id: NotificationIdParamSchema }),
    response: MarkReadResponseSchema,
    auth: 'session',
  },
  markAllRead: {
    method: 'POST',
    path: '/api/notifications/read-all',
    summary: 'Mark every notification read',
    resource: 'notifications',
    response: SuccessSchema,
    auth: 'session',
  },
  dashboardSummary: {
    method: 'GET',
    path: '/api/dashboard/summary',
    summary: "The program's KPIs, monthly weight by material and top stores",
    resource: 'dashboard',
    query: DashboardSummaryQuerySchema,
    response: DashboardSummarySchema,
    auth: 'session-or-key',
    audience: 'everyone',
    scoped: true,
    cache: true,
  },
  stores: {
    method: 'GET',
    path: '/api/stores',
    summary: 'One page of the stores in scope, searched and sorted',
    resource: 'stores',
    query: StoresQuerySchema,
    response: StoresPageSchema,
    auth: 'session-or-key',
    audience: 'everyone',
    scoped: true,
    cache: true,
  },
  storesExport: {
    method: 'GET',
    path: '/api/stores/export',
    summary: 'Every store in scope matching the search, as a CSV file',
    resource: 'stores',
    query: StoresExportQuerySchema,
    response: StoreCsvRowSchema,
    format: 'csv',
    auth: 'session-or-key',
    audience: 'everyone',
    scoped: true,
  },
  store: {
    method: 'GET',
    path: '/api/stores/:id',
    summary: 'One store with its history',
    resource: 'stores',
    params: StoreIdParamsSchema,
    query: StoreQuerySchema,
    response: StoreDetailSchema,
    auth: 'session-or-key',
    audience: 'everyone',
    scoped: true,
    cache: true,
  },
  apiKeys: {
    method: 'GET',
    path: '/api/keys',
    summary: "The caller's API keys, never their secrets",
    resource: 'api-keys',
    response: ApiKeysResponseSchema,
    auth: 'session',
  },
  createApiKey: {
    method: 'POST',
    path: '/api/keys',
    summary: 'Make an API key; its secret is in this answer only',
    resource: 'api-keys',
    body: CreateApiKeyRequestSchema,
    response: CreatedApiKeySchema,
    status: 201,
    auth: 'session',
    audit: { entity: 'api_key', action: 'create' },
    idempotent: true,
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/api/keys/:id',
    summary: "Revoke one of the caller's API keys at once",
    resource: 'api-keys',
    params: ApiKeyIdParamsSchema,
    response: SuccessSchema,
    auth: 'session',
    audit: { entity: 'api_key', action: 'revoke' },
  },
  savedViews: {
    method: 'GET',
    path: '/api/saved-views',
    summary:
      "A list's saved views the caller sees: own, their member's, the collective's",
    resource: 'saved-views',
    query: SavedViewsQuerySchema,
    response: SavedViewsResponseSchema,
    auth: 'session',
    audience: 'everyone',
  },
  createSavedView: {
    method: 'POST',
    path: '/api/saved-views',
    summary: 'Save a view of a list',
    resource: 'saved-views',
    body: CreateSavedViewSchema,
    response: SavedViewResponseSchema,
    status: 201,
    auth: 'session',
    audience: 'everyone',
    audit: { entity: 'saved_view', action: 'create' },
    idempotent: true,
  },
  updateSavedView: {
    method: 'PATCH',
    path: '/api/saved-views/:id',
    summary: 'Rename, share or update one of your saved views (409 when stale)',
    resource: 'saved-views',
    params: SavedViewIdParamsSchema,
    body: UpdateSavedViewSchema,
    response: SavedViewResponseSchema,
    auth: 'session',
    audience: 'everyone',
    audit: { entity: 'saved_view', action: 'update' },
  },
  deleteSavedView: {
    method: 'DELETE',
    path: '/api/saved-views/:id',
    summary: 'Delete one of your saved views (409 when stale)',
    resource: 'saved-views',
    params: SavedViewIdParamsSchema,
    query: DeleteSavedViewQuerySchema,
    response: SuccessSchema,
    auth: 'session',
    audience: 'everyone',
    audit: { entity: 'saved_view', action: 'delete' },
  },
  auditEvents: {
    method: 'GET',
    path: '/api/audit-events',
    summary: 'The audit trail: every write, newest first, filtered',
    resource: 'audit-events',
    query: AuditEventsQuerySchema,
    response: AuditEventsPageSchema,
    auth: 'session',
    audience: 'admins',
    scoped: true,
  },
  createDownload: {
    method: 'POST',
    path: '/api/downloads',
    summary:
      'A single-use link (60 s) that lets the browser download a CSV export',
    resource: 'downloads',
    body: CreateDownloadSchema,
    response: DownloadResponseSchema,
    status: 201,
    auth: 'session',
    audience: 'everyone',
  },
  jobs: {
    method: 'GET',
    path: '/api/jobs',
    summary: "The caller's jobs (exports, reports), newest first",
    resource: 'jobs',
    response: JobsResponseSchema,
    auth: 'session',
    audience: 'everyone',
  },
  job: {
    method: 'GET',
    path: '/api/jobs/:id',
    summary: 'One of your jobs: status, progress, result',
    resource: 'jobs',
    params: JobIdParamsSchema,
    response: JobResponseSchema,
    auth: 'session',
    audience: 'everyone',
  },
  cancelJob: {
    method: 'POST',
    path: '/api/jobs/:id/cancel',
    summary:
      'Cancel one of your jobs: a queued one never starts, a running one stops',
    resource: 'jobs',
    params: JobIdParamsSchema,
    response: JobResponseSchema,
    auth: 'session',
    audience: 'everyone',
    audit: { entity: 'job', action: 'cancel' },
  },
} as const satisfies Record<string, Endpoint>;

/** Name of one call of the API contract. */
export type EndpointName = keyof typeof endpoints;

/** What a caller gives for an endpoint's path parameters: each as a string or a number. */
export type ParamsInput<E extends Endpoint> =
  E['params'] extends v.GenericSchema
    ? { [K in keyof v.InferInput<E['params']>]: string | number }
    : never;

/** The request parts an endpoint takes: `params`, `query` and `body` where it declares them. */
export type RequestInput<E extends Endpoint> =
  (E['params'] extends v.GenericSchema
    ? { params: ParamsInput<E> }
    : { params?: never }) &
    (E['query'] extends v.GenericSchema
      ? { query: v.InferInput<E['query']> }
      : { query?: never }) &
    (E['body'] extends v.GenericSchema
      ? { body: v.InferInput<E['body']> }
      : { body?: never });

/** What a call of an endpoint resolves to: its response schema's output. */
export type ResponseOf<E extends Endpoint> = v.InferOutput<E['response']>;

/**
 * Fills the `:name` segments of an endpoint's path after checking the values
 * with its `params` schema, so no input can produce another path (`../`,
 * `?`, `#`). Throws a `RangeError` that names the problem otherwise.
 */
export function endpointPath<E extends Endpoint>(
  endpoint: E,
  params?: ParamsInput<E>,
): string {
  if (!endpoint.params) return endpoint.path;
  const texts = Object.fromEntries(
    Object.entries(params ?? {}).map(([name, value]) => [name, String(value)]),
  );
  const checked = v.safeParse(endpoint.params, texts);
  if (!checked.success) {
    throw new RangeError(
      `${endpoint.method} ${endpoint.path}: ${checked.issues[0].message}, got ${JSON.stringify(texts).slice(0, 80)}`,
    );
  }
  return endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) =>
    encodeURIComponent(texts[name] ?? ''),
  );
}

/**
 * Path of POST /api/notifications/:id/read for one notification. The id is
 * checked first; a `RangeError` names the problem otherwise.
 */
export function markReadPath(id: number): string {
  if (typeof id !== 'number') {
    throw new RangeError(`notification id must be a number, got ${typeof id}`);
  }
  return endpointPath(endpoints.markRead, { id });
}
