import ky, { type KyInstance } from 'ky';
import * as v from 'valibot';
import { ApiError } from './api-error';
import {
  endpointPath,
  type Endpoint,
  type RequestInput,
  type ResponseOf,
} from './contract/endpoint';
// The shell's calls only: the sign-in page carries no other entry.
import { shellEndpoints as endpoints } from './contract/shell-endpoints';
import type { StoreSort } from './contract/data-schemas';
import { ErrorBodySchema, type LoginRequest } from './contract/schemas';

/** Settings of {@link createApiClient}. */
export interface ApiClientOptions {
  /**
   * Absolute base URL of the API, e.g. `https://api.example.org` or, for a
   * same-origin deployment, the page's origin. Paths such as
   * `/api/auth/me` are resolved under it.
   */
  baseUrl: string;
  /** The bearer token to send, or null when signed out. Read on every call. */
  getToken: () => string | null;
  /** The active tenant code for `X-Tenant-Code`, or null. Read on every call. */
  getTenantCode: () => string | null;
  /**
   * Called when a call other than login answers 401 for the token the
   * session still holds: the session is over. Called once per token, so a
   * burst of parallel 401s gives one call, and a 401 answering a token the
   * session has already dropped gives none.
   */
  onUnauthorized?: () => void;
  /** A fetch implementation (tests, server-side use). Defaults to the global one. */
  fetch?: typeof fetch;
}

/** Per-call options. */
export interface CallOptions {
  /** Aborts the call; TanStack Query passes one to every query. */
  signal?: AbortSignal;
  /**
   * Sent as `Idempotency-Key` (creates the contract marks `idempotent`):
   * a retry with the same key makes one record and gets the first answer.
   */
  idempotencyKey?: string;
  /**
   * Sends an upload (a contract entry with `upload`) with this instead of
   * fetch, e.g. {@link xhrTransport} to report the share of the file sent
   * (fetch reports no upload progress over HTTP/1.1). The answer is read as
   * any other.
   */
  transport?: Transport;
}

/** A way to send one call other than fetch: see {@link CallOptions.transport}. */
export type Transport = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body: FormData;
    signal?: AbortSignal;
  },
) => Promise<Response>;

/** Options of the logout call. */
export interface LogoutOptions extends CallOptions {
  /**
   * The token to revoke. By default the one `getToken()` gives when the call
   * is made; a session that clears its token as it logs out (before the call
   * leaves, if anything is awaited first) passes the token it is ending.
   */
  token?: string;
}

/** Which member list to load: the full list (super admin) or names only (everyone else). */
export type MembersScope = { all: true } | { namesOnly: true };

/**
 * The member a data call asks for: honoured for collective admins only; the
 * server gives brand users their own member whatever is asked (decisions D12).
 */
export interface MemberScope {
  memberId?: number;
}

/** What page of which stores to list. */
export interface StoreListParams extends MemberScope {
  search?: string;
  sort?: StoreSort;
  page?: number;
  pageSize?: number;
}

/** The `member_id` query of a scope; nothing for the whole collective. */
function memberQuery(scope: MemberScope): { member_id?: string } {
  return scope.memberId === undefined
    ? {}
    : { member_id: String(scope.memberId) };
}

/** Where a call goes, and whether credentials may go with it. */
export interface RequestTarget {
  /** The absolute URL of the call. */
  url: URL;
  /**
   * Whether the URL lies under the base URL (same origin, path below the
   * base path), the only case in which the bearer token and tenant are sent.
   */
  underBase: boolean;
}

/**
 * Resolves an API path under a normalised base URL (ending in `/`). Leading
 * slashes are dropped, so `//host` cannot name another origin; a path that
 * still leaves the base (`../other`, `%2e%2e/other`, an absolute URL) is
 * marked as not under it. The URL checked here is the URL fetched.
 */
export function requestTarget(baseHref: string, path: string): RequestTarget {
  const url = new URL(path.replace(/^\/+/, ''), baseHref);
  const base = new URL(baseHref);
  return {
    url,
    underBase:
      url.origin === base.origin && url.pathname.startsWith(base.pathname),
  };
}

/**
 * The body of a call: its file as `multipart/form-data` for an upload
 * entry (the browser sets the boundary), else its JSON body, if any.
 */
