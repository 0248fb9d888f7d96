import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { sendError } from '../http/error-replies';
import {
  findApiKeyOwner,
  isApiKeyToken,
  type LastUsedRecorder,
} from '../keys/api-keys';
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

/** The paths an API key may call, named in the 401 of any other. */
const API_KEY_PATHS =
  'GET /api/dashboard/summary, GET /api/stores and GET /api/stores/:id';

function refuseMissingToken(reply: FastifyReply): FastifyReply {
  reply.header('www-authenticate', 'Bearer');
  return sendError(
    reply,
    401,
    'Unauthorized',
    'Sign in first: send Authorization: Bearer <token>.',
  );
}

function refuseInvalidToken(reply: FastifyReply, message: string) {
  reply.header('www-authenticate', 'Bearer error="invalid_token"');
  return sendError(reply, 401, 'Unauthorized', message);
}

/**
 * Answers a call made with an API key where keys are not accepted: 401,
 * naming the calls a key may make (decisions D13).
 */
export function refuseApiKey(reply: FastifyReply): FastifyReply {
  return refuseInvalidToken(
    reply,
    `API keys may call ${API_KEY_PATHS} only; sign in for this call.`,
  );
}

/**
 * Wraps a handler so it runs only with a live session: a missing, unknown,
 * expired or revoked token gets 401 `{ error: "Unauthorized", message }`
 * with a `WWW-Authenticate: Bearer` header, which makes the client log out.
 * An API key is refused the same way, with a message naming the calls it
 * may make (decisions D13: never the session calls or key management).
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
    if (!token) return refuseMissingToken(reply);
    if (isApiKeyToken(token)) return refuseApiKey(reply);
    const caller = await sessionUser(context, token);
    if (!caller) {
      return refuseInvalidToken(
        reply,
        'The session has expired or was ended; sign in again.',
      );
    }
    return handler(request, reply, caller);
  };
}

/** What {@link authenticatedOrApiKey} needs besides the sessions. */
export interface DataReaderContext extends SessionContext {
  /** Notes each use of a key in `last_used_at`, at most once a minute. */
  apiKeysUsed: LastUsedRecorder;
}

/**
 * Like {@link authenticated}, and also accepts a live API key
 * (`Authorization: Bearer ck_…`) as its owner, for the read-only data
 * endpoints (decisions D13). The key is looked up on every call, so a
 * revoked key fails at once.
 */
export function authenticatedOrApiKey(
  context: DataReaderContext,
  handler: AuthenticatedHandler,
) {
  const bySession = authenticated(context, handler);
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<unknown> => {
    const token = bearerToken(request);
    if (!token || !isApiKeyToken(token)) return bySession(request, reply);
    const owner = await findApiKeyOwner(context.db, token);
    if (!owner) {
      return refuseInvalidToken(
        reply,
        'The API key is unknown or was revoked; create a new one on the API Keys page.',
      );
    }
    await context.apiKeysUsed.used(owner);
    return handler(request, reply, owner.user);
  };
}
