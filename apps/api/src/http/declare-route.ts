import {
  allows,
  endpoints,
  featureOn,
  isRefusal,
  mayReachConcealed,
  resolveDataScope,
  type DataScope,
  type Endpoint,
  type EndpointName,
  type TenantCode,
} from '@collective/api-client/contract';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import * as v from 'valibot';
import {
  authenticateCall,
  bearerToken,
  cachedCaller,
  type Caller,
} from '../auth/authenticate';
import type { SessionContext } from '../auth/authenticate';
import type { Database, SqlRunner } from '../db/database';
import { isApiKeyToken, type LastUsedRecorder } from '../keys/api-keys';
import type { AnswerCache } from '../data/answer-cache';
import type { JobQueue } from '../jobs/job-queue';
import type { MailSender } from '../mail/mail';
import { pathInsideApi } from './api-path';
import { recordAudit, type AuditedChanges } from './audit';
import { csvStream, type CsvExport } from './csv';
import { ClientError, JSON_TYPE, Refusal } from './error-replies';
import { hasIdempotencyKey, withIdempotency } from './idempotency';
import { requestTenant } from './tenant-header';
import { bufferUpload } from './uploads';
import { describeIssues } from './validation';

/** Everything the route layer needs from the server, made once in `reference-api.ts`. */
export interface RouteServices extends SessionContext {
  db: Database;
  /** Notes each use of an API key in `last_used_at`, at most once a minute. */
  apiKeysUsed: LastUsedRecorder;
  /** Recent answers of cacheable entries, reused while the data's version stays the same. */
  answers: AnswerCache;
  /**
   * What a cacheable answer depends on besides its question: the data's
   * version and the period "now" falls in (the rollups' month).
   */
  cacheStamp(now: Date): Promise<{ version: number; period: string }>;
  /**
   * Called once a write has committed: the next {@link cacheStamp} reads the
   * data's version afresh, so this process never answers from before it.
   */
  dataWritten(): void;
  /** The time a call takes "now" from. */
  clock: () => Date;
  /** Long work (exports, reports): enqueue, read, cancel (docs/decisions/0071). */
  jobs: JobQueue;
  /** Mail: SMTP when `SMTP_URL` is set, else the outbox (decisions D16). */
  mail: MailSender;
  /** The dashboard's public origin for links in mail; `null`: the request's own origin. */
  publicUrl: string | null;
  /**
   * Checks every answer against its response schema before it is sent (a
   * 500 naming the mismatch otherwise): on in tests, off in production.
   */
  checkAnswers: boolean;
}

type Entry<N extends EndpointName> = (typeof endpoints)[N];
type Part<E, K extends 'params' | 'query' | 'body'> = E extends {
  [P in K]: v.GenericSchema;
}
  ? v.InferOutput<E[K]>
  : undefined;

/** Entries served by a route of their own (not `servedBy` another). */
export type RoutedName = {
  [N in EndpointName]: Entry<N> extends { servedBy: string } ? never : N;
}[EndpointName];

/** Entries whose route is the route of `N` (itself and those `servedBy` it). */
type ServedBy<N extends EndpointName> = {
  [M in EndpointName]: M extends N
    ? M
    : Entry<M> extends { servedBy: N }
      ? M
      : never;
}[EndpointName];

/** What a handler returns: the input of its response schema (or of a sibling's it serves). */
export type Answer<N extends EndpointName> = v.InferInput<
  Entry<ServedBy<N>>['response']
>;

/**
 * What an audited write's handler returns: its answer and the change to
 * record, or `null` when it changed nothing (then nothing is recorded); a
 * bulk write returns a list, one change (one audit event) per record.
 */
export interface Written<N extends EndpointName> {
  answer: Answer<N>;
  change: AuditedChanges;
}

/** The caller of a call; `null` only where the entry lets anonymous callers in. */
type CallerOf<E> = E extends { auth: 'anonymous' | 'session-if-any' }
  ? Caller | null
  : Caller;

