import * as v from 'valibot';
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
  StoreIdParamsSchema,
  StoreQuerySchema,
  StoresPageSchema,
  StoresQuerySchema,
  SuccessSchema,
} from './data-schemas';

/** An HTTP method of the API. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the API, as data: method, path pattern and a schema for each
 * part of the request and for the response. The client builds, checks and
 * reads every call from this; the reference server validates requests with
 * the same schemas, so the two cannot disagree about the wire format.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Path pattern; `:name` segments are filled from `params`, e.g. `/api/notifications/:id/read`. */
  path: string;
  /** Path parameters, each given as the decimal or text of its segment. */
  params?: v.GenericSchema<Record<string, string>, unknown>;
  /** The query string, as an object of strings. */
  query?: v.GenericSchema<Record<string, string | undefined>, unknown>;
  /** The JSON body. */
  body?: v.GenericSchema;
  /** The JSON answer of a 2xx status. */
  response: v.GenericSchema;
  /**
   * A call made without a session (login): no bearer token is sent, and a
   * 401 is a failed attempt, not the end of the session.
   */
  anonymous?: boolean;
  /**
   * The call that ends the session (logout): the page drops the token as
   * soon as it is sent, so its answer is expected to arrive after the token
   * changed and is not discarded as a late answer.
   */
  endsSession?: boolean;
}

/**
 * Every call of the API (specification §7, decisions D5). Adding a call is
 * adding an entry here (with its schemas in `schemas.ts`) and one typed
 * method in `client.ts`.
 */
export const endpoints = {
  login: {
    method: 'POST',
    path: '/api/auth/login',
    body: LoginRequestSchema,
    response: LoginResponseSchema,
    anonymous: true,
  },
  me: { method: 'GET', path: '/api/auth/me', response: MeResponseSchema },
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    response: LogoutResponseSchema,
    endsSession: true,
  },
  members: {
    method: 'GET',
    path: '/api/members',
    query: MembersQuerySchema,
    response: MembersResponseSchema,
  },
  unreadCount: {
    method: 'GET',
    path: '/api/notifications',
    query: NotificationsQuerySchema,
    response: UnreadCountResponseSchema,
  },
  notifications: {
    method: 'GET',
    path: '/api/notifications',
    query: NotificationsQuerySchema,
    response: NotificationsResponseSchema,
  },
  markRead: {
    method: 'POST',
    path: '/api/notifications/:id/read',
    params: v.strictObject({ id: NotificationIdParamSchema }),
    response: MarkReadResponseSchema,
  },
  markAllRead: {
    method: 'POST',
    path: '/api/notifications/read-all',
    response: SuccessSchema,
  },
  dashboardSummary: {
    method: 'GET',
    path: '/api/dashboard/summary',
    query: DashboardSummaryQuerySchema,
    response: DashboardSummarySchema,
  },
  stores: {
    method: 'GET',
    path: '/api/stores',
    query: StoresQuerySchema,
    response: StoresPageSchema,
  },
  store: {
    method: 'GET',
    path: '/api/stores/:id',
    params: StoreIdParamsSchema,
    query: StoreQuerySchema,
    response: StoreDetailSchema,
  },
  apiKeys: {
    method: 'GET',
    path: '/api/keys',
    response: ApiKeysResponseSchema,
  },
  createApiKey: {
    method: 'POST',
    path: '/api/keys',
    body: CreateApiKeyRequestSchema,
    response: CreatedApiKeySchema,
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/api/keys/:id',
    params: ApiKeyIdParamsSchema,
    response: SuccessSchema,
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