function bodyOf(
  endpoint: Endpoint,
  input: { body?: unknown; file?: Blob },
): { body: FormData } | { json: unknown } | Record<string, never> {
  if (endpoint.upload && input.file) {
    const form = new FormData();
    form.append(endpoint.upload.field, input.file);
    return { body: form };
  }
  return input.body !== undefined ? { json: input.body } : {};
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json(?:;|$)/i;

async function readErrorBody(
  response: Response,
): Promise<v.InferOutput<typeof ErrorBodySchema>> {
  if (!JSON_TYPE.test(response.headers.get('content-type') ?? '')) return {};
  try {
    const parsed = v.safeParse(ErrorBodySchema, await response.json());
    return parsed.success ? parsed.output : {};
  } catch {
    return {};
  }
}

function invalid(
  path: string,
  status: number,
  detail: string,
  cause?: unknown,
): ApiError {
  return new ApiError({
    kind: 'invalid-response',
    path,
    status,
    detail,
    cause,
  });
}

async function readBody<S extends v.GenericSchema>(
  response: Response,
  schema: S,
  path: string,
): Promise<v.InferOutput<S>> {
  const contentType = response.headers.get('content-type') ?? '';
  let data: unknown = {};
  if (response.status !== 204) {
    if (!JSON_TYPE.test(contentType)) {
      throw invalid(
        path,
        response.status,
        `expected JSON, got ${contentType ? `"${contentType.slice(0, 60)}"` : 'no content type'}`,
      );
    }
    try {
      data = await response.json();
    } catch (cause) {
      throw invalid(path, response.status, 'the body is not valid JSON', cause);
    }
  }
  const result = v.safeParse(schema, data);
  if (!result.success) {
    throw invalid(path, response.status, v.summarize(result.issues));
  }
  return result.output;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Query string of a checked query object; absent values are left out. */
function searchParams(
  query: Record<string, string | undefined> | undefined,
): URLSearchParams | undefined {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(name, value);
  }
  return params.size > 0 ? params : undefined;
}

/**
 * Makes one call of the contract: `request(endpoints.me, {})`. Path
 * parameters and query are checked with the endpoint's schemas before
 * anything is sent (a `RangeError` names the problem), the answer with its
 * response schema.
 */
export type Requester = <E extends Endpoint>(
  endpoint: E,
  input: RequestInput<E>,
  options?: CallOptions,
) => Promise<ResponseOf<E>>;

/** A {@link Requester} that can send another token than `getToken()` gives (the logout's). */
type RequesterWithToken = <E extends Endpoint>(
  endpoint: E,
  input: RequestInput<E>,
  options?: CallOptions,
  token?: string | null,
) => Promise<ResponseOf<E>>;

function createRequester(options: ApiClientOptions): RequesterWithToken {
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new TypeError(
      `createApiClient: baseUrl must be an absolute URL such as "https://api.example.org", got "${options.baseUrl}".`,
    );
  }
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  // A query or fragment of the base would never match a call's URL.
  base.search = '';
  base.hash = '';
  const baseHref = base.href;
  let lastUnauthorizedToken: string | null | undefined;

  const http: KyInstance = ky.create({
    timeout: false,
    retry: 0,
    throwHttpErrors: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  function reportUnauthorized(tokenSent: string | null): void {
    // A 401 for a token the session no longer holds (a logout's own call, a
    // late answer of the previous user) says nothing about the current one.
    if (tokenSent === lastUnauthorizedToken) return;
    if (tokenSent !== options.getToken()) return;
    lastUnauthorizedToken = tokenSent;
    options.onUnauthorized?.();
  }

  return async function request(
    endpoint,
    input,
    callOptions = {},
    tokenToSend = options.getToken(),
  ) {
    const path = endpointPath(endpoint, input.params);
    let query: Record<string, string | undefined> | undefined;
    if (endpoint.query) {
      const checked = v.safeParse(endpoint.query, input.query ?? {});
      if (!checked.success) {
        throw new RangeError(
          `${endpoint.method} ${endpoint.path}: ${v.summarize(checked.issues)}`,
        );
      }
      query = input.query as Record<string, string | undefined>;
    }
    const { url, underBase } = requestTarget(baseHref, path);
    const token = tokenToSend;
    const tenant = options.getTenantCode();
    const headers: Record<string, string> = { accept: 'application/json' };
    // Credentials go only to the configured API, never to another origin or path.
    const sentToken = underBase && endpoint.auth !== 'anonymous' ? token : null;
    if (sentToken) headers['authorization'] = `Bearer ${sentToken}`;
    if (underBase && tenant) headers['x-tenant-code'] = tenant;
    if (underBase && callOptions.idempotencyKey) {
      headers['idempotency-key'] = callOptions.idempotencyKey;
    }
    /**
     * Whether the session that sent the call has since changed (logout,
     * another tab removed or replaced the token): its answer belongs to no
     * one here any more and is discarded.
     */
    const late = (): boolean =>
      sentToken !== null &&
      !endpoint.endsSession &&
      options.getToken() !== sentToken;
    const discard = () => new ApiError({ kind: 'session-changed', path });

    let response: Response;
    const sent = bodyOf(endpoint, input);
    const { transport } = callOptions;
    try {
      if (transport && 'body' in sent) {
        const search = searchParams(query);
        response = await transport(
          search ? `${String(url)}?${search.toString()}` : String(url),
          {
            method: endpoint.method,
            headers,
            body: sent.body,
            ...(callOptions.signal ? { signal: callOptions.signal } : {}),
          },
        );
      } else
        response = await http(url, {
          method: endpoint.method,
          headers,
          ...sent,
          searchParams: searchParams(query),
          ...(callOptions.signal ? { signal: callOptions.signal } : {}),
        });
    } catch (cause) {
      if (isAbort(cause)) throw cause;
      throw new ApiError({
        kind: 'network',
        path,
        detail: String(cause),
        cause,
      });
    }

    if (late()) throw discard();
    if (!response.ok) {
      const body = await readErrorBody(response);
      if (response.status === 401 && sentToken !== null) {
        reportUnauthorized(sentToken);
      }
      throw new ApiError({
        kind: 'http',
        path,
        status: response.status,
        serverError: body.error,
        serverMessage: body.message,
      });
    }
    const body = await readBody(response, endpoint.response, path);
    if (late()) throw discard();
    return body;
  };
}

/**
 * Creates the API client. It has no timeout and no retries of its own
 * (TanStack Query owns retries), treats 200-299 as success, validates every
 * response against the contract, and sends the bearer token and
 * `X-Tenant-Code` only to URLs under `baseUrl`. Each method is one entry of
 * the contract's `endpoints` table; `request` makes any call of the table.
 */
export function createApiClient(options: ApiClientOptions) {
  const send = createRequester(options);
  const request: Requester = (endpoint, input, o) => send(endpoint, input, o);
  return {
    request,
    auth: {
      /** POST /api/auth/login. A 401 here is a failed login, never a logout. */
      login: (credentials: LoginRequest, o?: CallOptions) =>
        request(endpoints.login, { body: credentials }, o),
      /** GET /api/auth/me: the current user of the token. */
      me: (o?: CallOptions) => request(endpoints.me, {}, o),
      /** POST /api/auth/logout: asks the server to revoke the token (`o.token`, else the current one). */
      logout: async (o?: LogoutOptions): Promise<void> => {
        const { token, ...call } = o ?? {};
        await send(endpoints.logout, {}, call, token ?? options.getToken());
      },
    },
    members: {
      /** GET /api/members?all=true or ?names_only=true; reads `members` or `data`. */
      list: (scope: MembersScope, o?: CallOptions) =>
        request(
          endpoints.members,
          { query: 'all' in scope ? { all: 'true' } : { names_only: 'true' } },
          o,
        ),
    },
    notifications: {
      /** GET /api/notifications?unread=true: the number of unread notifications. */
      unreadCount: async (o?: CallOptions): Promise<number> =>
        (await request(endpoints.unreadCount, { query: { unread: 'true' } }, o))
          .unread_count,
      /** GET /api/notifications: the caller's notifications, newest first. */
      list: async (o?: CallOptions) =>
        (await request(endpoints.notifications, { query: {} }, o))
          .notifications,
      /**
       * POST /api/notifications/:id/read: marks one of the caller's
       * notifications read. Rejects with a `RangeError`, before any request,
       * unless `id` is a whole number from 1 to 2147483647.
       */
      markRead: async (id: number, o?: CallOptions): Promise<void> => {
        await request(endpoints.markRead, { params: { id } }, o);
      },
      /** POST /api/notifications/read-all: marks all of the caller's notifications read. */
      markAllRead: async (o?: CallOptions): Promise<void> => {
        await request(endpoints.markAllRead, {}, o);
      },
    },
    dashboard: {
      /** GET /api/dashboard/summary: the program's KPIs for the scope. */
      summary: (scope: MemberScope, o?: CallOptions) =>
        request(endpoints.dashboardSummary, { query: memberQuery(scope) }, o),
    },
    stores: {
      /** GET /api/stores: one page of the stores in scope, searched and sorted. */
      list: (params: StoreListParams, o?: CallOptions) =>
        request(
          endpoints.stores,
          {
            query: {
              ...memberQuery(params),
              ...(params.search ? { search: params.search } : {}),
              ...(params.sort ? { sort: params.sort } : {}),
              ...(params.page ? { page: String(params.page) } : {}),
              ...(params.pageSize
                ? { page_size: String(params.pageSize) }
                : {}),
            },
          },
          o,
        ),
      /** GET /api/stores/:id: one store with its history; 404 outside the scope. */
      get: (id: number, scope: MemberScope, o?: CallOptions) =>
        request(
          endpoints.store,
          { params: { id }, query: memberQuery(scope) },
          o,
        ),
    },
    keys: {
      /** GET /api/keys: the caller's API keys, never their secrets. */
      list: async (o?: CallOptions) =>
        (await request(endpoints.apiKeys, {}, o)).keys,
      /** POST /api/keys: makes a key; its secret is in this answer only. */
      create: (name: string, o?: CallOptions) =>
        request(endpoints.createApiKey, { body: { name } }, o),
      /** DELETE /api/keys/:id: revokes one of the caller's keys at once. */
      revoke: async (id: number, o?: CallOptions): Promise<void> => {
        await request(endpoints.revokeApiKey, { params: { id } }, o);
      },
    },
  };
}

/** The typed calls of the Collective API (specification §7); see {@link createApiClient}. */
export type ApiClient = ReturnType<typeof createApiClient>;