/** One call as a handler sees it: validated input, caller, scope, database. */
export interface RouteCall<N extends EndpointName> {
  params: Part<Entry<N>, 'params'>;
  query: Part<Entry<N>, 'query'>;
  body: Part<Entry<N>, 'body'>;
  caller: CallerOf<Entry<N>>;
  /**
   * The data scope the server decided (decisions D12). For an entry that
   * is not `scoped`, the caller's own ({@link ownScope}): a handler that
   * finds a record by it never reaches another member's.
   */
  scope: DataScope;
  /** The tenant the caller named in `X-Tenant-Code`, if any. */
  tenant: TenantCode | undefined;
  /** The database: the write's own transaction for an audited write. */
  db: SqlRunner;
  /** Now: the clock read when first asked, then the same for the whole call. */
  now: Date;
  /** The server's shared services (the job queue, the caches). */
  services: RouteServices;
  /** For what the contract does not say (the client's address, a header to add). */
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a route's handler gives for entry `N`. */
type HandlerResult<N extends EndpointName> =
  Entry<N> extends { audit: object }
    ? Written<N>
    : Entry<N> extends { format: 'csv' }
      ? CsvExport<Answer<N>>
      : Entry<N> extends { format: 'file' }
        ? FileAnswer
        : Answer<N>;

/**
 * A route's own logic: the resource's, nothing about input, access or
 * scope. Usually async; a handler with nothing to wait for (GET
 * /api/auth/me) may answer at once, and its answer is then sent without a
 * turn of the microtask queue.
 */
export type RouteHandler<N extends EndpointName> = (
  call: RouteCall<N>,
) => HandlerResult<N> | Promise<HandlerResult<N>>;

/**
 * What a `file` entry's handler returns: a file the server made earlier,
 * sent with its media type (decisions D18). The route layer records the
 * download in the audit trail as `about` says.
 */
export interface FileAnswer {
  /** The file's name for the browser, e.g. `member-impact-2026-11.csv`. */
  filename: string;
  /** Its media type, e.g. `text/csv; charset=utf-8`. */
  type: string;
  body: Buffer;
  /** `inline` for a page the browser shows (the printable page), `attachment` to save. */
  disposition: 'inline' | 'attachment';
  /** Headers of its own, e.g. the printable page's content security policy. */
  headers?: Record<string, string>;
  /** The audit event of the download: which record, whose member, what else to note. */
  about: {
    entity: string;
    id: string;
    memberId: number | null;
    after: Record<string, unknown>;
  };
}

/** The handlers of one resource, by contract entry name. */
export type ResourceHandlers = { [N in RoutedName]?: RouteHandler<N> };

declare module 'fastify' {
  interface FastifyRequest {
    /** Who made the call, set by the route layer's authentication hook. */
    caller: Caller | null;
    /** The data scope the route layer resolved for a scoped entry. */
    scope: DataScope | null;
  }
  interface FastifyContextConfig {
    /** The contract entry a route was declared from. */
    endpoint?: EndpointName;
  }
}

const COLLECTIVE: DataScope = { memberId: null };

/** The scope of a caller who has none: `memberId` -1, which no record has. */
const NO_SCOPE: DataScope = { memberId: -1 };

/**
 * The data scope of a call to an entry that is not `scoped` (it takes no
 * `member_id`): the caller's own, as their access and the tenant decide —
 * a brand user's member, the tenant's member on a tenant limited to one
 * (kiehls), else the collective's — so a write or read of one record by
 * id reaches the same records as the lists do (decisions D4, D12).
 * {@link NO_SCOPE} for a caller the rules give no data scope (a user
 * without a dashboard, a brand user of another member on kiehls); the
 * collective's for an anonymous call.
 */
function ownScope(request: FastifyRequest): DataScope {
  const access = request.caller?.access;
  if (!access) return COLLECTIVE;
  const scope = resolveDataScope(access, requestTenant(request), undefined);
  return isRefusal(scope) ? NO_SCOPE : scope;
}

/**
 * The {@link RouteCall} a handler is given. The input and the caller are
 * Fastify's, as validated and authenticated; the scope, the tenant and
 * `now` are worked out when the handler first reads them (`now` is then
 * kept for the rest of the call): most handlers read one or two of them,
 * GET /api/auth/me none, and the clock read and the scope resolved on every
 * call showed in its profile (docs/decisions/0066, addendum).
 */
class Call {
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
  readonly caller: Caller | null;
  #now: Date | undefined;

  constructor(
    readonly request: FastifyRequest,
    readonly reply: FastifyReply,
    readonly db: SqlRunner,
    readonly services: RouteServices,
  ) {
    this.params = request.params;
    this.query = request.query;
    this.body = request.body;
    this.caller = request.caller;
  }

  get scope(): DataScope {
    return this.request.scope ?? ownScope(this.request);
  }

