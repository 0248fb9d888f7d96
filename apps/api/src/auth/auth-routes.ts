import { endpoints } from '@collective/api-client/contract';
import type { FastifyPluginAsync } from 'fastify';
import { INVALID_CREDENTIALS_MESSAGE } from '../constants';
import type { Database } from '../db/database';
import { sendError } from '../http/error-replies';
import { validate } from '../http/validation';
import { authenticated, bearerToken } from './authenticate';
import { dummyPasswordHash, verifyPassword } from './password';
import { createSession, revokeSession } from './sessions';
import { findUserByEmail, toContractUser } from './users';

/** Options of {@link authRoutes}. */
export interface AuthRoutesOptions {
  db: Database;
}

/**
 * Login, current user and logout (specification §7, decisions D5 and D11).
 * Login validates the body with the contract's schema before touching the
 * database or hashing, and answers every failed attempt alike.
 */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (
  app,
  { db },
) => {
  // Made before the first request, so no login pays for it.
  app.addHook('onReady', async () => {
    await dummyPasswordHash();
  });

  app.post(endpoints.login.path, async (request, reply) => {
    const body = validate(endpoints.login.body, request.body, 'Request body');
    if (!body.ok) return sendError(reply, 400, body.error);

    const user = await findUserByEmail(db, body.value.email);
    // Unknown emails are checked against a dummy hash: same work, same answer.
    const matches = await verifyPassword(
      body.value.password,
      user?.password_hash ?? (await dummyPasswordHash()),
    );
    if (!user || !matches) {
      request.log.info({ event: 'login_failed' }, 'login failed');
      return sendError(reply, 401, INVALID_CREDENTIALS_MESSAGE);
    }

    const session = await createSession(db, user.id);
    request.log.info({ event: 'login', userId: user.id }, 'login succeeded');
    return { token: session.token, user: toContractUser(user) };
  });

  app.get(
    endpoints.me.path,
    authenticated(db, async (_request, _reply, caller) => ({
      success: true,
      user: toContractUser(caller),
    })),
  );

  app.post(endpoints.logout.path, async (request) => {
    const token = bearerToken(request);
    if (token) await revokeSession(db, token);
    return { success: true };
  });
};
