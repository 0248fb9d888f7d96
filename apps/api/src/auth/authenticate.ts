import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { sendError } from '../http/error-replies';
import type { SessionCache } from './session-cache';
import { findLiveSession, hashToken } from './sessions';
import type { UserRecord } from './users';

/** Longest Authorization header value looked at; longer ones are refused unread. */
const MAX_AUTHORIZATION_LENGTH = 512;

/** The token of an `Authorization: Bearer <token>` header, or `null`. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header.length > MAX_AUTHORIZATION_LENGTH)
    return null;
  const match = /^Bearer +([\w.~+/-]+=*) *$/i.exec(header);
  return match?.[1] ?? null;
}

/** A route handler that runs only for a signed-in caller. */
export type AuthenticatedHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  caller: Readonly<UserRecord>,
) => Promise<unknown>;

/** What {@link authenticated} needs: the database and the session cache. */
export interface SessionContext {
  db: Database;
  sessionCache: SessionCache;
}

/**
 * The user of the live session of `token`, from the session cache when it
 * holds it, else from the database (then cached); `null` when there is none.
 */
export async function sessionUser(
  { db, sessionCache }: SessionContext,
  token: string,
): Promise<Readonly<UserRecord> | null> {
  const tokenHash = hashToken(token);
  const cached = sessionCache.get(tokenHash);
  if (cached) return cached;
  const lookup = sessionCache.beginLookup();
  const session = await findLiveSession(db, tokenHash);
  if (!session) return null;
  sessionCache.set(tokenHash, session.user, session.expiresAt, lookup);
  return session.user;
}

/**
 * Wraps a handler so it runs only with a live session: a missing, unknown,
 * expired or revoked token gets 401 `{ error: "Unauthorized", message }`
 * with a `WWW-Authenticate: Bearer` header, which makes the client log out.
 */
export function authenticated(
  context: SessionContext,
  handler: AuthenticatedHandler,
) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<unknown> => {
    const token = bearerToken(request);
    if (!token) {
      reply.header('www-authenticate', 'Bearer');
      return sendError(
        reply,
        401,
        'Unauthorized',
        'Sign in first: send Authorization: Bearer <token>.',
      );
    }
    const caller = await sessionUser(context, token);
    if (!caller) {
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      return sendError(
        reply,
        401,
        'Unauthorized',
        'The session has expired or was ended; sign in again.',
      );
    }
    return handler(request, reply, caller);
  };
}