  get tenant(): TenantCode | undefined {
    return requestTenant(this.request);
  }

  get now(): Date {
    this.#now ??= this.services.clock();
    return this.#now;
  }
}

/** Where a schema applies, for error texts: "Query: page must be …". */
const SUBJECTS: Record<string, string> = {
  params: 'Path',
  querystring: 'Query',
  body: 'Request body',
};

/**
 * Fastify's validator for the contract's valibot schemas: the one place
 * that answers 400 for a malformed path, query or body, with one sentence
 * a person can act on. Registered on the API plugin.
 */
export const contractValidator: FastifySchemaCompiler<v.GenericSchema> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = v.safeParse(schema, data ?? {});
    if (result.success) return { value: result.output };
    return {
      error: new ClientError(
        400,
        describeIssues(result.issues, SUBJECTS[httpPart ?? ''] ?? 'Input'),
      ),
    };
  };

function answeredBy(name: EndpointName): v.GenericSchema {
  const schemas = (Object.keys(endpoints) as EndpointName[])
    .filter(
      (other) =>
        other === name ||
        (endpoints[other] as Endpoint).servedBy === (name as string),
    )
    .map((other) => endpoints[other].response as v.GenericSchema);
  return schemas.length === 1
    ? (schemas[0] as v.GenericSchema)
    : v.union(schemas);
}

/**
 * The fields of a CSV entry's row schema in its order (an object schema's
 * entries), the export's columns unless its handler names them; none for
 * a row schema of any fields (a record).
 */
function rowFields(endpoint: Endpoint): string[] {
  const row = endpoint.response as v.GenericSchema & { entries?: object };
  return row.entries ? Object.keys(row.entries) : [];
}

/**
 * The refusal of a caller outside the entry's audience, 403 (decisions D1,
 * D15), or `null` when the caller is in it or there is no caller (an entry
 * open to anonymous callers).
 */
function audienceCheck(
  endpoint: Endpoint,
): (caller: Caller | null, request: FastifyRequest) => Refusal | null {
  const audience = endpoint.audience;
  const message =
    audience === 'everyone'
      ? 'Your role has no dashboard data: only collective admins and the users of a member brand have a data scope.'
      : `Only ${AUDIENCE_NAMES[audience]} may make this call.`;
  const special = endpoint.deniedToSpecialBrand === true;
  return (caller) => {
    if (!caller) return null;
    if (!allows(caller.access, audience)) {
      return new Refusal(403, 'Forbidden', message);
    }
    return special && caller.access.isSpecialBrandUser
      ? new Refusal(403, 'Forbidden', SPECIAL_BRAND_REFUSAL)
      : null;
  };
}

/** Why the special brand user is refused a call of a screen hidden for them (spec §2, §6). */
const SPECIAL_BRAND_REFUSAL =
  "This is not part of your member's dashboard: the screen it belongs to is not available to your account.";

/**
 * The one `onRequest` hook of a declared route: for an entry behind a
 * feature flag or concealed, the 404 of {@link featureCheck}; then
 * authentication as the entry says ({@link authenticateCall}, the one place for 401), then the audience
 * (the one place for 403), both before the body is read. Callback-style:
 * when the caller is known at once ({@link cachedCaller}: an anonymous
 * entry, or a session the session cache holds — nearly every call), the
 * request goes on without a promise or a turn of the microtask queue;
 * otherwise the authentication hook runs and is waited for
 * (docs/decisions/0066, addendum).
 */
function guardRoute(
  services: RouteServices,
  endpoint: Endpoint,
): onRequestHookHandler {
  const authenticate = authenticateCall(services, endpoint);
  const early = featureCheck(endpoint);
  const refusal = endpoint.concealed
    ? concealedCheck(endpoint)
    : audienceCheck(endpoint);
  return function guard(request, reply, done) {
    const hidden = early?.(request);
    if (hidden) {
      done(hidden);
      return;
    }
    const known = cachedCaller(services, endpoint, request);
    if (known !== undefined) {
      request.caller = known;
      const refused = refusal(known, request);
      if (refused) done(refused);
      else done();
      return;
    }
    authenticate.call(this, request, reply).then(() => {
      const refused = refusal(request.caller, request);
      if (refused) done(refused);
      else done();
    }, done);
  };
}

