import { endpoints } from '@collective/api-client/contract';
import type { FastifyPluginAsync } from 'fastify';
import { INVALID_CREDENTIALS_MESSAGE } from '../constants';
import type { Database } from '../db/database';
import { pathInsideApi } from '../http/api-path';
import { sendError } from '../http/error-replies';
import { validate } from '../http/validation';
import { isApiKeyToken } from '../keys/api-keys';
import {
  authenticated,
  bearerToken,
  refuseApiKey,
  type SessionContext,
} from './authenticate';
import { throttledLoginMessage, type LoginThrottle } from './login-throttle';
import { checkPassword, dummyPasswordHash, hashPassword } from './password';
import { createSession, hashToken, revokeSession } from './sessions';
import { findUserByEmail, replacePasswordHash, toContractUser } from './users';

/** Options of {@link authRoutes}. */
export interface AuthRoutesOptions extends SessionContext {
  db: Database;
  /** Counts failed logins per account and address; refuses with 429 past the limits. */
  loginThrottle: LoginThrottle;
}

/**
 * Login, current user and logout (specification §7, decisions D5 and D11).
 * Login validates the body with the contract's schema, then asks the login
 * throttle (counts in the database), before looking up the account or
 * hashing; it answers every failed attempt alike, whether or not the account
 * exists, and moves a legacy password hash to argon2id on success.
 */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (
  app,
  options,
) => {
  const { db, loginThrottle, sessionCache } = options;
  // Made before the first request, so no login pays for it.
  app.addHook('onReady', async () => {
    await dummyPasswordHash();
  });

  app.post(pathInsideApi(endpoints.login.path), async (request, reply) => {
    const body = validate(endpoints.login.body, request.body, 'Request body');
    if (!body.ok) return sendError(reply, 400, body.error);

    // Keyed by the email as typed (lowercased), known or not, so a 429 says
    // nothing about whether the account exists.
    const attempt = await loginThrottle.begin(
      body.value.email.toLowerCase(),
      request.ip,
    );
    if (!attempt.allowed) {
      request.log.warn(
        { event: 'login_throttled', limit: attempt.limit },
        'login refused: too many failed attempts',
      );
      reply.header('retry-after', String(attempt.retryAfterSeconds));
      return sendError(
        reply,
        429,
        throttledLoginMessage(attempt.retryAfterSeconds),
      );
    }

    const user = await findUserByEmail(db, body.value.email);
    // Unknown emails are checked against a dummy hash: same work, same answer.
    const check = await checkPassword(
      body.value.password,
      user?.password_hash ?? (await dummyPasswordHash()),
    );
    if (!user || !check.matches) {
      request.log.info({ event: 'login_failed' }, 'login failed');
      return sendError(reply, 401, INVALID_CREDENTIALS_MESSAGE);
    }

    await attempt.succeeded();
    if (check.needsRehash) {
      // A legacy (scrypt) or older argon2id hash: store one at today's cost.
      const upgraded = await replacePasswordHash(
        db,
        user.id,
        user.password_hash,
        await hashPassword(body.value.password),
      );
      request.log.info(
        { event: 'password_rehashed', userId: user.id, upgraded },
        'password hash upgraded to argon2id',
      );
    }
    const session = await createSession(db, user.id);
    request.log.info({ event: 'login', userId: user.id }, 'login succeeded');
    return { token: session.token, user: toContractUser(user) };
  });

  app.get(
    pathInsideApi(endpoints.me.path),
    authenticated(options, async (_request, _reply, caller) => ({
      success: true,
      user: toContractUser(caller),
    })),
  );

  app.post(pathInsideApi(endpoints.logout.path), async (request, reply) => {
    const token = bearerToken(request);
    // A key is no session: logging it out would look like revoking it.
    if (token && isApiKeyToken(token)) return refuseApiKey(reply);
    if (token) {
      await revokeSession(db, token);
      sessionCache.forget(hashToken(token));
    }
    return { success: true };
  });
};
