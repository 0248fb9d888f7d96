import * as v from 'valibot';
import type { Audience, TenantFeature } from './access';

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
 * CSV (an attachment), cells escaped against formula injection (D18);
 * `file` sends a file the server made earlier (a report run's CSV, XLSX or
 * printable page) with its own media type. Both open with a single-use
 * download ticket and are recorded as downloads in the audit trail.
 */
export type AnswerFormat = 'json' | 'csv' | 'file';

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
  /**
   * A call whose body is one file sent as `multipart/form-data` (a CSV
   * import) instead of JSON: the form field it goes in, the largest file
   * the server reads, and its media type. The caller gives it as `file`.
   */
  upload?: FileUpload;
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
   * Refused (403) to the special brand user (specification §2, §6: its
   * screen is hidden for them), whatever the audience says.
   */
  deniedToSpecialBrand?: boolean;
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
  /**
   * The tenant feature flag the call belongs to (decisions D3): with the
   * flag off on the caller's tenant, the call answers 404.
   */
  feature?: TenantFeature;
  /**
   * Whether the call hides its existence (specification §6, decisions
   * D12, D19): an API key, a caller outside the audience and a tenant with
   * the feature off all get the 404 of an unknown path, never a 401 or
   * 403 that would say it is there. A missing session is still a 401.
   */
  concealed?: boolean;
  /** A write recorded in the audit trail; see {@link AuditedWrite}. */
  audit?: AuditedWrite;
  /**
   * Query fields that may hold a person's data (the mail-back export's
   * `search`: a consumer's name or email, decisions D19): the audit event
   * of the export records only that each was given, never its text.
   */
  personalQuery?: readonly string[];
  /**
   * A create that honours an `Idempotency-Key` header: a retried request
   * with the same key makes one record and gets the first answer again.
   */
  idempotent?: boolean;
  /**
   * Largest request body in bytes, for a call whose body may be larger
   * than the server's default limit (a Markdown page); a larger one is
   * refused with 413 naming this limit.
   */
  bodyLimit?: number;
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
  /**
   * The entry's name in the contract's tables, set by {@link named}: query
   * and mutation keys use it, so they need not import the whole table.
   */
  name?: string;
}

/** The file of an upload call: see {@link Endpoint.upload}. */
export interface FileUpload {
  /** The multipart form field the file is sent in. */
  field: string;
  /** The largest file the server reads, in bytes; a larger one answers 413. */
  maxBytes: number;
  /** The file's media type, e.g. `text/csv`. */
  type: string;
}

/**
 * A table of entries with each entry's `name` set to its key, so an entry
 * knows its own name wherever it is passed alone.
 */
export function named<const T extends Record<string, Endpoint>>(
  table: T,
): { [K in keyof T]: T[K] & { readonly name: K } } {
  return Object.fromEntries(
    Object.entries(table).map(([name, entry]) => [name, { ...entry, name }]),
  ) as { [K in keyof T]: T[K] & { readonly name: K } };
}

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
      : { body?: never }) &
    (E['upload'] extends FileUpload ? { file: Blob } : { file?: never });

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