const AUDIENCE_NAMES = {
  anyone: 'anyone',
  'signed-in': 'signed-in users',
  everyone: 'dashboard users',
  admins: 'admins',
  'collective-admins': 'collective admins',
  'super-admin': 'the super admin',
} as const;

/** The 404 of a concealed call: the same as an unknown path's. */
const concealedNotFound = () => new Refusal(404, 'Not found');

/**
 * For an entry behind a feature flag or concealed, the refusal before
 * authentication: a flag off on the caller's tenant, or an API key on a
 * concealed entry (refused before the key is even looked up), both with the
 * 404 of an unknown path (decisions D3, D19); `undefined` for other entries.
 */
function featureCheck(
  endpoint: Endpoint,
): ((request: FastifyRequest) => Refusal | null) | undefined {
  if (endpoint.feature === undefined && endpoint.concealed !== true)
    return undefined;
  return (request) => {
    const featureOff =
      endpoint.feature !== undefined &&
      !featureOn(requestTenant(request), endpoint.feature);
    const keyOnConcealed =
      endpoint.concealed === true &&
      endpoint.auth !== 'anonymous' &&
      isApiKeyToken(bearerToken(request) ?? '');
    return featureOff || keyOnConcealed ? concealedNotFound() : null;
  };
}

/** Refuses a signed-in caller who may not learn a concealed call exists: 404. */
function concealedCheck(
  endpoint: Endpoint,
): (caller: Caller | null, request: FastifyRequest) => Refusal | null {
  const audience = endpoint.audience;
  return (caller, request) =>
    caller !== null &&
    !mayReachConcealed(
      caller.access,
      audience,
      caller.apiKeyId !== null,
      requestTenant(request),
      endpoint.feature,
    )
      ? concealedNotFound()
      : null;
}

/**
 * What a route's promise resolves to after `reply.send(…)`: nothing when
 * the answer is already written (a JSON answer is, at once), else the reply,
 * which Fastify's handling then waits on until it is, as when an async
 * handler returns `reply.send(…)`. Skips the reply's promise step on nearly
 * every call (docs/decisions/0066, addendum).
 */
function settled(reply: FastifyReply): FastifyReply | undefined {
  return reply.sent ? undefined : reply;
}

/**
 * Hands what a handler threw to Fastify's error handling (the API's error
 * handler answers it), as Fastify does for an async handler's rejection; a
 * thrown value that is not an Error becomes one, so it is never sent as an
 * answer.
 */
function sendFailure(reply: FastifyReply, error: unknown): void {
  if (reply.sent) {
    reply.log.error(
      { err: error },
      'the handler failed after its answer was sent',
    );
    return;
  }
  reply.send(error instanceof Error ? error : new Error(String(error)));
}

/** The JSON of frozen answers, made once per answer ({@link sendAnswer}). */
const frozenAnswerTexts = new WeakMap<object, string>();

/**
 * Sends a handler's answer. One the handler froze is serialized once and
 * its JSON sent again with every later call that answers the same object: a
 * handler freezes, deeply, only an answer it hands out again unchanged, as
 * GET /api/auth/me does per cached user record (docs/decisions/0066,
 * addendum). Anything else goes to Fastify's serializer, as before.
 */
function sendAnswer(reply: FastifyReply, answer: unknown): FastifyReply {
  if (typeof answer !== 'object' || answer === null || !Object.isFrozen(answer))
    return reply.send(answer);
  let text = frozenAnswerTexts.get(answer);
  if (text === undefined) {
    text = JSON.stringify(answer);
    frozenAnswerTexts.set(answer, text);
  }
  return reply.type(JSON_TYPE).send(text);
}

/** Resolves the data scope of a scoped entry from the validated `member_id` (decisions D12). */
const resolveScope: preHandlerHookHandler = (request, _reply, done) => {
  const access = request.caller?.access;
  const asked = (request.query as { member_id?: number } | undefined)
    ?.member_id;
  const scope = access
    ? resolveDataScope(access, requestTenant(request), asked)
    : COLLECTIVE;
  if (isRefusal(scope)) {
    done(new Refusal(scope.status, scope.error, scope.message));
    return;
  }
  request.scope = scope;
  done();
};

/** What an export's audit event keeps of a personal query field: that it was given. */
export const WITHHELD = '[withheld]';

/**
 * The query of an export as its audit event keeps it: without the
 * download ticket, and each of the entry's `personalQuery` fields that was
 * given replaced by {@link WITHHELD}, so a search for a person's name or
 * email never enters the trail (decisions D19; docs/decisions/0090).
 */
