import type { FastifyPluginAsync } from 'fastify';
import { INVALID_CREDENTIALS_MESSAGE } from '../constants';
import {
  resourceRoutes,
  type Answer,
  type RouteServices,
} from '../http/declare-route';
import { Refusal } from '../http/error-replies';
import { bearerToken } from './authenticate';
import { throttledLoginMessage, type LoginThrottle } from './login-throttle';
import { checkPassword, dummyPasswordHash, hashPassword } from './password';
import { createSession, hashToken, revokeSession } from './sessions';
import {
  findUserByEmail,
  replacePasswordHash,
  toContractUser,
  type UserRecord,
} from './users';

/**
 * The answer of GET /api/auth/me per user record, frozen: the session cache
 * keeps one frozen record per session, so the calls of a session share one
 * answer, which the route layer then serializes once (docs/decisions/0066,
 * addendum). A changed user is a new record, hence a new answer.
 */
const meAnswers = new WeakMap<Readonly<UserRecord>, Answer<'me'>>();

/**
 * Login, current user and logout (specification §7, decisions D5 and D11).
 * Login asks the login throttle (counts in the database) before looking up
 * the account or hashing; it answers every failed attempt alike, whether or
 * not the account exists, and moves a legacy password hash to argon2id on
 * success.
 */
export function authRoutes(
  loginThrottle: LoginThrottle,
): FastifyPluginAsync<RouteServices> {
  return async (app, services) => {
    const { db, sessionCache } = services;
    // Made before the first request, so no login pays for it.
    app.addHook('onReady', async () => {
      await dummyPasswordHash();
    });

    await app.register(
      resourceRoutes({
        async login({ body, request, reply }) {
          // Keyed by the email as typed (lowercased), known or not, so a 429
          // says nothing about whether the account exists.
          const attempt = await loginThrottle.begin(
            body.email.toLowerCase(),
            request.ip,
          );
          if (!attempt.allowed) {
            request.log.warn(
              { event: 'login_throttled', limit: attempt.limit },
              'login refused: too many failed attempts',
            );
            reply.header('retry-after', String(attempt.retryAfterSeconds));
            throw new Refusal(
              429,
              throttledLoginMessage(attempt.retryAfterSeconds),
            );
          }

          const user = await findUserByEmail(db, body.email);
          // Unknown emails are checked against a dummy hash: same work, same answer.
          const check = await checkPassword(
            body.password,
            user?.password_hash ?? (await dummyPasswordHash()),
          );
          // An invited or deactivated account gets the same answer as a
          // wrong password (decisions D16), after the same work.
          if (!user || !check.matches || user.status !== 'active') {
            request.log.info({ event: 'login_failed' }, 'login failed');
            throw new Refusal(401, INVALID_CREDENTIALS_MESSAGE);
          }

          await attempt.succeeded();
          if (check.needsRehash && user.password_hash !== null) {
            // A legacy (scrypt) or older argon2id hash: store one at today's cost.
            const upgraded = await replacePasswordHash(
              db,
              user.id,
              user.password_hash,
              await hashPassword(body.password),
            );
            request.log.info(
              { event: 'password_rehashed', userId: user.id, upgraded },
              'password hash upgraded to argon2id',
            );
          }
          const session = await createSession(db, user.id);
          await db.query(
            'UPDATE users SET last_sign_in_at = now() WHERE id = $1',
            [user.id],
          );
          request.log.info(
            { event: 'login', userId: user.id },
            'login succeeded',
          );
          return { token: session.token, user: toContractUser(user) };
        },

        // Nothing to wait for: answered at once (docs/decisions/0066).
        me({ caller }) {
          let answer = meAnswers.get(caller.user);
          if (!answer) {
            answer = Object.freeze({
              success: true,
              user: Object.freeze(toContractUser(caller.user)),
            });
            meAnswers.set(caller.user, answer);
          }
          return answer;
        },

        async logout({ request }) {
          // The token is revoked whether or not it is still live.
          const token = bearerToken(request);
          if (token) {
            await revokeSession(db, token);
            sessionCache.forget(hashToken(token));
          }
          return { success: true };
        },
      }),
      services,
    );
  };
}
