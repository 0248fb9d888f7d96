import * as v from 'valibot';
import { endpointPath, named, type Endpoint } from './endpoint';
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

/**
 * The calls of the shell and of the first screens (specification §7,
 * decisions D5, D12, D13): the session, members, notifications, the
 * program's data and API keys. The API client's own methods use these
 * only, so the sign-in page carries no other entry of the contract
 * (docs/decisions/0027); later screens' calls live in other modules.
 */
export const shellEndpoints = /* @__PURE__ */ named({
  login: {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with email and password',
    resource: 'session',
    body: LoginRequestSchema,
    response: LoginResponseSchema,
    auth: 'anonymous',
    audience: 'anyone',
  },
  me: {
    method: 'GET',
    path: '/api/auth/me',
    summary: 'The signed-in user',
    resource: 'session',
    response: MeResponseSchema,
    auth: 'session',
    audience: 'signed-in',
  },
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'End the session and revoke its token',
    resource: 'session',
    response: LogoutResponseSchema,
    auth: 'session-if-any',
    audience: 'anyone',
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
    audience: 'signed-in',
  },
  unreadCount: {
    method: 'GET',
    path: '/api/notifications',
    summary: 'Number of unread notifications (?unread=true)',
    resource: 'notifications',
    query: NotificationsQuerySchema,
    response: UnreadCountResponseSchema,
    auth: 'session',
    audience: 'signed-in',
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
    audience: 'signed-in',
  },
  markRead: {
    method: 'POST',
    path: '/api/notifications/:id/read',
    summary: 'Mark one notification read',
    resource: 'notifications',
    params: v.strictObject({ id: NotificationIdParamSchema }),
    response: MarkReadResponseSchema,
    auth: 'session',
    audience: 'signed-in',
  },
  markAllRead: {
    method: 'POST',
    path: '/api/notifications/read-all',
    summary: 'Mark every notification read',
    resource: 'notifications',
    response: SuccessSchema,
    auth: 'session',
    audience: 'signed-in',
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
    audience: 'signed-in',
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
    audience: 'signed-in',
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
    audience: 'signed-in',
    audit: { entity: 'api_key', action: 'revoke' },
  },
} as const satisfies Record<string, Endpoint>);

/**
 * Path of POST /api/notifications/:id/read for one notification. The id is
 * checked first; a `RangeError` names the problem otherwise.
 */
export function markReadPath(id: number): string {
  if (typeof id !== 'number') {
    throw new RangeError(`notification id must be a number, got ${typeof id}`);
  }
  return endpointPath(shellEndpoints.markRead, { id });
}