export function auditedQuery(
  endpoint: Pick<Endpoint, 'personalQuery'>,
  query: unknown,
): Record<string, unknown> {
  const { download: _ticket, ...kept } = (query ?? {}) as Record<
    string,
    unknown
  >;
  for (const field of endpoint.personalQuery ?? []) {
    if (kept[field] !== undefined && kept[field] !== '') kept[field] = WITHHELD;
  }
  return kept;
}

/**
 * Registers the route of contract entry `name` on `app` (the API plugin or
 * one of its children): the entry's method and path; its schemas for
 * validation ({@link contractValidator}); authentication and the audience
 * as `onRequest` hooks (one place answers 401 and 403); the data scope
 * resolved once onto the request for a scoped entry; the answer cache,
 * keyed by the entry, the validated input and the scope, for a cacheable
 * one; for an audited write, one transaction holding the write and its
 * audit event, and the Idempotency-Key of a create. The handler holds the
 * resource's own logic only.
 */
export function declareRoute<N extends RoutedName>(
  app: FastifyInstance,
  services: RouteServices,
  name: N,
  handler: RouteHandler<N>,
): void {
  const endpoint: Endpoint = endpoints[name];
  const responseSchema = answeredBy(name);
  const status = endpoint.status ?? 200;
  const csvColumns = endpoint.format === 'csv' ? rowFields(endpoint) : [];

  /** What the handler is given. */
  function callOf(
    request: FastifyRequest,
    reply: FastifyReply,
    db: SqlRunner,
  ): RouteCall<N> {
    return new Call(request, reply, db, services) as unknown as RouteCall<N>;
  }

  /** The handler's answer, and for an audited write the change to record. */
  async function run(
    request: FastifyRequest,
    reply: FastifyReply,
    db: SqlRunner,
  ): Promise<{ answer: unknown; change: AuditedChanges }> {
    const result = await handler(callOf(request, reply, db));
    if (endpoint.audit) {
      const written = result as Written<N>;
      return { answer: written.answer, change: written.change };
    }
    return { answer: result, change: null };
  }

  function checked(answer: unknown): unknown {
    if (!services.checkAnswers) return answer;
    const result = v.safeParse(responseSchema, answer);
    if (!result.success) {
      throw new Error(
        `The answer of ${endpoint.method} ${endpoint.path} breaks its contract: ${v.summarize(result.issues)}`,
      );
    }
    return answer;
  }

  /** Sends a plain call's answer; what fails on the way goes to the error handler. */
  function answer(reply: FastifyReply, result: unknown): void {
    try {
      sendAnswer(reply.code(status), checked(result));
    } catch (error) {
      sendFailure(reply, error);
    }
  }

  /**
   * The route's handler. A plain call (not a CSV export, not cached, not
   * audited) is sent from the handler's promise in one step, or at once
   * when the handler answered at once, and Fastify is given nothing to
   * wait for, as with a handler that calls `reply.send` itself: no async
   * frames of the layer's own and no promise of Fastify's on top
   * (docs/decisions/0066, addendum). What the handler throws, or its
   * promise rejects with, goes to the error handler. The other paths'
   * promises settle once the answer is sent ({@link settled}), as an async
   * handler returning `reply.send(…)` does.
   */
  function serve(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> | undefined {
    if (endpoint.format === 'csv') return serveCsv(request, reply);
    if (endpoint.format === 'file') return serveFile(request, reply);
    if (endpoint.cache) return serveCached(request, reply);
    if (endpoint.audit) return serveAudited(request, reply, endpoint.audit);
    try {
      const result = handler(callOf(request, reply, services.db));
      if (result instanceof Promise) {
        result.then(
          (value: unknown) => answer(reply, value),
          (error: unknown) => sendFailure(reply, error),
        );
      } else {
        answer(reply, result);
      }
    } catch (error) {
      sendFailure(reply, error);
    }
    return undefined;
  }

  /** An audited write: the write and its audit event in one transaction. */
  async function serveAudited(
    request: FastifyRequest,
    reply: FastifyReply,
    audit: NonNullable<Endpoint['audit']>,
  ): Promise<FastifyReply | undefined> {
    const work = async (tx: SqlRunner) => {
      const { answer, change } = await run(request, reply, tx);
      await recordAudit(tx, request, audit, change);
      return { status, body: checked(answer) };
    };
    const done = endpoint.idempotent
      ? await withIdempotency(
          services.db,
          request,
          name,
          work,
          await retryIdentity(request, endpoint),
        )
      : await services.db.transaction(work);
    services.dataWritten();
    return settled(reply.code(done.status).send(done.body));
  }

  /**
   * What tells a retried create from another under one Idempotency-Key:
   * its JSON body, or for an upload its query and the digest of its file,
   * read ahead into memory (at most the entry's `maxBytes`) only when a
   * key is given (docs/decisions/0067, addendum).
   */
  async function retryIdentity(
    request: FastifyRequest,
    { upload }: Endpoint,
  ): Promise<unknown> {
    if (!upload || !hasIdempotencyKey(request)) return request.body;
    return {
      query: request.query ?? null,
      file: await bufferUpload(request, upload),
    };
  }

  /**
   * A CSV export (decisions D18): an audit event naming the export and its
   * query (personal fields withheld, {@link auditedQuery}), then the rows
   * streamed as they are read, in constant memory.
   */
  async function serveCsv(request: FastifyRequest, reply: FastifyReply) {
    const { answer } = await run(request, reply, services.db);
    const file = answer as CsvExport<Record<string, unknown>>;
    const query = auditedQuery(endpoint, request.query);
    await recordAudit(
      services.db,
      request,
      { entity: 'export', action: 'download' },
      {
        id: name,
        memberId: request.scope?.memberId ?? null,
        before: null,
        after: { query, scope_member_id: request.scope?.memberId ?? null },
      },
    );
    const columns = file.columns ?? csvColumns;
    if (columns.length === 0) {
      throw new Error(
        `The CSV export ${name} names no columns: its row schema lists none.`,
      );
    }
    const rows = services.checkAnswers ? checkedRows(file.rows) : file.rows;
    return reply
      .code(status)
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
      )
      .send(csvStream({ ...file, columns, rows }));
  }

  /** A file made earlier (decisions D18): one download event in the audit trail, then the bytes. */
  async function serveFile(request: FastifyRequest, reply: FastifyReply) {
    const { answer } = await run(request, reply, services.db);
    const file = answer as FileAnswer;
    await recordAudit(
      services.db,
      request,
      { entity: file.about.entity, action: 'download' },
      {
        id: file.about.id,
        memberId: file.about.memberId,
        before: null,
        after: file.about.after,
      },
    );
    return reply
      .code(status)
      .headers(file.headers ?? {})
      .type(file.type)
      .header(
        'content-disposition',
        `${file.disposition}; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
      )
      .send(file.body);
  }

  async function* checkedRows(rows: CsvExport<unknown>['rows']) {
    for await (const row of rows) yield checked(row) as Record<string, unknown>;
  }

  async function serveCached(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> {
    const now = services.clock();
    const stamp = await services.cacheStamp(now);
    const { member_id: _asked, ...question } = (request.query ?? {}) as Record<
      string,
      unknown
    >;
    // An answer that moves with the clock (flags raised after so many
    // days) is reused within its time slot only (docs/decisions/0032).
    const slot = endpoint.cacheMaxAgeMs
      ? `|t=${Math.floor(now.getTime() / endpoint.cacheMaxAgeMs)}`
      : '';
    const key = `${name}|${stamp.period}${slot}|m=${request.scope?.memberId ?? '*'}|${JSON.stringify([request.params ?? null, question])}`;
    const body = await services.answers.answer(key, stamp.version, async () =>
      JSON.stringify(checked((await run(request, reply, services.db)).answer)),
    );
    return settled(reply.code(status).type(JSON_TYPE).send(body));
  }

  app.route({
    method: endpoint.method,
    url: pathInsideApi(endpoint.path),
    config: { endpoint: name },
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
    },
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    onRequest: guardRoute(services, endpoint),
    ...(endpoint.scoped ? { preHandler: resolveScope } : {}),
    handler: serve,
  });
}

/**
 * A resource's routes as a Fastify plugin: each handler registered with
 * {@link declareRoute} from its contract entry.
 */
export function resourceRoutes(
  handlers: ResourceHandlers,
): FastifyPluginAsync<RouteServices> {
  return async (app, services) => {
    for (const [name, handler] of Object.entries(handlers)) {
      declareRoute(
        app,
        services,
        name as RoutedName,
        handler as RouteHandler<RoutedName>,
      );
    }
  };
}
