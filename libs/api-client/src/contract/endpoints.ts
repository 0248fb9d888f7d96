import {
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  MeResponseSchema,
  MembersQuerySchema,
  MembersResponseSchema,
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
    response: UnreadCountResponseSchema,
  },
} as const;

/** Name of one call of the API contract. */
export type EndpointName = keyof typeof endpoints;
