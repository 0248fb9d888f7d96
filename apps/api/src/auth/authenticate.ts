import {
  deriveAccess,
  endpoints,
  type Access,
  type Endpoint,
} from '@collective/api-client/contract';
import type {
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import type { Database } from '../db/database';
import {
  DOWNLOAD_PARAMETER,
  redeemDownloadTicket,
} from '../downloads/download-tickets';
import { Refusal } from '../http/error-replies';
import { TENANT_HEADER } from '../http/tenant-header';
import {
  findApiKeyOwner,
  isApiKeyToken,
  type LastUsedRecorder,
} from '../keys/api-keys';
import type { SessionCache } from './session-cache';
import { findLiveSession, hashToken } from './sessions';
import { findUserById, type UserRecord } from './users';

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

/** Who made a call: the user, what they may do, and the API key used if any. */
export interface Caller {
  user: Readonly<UserRecord>;
  /** Derived once from the user by the contract's `deriveAccess`. */
  access: Access;
  /** The API key the call was made with; `null` for a session. */
  apiKeyId: number | null;
}

/** What authentication needs: the database and the session cache. */
export interface SessionContext {
  db: Database;
  sessionCache: SessionCache;
}

/** What {@link authenticateCall} needs besides the sessions. */
export interface AuthenticationContext extends SessionContext {
  /** Notes each use of a key in `last_used_at`, at most once a minute. */
  apiKeysUsed: LastUsedRecorder;
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

/** The calls an API key may make, named in the 401 of any other: read from the contract. */
const API_KEY_CALLS = Object.values(endpoints as Record<string, Endpoint>)
  .filter((endpoint) => endpoint.auth === 'session-or-key')
  .map((endpoint) => `${endpoint.method} ${endpoint.path}`);

const API_KEY_PATHS = `${API_KEY_CALLS.slice(0, -1).join(', ')} and ${API_KEY_CALLS.at(-1) ?? ''}`;

function refuseMissingToken(reply: FastifyReply): Refusal {
  reply.header('www-authenticate', 'Bearer');
  return new Refusal(
    401,
    'Unauthorized',
    'Sign in first: send Authorization: Bearer <token>.',
  );
}

function refuseInvalidToken(reply: FastifyReply, message: string): Refusal {
  reply.header('www-authenticate', 'Bearer error="invalid_token"');
  return new Refusal(401, 'Unauthorized', message);
}

/**
 * The refusal of a call made with an API key where keys are not accepted:
 * 401, naming the calls a key may make (decisions D13).
 */
export function refuseApiKey(reply: FastifyReply): Refusal {
  return refuseInvalidToken(
    reply,
    `API keys may call ${API_KEY_PATHS} only; sign in for this call.`,
  );
}

/** The `download` ticket of a request's query, if it has one. */
function downloadTicketOf(request: FastifyRequest): string | null {
  const value = (request.query as Record<string, unknown> | undefined)?.[
    DOWNLOAD_PARAMETER
  ];
  return typeof value === 'string' ? value : null;
}

/**
 * The caller of a CSV export opened with a single-use download ticket (a
 * browser navigating to the file): the user it was issued to, on the
 * tenant it was issued on (taken as the request's X-Tenant-Code, which a
 * navigation cannot send). A used, expired or foreign ticket is a 401.
 */
async function callerOfTicket(
  context: AuthenticationContext,
  request: FastifyRequest,
  ticket: string,
): Promise<Caller> {
  const redeemed = await redeemDownloadTicket(context.db, ticket, request.url);
  const user = redeemed && (await findUserById(context.db, redeemed.userId));
  if (!redeemed || !user) {
    throw new Refusal(
      401,
      'Unauthorized',
      'This download link was used already or has expired; start the export again.',
    );
  }
  request.headers[TENANT_HEADER] = redeemed.tenant;
  return callerOf(user, null);
}

/** The caller a user is, with their access derived, by session (`apiKeyId` null) or API key. */
export function callerOf(
  user: Readonly<UserRecord>,
  apiKeyId: number | null,
): Caller {
  return { user, access: deriveAccess(user), apiKeyId };
}

/**
 * The caller of a session whose user the session cache holds: made once per
 * cached user record (the cache keeps one frozen record per entry), so calls
 * in a burst share it instead of deriving the same access each time.
 */
const sessionCallers = new WeakMap<Readonly<UserRecord>, Caller>();

function sessionCallerOf(user: Readonly<UserRecord>): Caller {
  let caller = sessionCallers.get(user);
  if (!caller) {
    caller = callerOf(user, null);
    sessionCallers.set(user, caller);
  }
  return caller;
}

/**
 * Per connection, the last `Authorization` header it sent with a session
 * token, and the token's SHA-256: a kept-alive connection sends the same
 * header call after call, and reading the token out of it and hashing it
 * were the largest costs of authentication when the session is cached. The
 * header stays with its own connection, which held it anyway, and goes with
 * it (a WeakMap keyed by the socket); the session cache itself still holds
 * hashes only (docs/decisions/0066, addendum).
 */
const lastSessionHeaderOfConnection = new WeakMap<
  object,
  { header: string; hash: string }
>();

/**
 * The SHA-256 of the session token a request carries, or `undefined` when
 * it carries none (no token, or an API key).
 */
function sessionTokenHashOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const connection = request.raw.socket as object | undefined;
  const last = connection && lastSessionHeaderOfConnection.get(connection);
  if (last && last.header === header) return last.hash;
  const token = bearerToken(request);
  if (!token || isApiKeyToken(token)) return undefined;
  const hash = hashToken(token);
  if (connection && header) {
    lastSessionHeaderOfConnection.set(connection, { header, hash });
  }
  return hash;
}

/**
 * The caller {@link authenticateCall} would set, when it is known without
 * waiting for anything: nobody for an `anonymous` entry, and for the
 * session kinds (`session`, `session-or-key`, `session-if-any`) the user of
 * a live session the session cache holds. `undefined` in every other case
 * (no token, an API key, a session not cached, any other kind of entry):
 * then only the hook can tell. Lets the route layer skip the hook's promise
 * on most calls (docs/decisions/0066, addendum).
 */
export function cachedCaller(
  context: SessionContext,
  endpoint: Pick<Endpoint, 'auth'>,
  request: FastifyRequest,
): Caller | null | undefined {
  const { auth } = endpoint;
  if (auth === 'anonymous') return null;
  if (
    auth !== 'session' &&
    auth !== 'session-or-key' &&
    auth !== 'session-if-any'
  ) {
    return undefined;
  }
  const tokenHash = sessionTokenHashOf(request);
  if (tokenHash === undefined) return undefined;
  const user = context.sessionCache.get(tokenHash);
  return user ? sessionCallerOf(user) : undefined;
}

/**
 * The `onRequest` hook that authenticates a call as its contract entry says
 * (decisions D5, D13), the one place that answers 401:
 * - `session`: a live session's token; a missing, unknown, expired or
 *   revoked token gets 401 `{ error: "Unauthorized", message }` with a
 *   `WWW-Authenticate: Bearer` header, which makes the client log out; an
 *   API key is refused, naming the calls a key may make;
 * - `session-or-key`: also a live API key (`ck_…`) as its owner, looked up
 *   on every call so a revoked key fails at once;
 * - `session-if-any`: the session when the token is live, else no caller
 *   (an API key is still refused);
 * - `anonymous`: nobody; the token is not read.
 * Sets `request.caller`.
 */
export function authenticateCall(
  context: AuthenticationContext,
  endpoint: Pick<Endpoint, 'auth' | 'format'>,
): onRequestAsyncHookHandler {
  const { auth } = endpoint;
  const byTicket = endpoint.format === 'csv' || endpoint.format === 'file';
  return async (request, reply) => {
    request.caller = null;
    if (auth === 'anonymous') return;
    const token = bearerToken(request);
    if (!token) {
      if (auth === 'session-if-any') return;
      const ticket = byTicket ? downloadTicketOf(request) : null;
      if (ticket) {
        request.caller = await callerOfTicket(context, request, ticket);
        return;
      }
      throw refuseMissingToken(reply);
    }
    if (isApiKeyToken(token)) {
      if (auth !== 'session-or-key') throw refuseApiKey(reply);
      const owner = await findApiKeyOwner(context.db, token);
      if (!owner) {
        throw refuseInvalidToken(
          reply,
          'The API key is unknown or was revoked; create a new one on the API Keys page.',
        );
      }
      await context.apiKeysUsed.used(owner);
      request.caller = callerOf(owner.user, owner.keyId);
      return;
    }
    const user = await sessionUser(context, token);
    if (!user) {
      if (auth === 'session-if-any') return;
      throw refuseInvalidToken(
        reply,
        'The session has expired or was ended; sign in again.',
      );
    }
    request.caller = callerOf(user, null);
  };
}
