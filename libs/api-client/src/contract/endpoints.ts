import * as v from 'valibot';
import {
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  MeResponseSchema,
  MembersQuerySchema,
  MembersResponseSchema,
  MarkReadResponseSchema,
  NotificationIdSchema,
  NotificationIdParamSchema,
  NotificationsQuerySchema,
  NotificationsResponseSchema,
  UnreadCountResponseSchema,
} from './schemas';

/**
 * Every call of the API (specification §7, decisions D5): method, path and
 * the schemas of request and response. The client and the reference server
 * both read this table, so they cannot disagree about the wire format.
 */
export const endpoints = {
  login: {
    method: 'POST',
    path: '/api/auth/login',
    body: LoginRequestSchema,
    response: LoginResponseSchema,
  },
  me: { method: 'GET', path: '/api/auth/me', response: MeResponseSchema },
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    response: LogoutResponseSchema,
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
    /** Fastify-style pattern; build real paths with {@link markReadPath}. */
    path: '/api/notifications/:id/read',
    params: NotificationIdParamSchema,
    response: MarkReadResponseSchema,
  },
} as const;

/**
 * Path of POST /api/notifications/:id/read for one notification. The id is
 * checked first, so no input can produce another path (`../`, `?`, `#`).
 * Throws a `RangeError` naming the problem otherwise.
 */
export function markReadPath(id: number): string {
  const checked = v.safeParse(NotificationIdSchema, id);
  if (!checked.success) {
    throw new RangeError(
      `${checked.issues[0].message}, got ${typeof id === 'number' ? id : typeof id}`,
    );
  }
  return `/api/notifications/${checked.output}/read`;
}

/** Name of one call of the API contract. */
export type EndpointName = keyof typeof endpoints;
