import type { Endpoint } from '@collective/api-client/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import type { LastUsedRecorder } from '../keys/api-keys';
import {
  authenticateCall,
  cachedCaller,
  type AuthenticationContext,
} from './authenticate';
import { createSessionCache } from './session-cache';
import { hashToken } from './sessions';
import type { UserRecord } from './users';

const USER: UserRecord = {
  id: 7,
  email: 'brand@pact.test',
  name: 'Brand Admin',
  role: 'brand_admin',
  status: 'active',
  member_id: 1001,
  member_code: 'B1',
  allowed_tenant_id: 1,
  is_pact_staff: false,
};

const CACHED = 'cached-session-token';

/** A context whose database must not be reached: only the session cache answers. */
function context(): AuthenticationContext {
  const sessionCache = createSessionCache();
  const lookup = sessionCache.beginLookup();
  sessionCache.set(
    hashToken(CACHED),
    USER,
    new Date(Date.now() + 3_600_000),
    lookup,
  );
  const unreachable = new Proxy(
    {},
    {
      get() {
        throw new Error('the database was asked');
      },
    },
  );
  return {
    db: unreachable as Database,
    sessionCache,
    apiKeysUsed: unreachable as LastUsedRecorder,
  };
}

function request(authorization?: string, socket: object = {}): FastifyRequest {
  return {
    headers: authorization === undefined ? {} : { authorization },
    query: {},
    caller: undefined,
    raw: { socket },
  } as unknown as FastifyRequest;
}

const reply = { header: () => reply } as unknown as FastifyReply;

describe('cachedCaller', () => {
  it('gives the caller authenticateCall gives for a session the cache holds', async () => {
    const ctx = context();
    for (const auth of [
      'session',
      'session-or-key',
      'session-if-any',
    ] as const) {
      const endpoint = { auth } as Endpoint;
      const fast = cachedCaller(ctx, endpoint, request(`Bearer ${CACHED}`));
      const slow = request(`Bearer ${CACHED}`);
      await authenticateCall(ctx, endpoint).call(
        undefined as never,
        slow,
        reply,
      );

      expect(fast).toEqual(slow.caller);
      expect(fast).toMatchObject({ user: USER, apiKeyId: null });
    }
  });

  it('answers each call of a kept-alive connection for the token that call sends', () => {
    const ctx = context();
    const endpoint = { auth: 'session' } as Endpoint;
    const connection = {};
    const first = cachedCaller(
      ctx,
      endpoint,
      request(`Bearer ${CACHED}`, connection),
    );
    expect(first).toMatchObject({ user: USER });
    expect(
      cachedCaller(ctx, endpoint, request('Bearer not-cached', connection)),
    ).toBeUndefined();
    expect(
      cachedCaller(ctx, endpoint, request(`Bearer ${CACHED}`, connection)),
    ).toBe(first);
    expect(
      cachedCaller(
        ctx,
        { auth: 'session-or-key' } as Endpoint,
        request('Bearer ck_0123456789abcdef', connection),
      ),
    ).toBeUndefined();
    expect(
      cachedCaller(ctx, endpoint, request(undefined, connection)),
    ).toBeUndefined();
    expect(
      cachedCaller(ctx, endpoint, request(`Bearer ${CACHED}`, connection)),
    ).toBe(first);
    ctx.sessionCache.forget(hashToken(CACHED));
    expect(
      cachedCaller(ctx, endpoint, request(`Bearer ${CACHED}`, connection)),
    ).toBeUndefined();
  });

  it('gives nobody for an anonymous entry, without reading the token', () => {
    expect(
      cachedCaller(context(), { auth: 'anonymous' } as Endpoint, request()),
    ).toBeNull();
  });

  it.each([
    ['no token', 'session', undefined],
    ['a token the cache does not hold', 'session', 'Bearer not-cached'],
    ['an API key', 'session-or-key', 'Bearer ck_0123456789abcdef'],
    ['another kind of entry', 'download-ticket', `Bearer ${CACHED}`],
  ])('leaves %s to the authentication hook', (_case, auth, header) => {
    expect(
      cachedCaller(context(), { auth } as unknown as Endpoint, request(header)),
    ).toBeUndefined();
  });
});
