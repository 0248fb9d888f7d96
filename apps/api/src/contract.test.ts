/**
 * Contract tests: the real `@collective/api-client` (with the global fetch)
 * against the real reference server listening on a loopback port, for every
 * call of the contract and its failure paths, on each database.
 */
import {
  ApiError,
  createApiClient,
  type ApiClient,
} from '@collective/api-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from './db/database';
import {
  DEMO_MEMBERS,
  DEMO_PASSWORD,
  DEMO_UNREAD_NOTIFICATIONS,
  DEMO_USERS,
} from '@collective/api-client/demo';
import { buildServer } from './server';
import { describeOnEachDatabase } from './testing/test-databases';
import { present } from './testing/present';

describeOnEachDatabase(
  'the api-client against the reference server',
  (engine) => {
    let db: Database;
    let app: FastifyInstance;
    let baseUrl: string;

    beforeAll(async () => {
      db = await engine.open('seeded');
      app = buildServer({ db, logger: false });
      baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(async () => {
      await app?.close();
      await db?.close();
    });

    /** A client as the dashboard makes one: token and tenant read on every call. */
    function client(
      options: { token?: string | null; tenant?: string | null } = {},
    ) {
      const session = { token: options.token ?? null };
      const onUnauthorized = vi.fn(() => {
        session.token = null;
      });
      const api: ApiClient = createApiClient({
        baseUrl,
        getToken: () => session.token,
        getTenantCode: () =>
          options.tenant === undefined ? 'pact' : options.tenant,
        onUnauthorized,
      });
      return { api, session, onUnauthorized };
    }

    async function signedIn(email: string, tenant?: string) {
      const { api, session, onUnauthorized } = client({ tenant });
      const { token } = await api.auth.login({
        email,
        password: DEMO_PASSWORD,
      });
      session.token = token;
      return { api, session, onUnauthorized, token };
    }

    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => expect.unreachable('the call should have failed'),
        (error: unknown) => error,
      );

    describe('auth', () => {
      it('logs in and reads the current user', async () => {
        const { api } = client();

        const brandAdmin = DEMO_USERS.brandAdmin;
        const login = await api.auth.login({
          email: brandAdmin.email,
          password: DEMO_PASSWORD,
        });
        const { api: signed } = await signedIn(brandAdmin.email);
        const me = await signed.auth.me();

        expect(login.token).toMatch(/^[\w-]{43}$/);
        // Every field as seeded (the seed test pins them to decisions D11).
        expect(login.user).toEqual(brandAdmin);
        expect(me).toEqual({ success: true, user: login.user });
      });

      it("rejects a wrong password with an http 401 ApiError carrying the server's text, without logging out", async () => {
        const { api, onUnauthorized } = client({ token: 'previous-token' });

        const error = await failure(
          api.auth.login({ email: 'super@pact.test', password: 'wrong' }),
        );

        expect(error).toBeInstanceOf(ApiError);
        expect(error).toMatchObject({
          kind: 'http',
          status: 401,
          serverError: 'Invalid email or password',
        });
        // What the sign-in screen shows (specification §8).
        expect((error as ApiError).serverError).toBe(
          'Invalid email or password',
        );
        expect(onUnauthorized).not.toHaveBeenCalled();
      });

      it('ends the session with logout: the revoked token gets 401 and three parallel calls log out once', async () => {
        const { api, onUnauthorized, token } =
          await signedIn('admin@pact.test');
        await api.auth.me(); // now also in the server's session cache
        const other = client({ token });

        await other.api.auth.logout();
        const results = await Promise.allSettled([
          api.auth.me(),
          api.notifications.unreadCount(),
          api.members.list({ namesOnly: true }),
        ]);

        expect(results.map((result) => result.status)).toEqual([
          'rejected',
          'rejected',
          'rejected',
        ]);
        // The first 401 ends the session; an answer read after that belongs
        // to the ended session and is discarded as `session-changed`.
        const reasons = results.map(
          (result) => (result as PromiseRejectedResult).reason as ApiError,
        );
        const unauthorized = (reason: ApiError) =>
          reason.kind === 'http' &&
          reason.status === 401 &&
          reason.serverError === 'Unauthorized';
        expect(reasons.some(unauthorized)).toBe(true);
        for (const reason of reasons) {
          expect(reason).toBeInstanceOf(ApiError);
          expect(
            unauthorized(reason) || reason.kind === 'session-changed',
          ).toBe(true);
        }
        expect(onUnauthorized).toHaveBeenCalledTimes(1);
      });

      it('answers 429 with the wait in the error text after five failed logins of one account', async () => {
        const { api, onUnauthorized } = client();
        const email = 'nobody@pact.test';
        for (let i = 0; i < 5; i += 1) {
          await failure(api.auth.login({ email, password: `wrong-${i}` }));
        }

        const error = await failure(
          api.auth.login({ email, password: DEMO_PASSWORD }),
        );

        expect(error).toMatchObject({ kind: 'http', status: 429 });
        expect((error as ApiError).serverError).toBe(
          'Too many failed sign-in attempts. Try again in 15 minutes.',
        );
        expect(onUnauthorized).not.toHaveBeenCalled();
      });
    });

    describe('members', () => {
      it('gives the super admin every member with ?all=true', async () => {
        const { api } = await signedIn('super@pact.test');

        const members = await api.members.list({ all: true });

        expect(members).toEqual([...DEMO_MEMBERS].sort((a, b) => a.id - b.id));
      });

      it('refuses ?all=true to a brand user with an http 403, without logging out', async () => {
        const { api, onUnauthorized } = await signedIn('operator@kiehls.test');

        const error = await failure(api.members.list({ all: true }));

        expect(error).toMatchObject({
          kind: 'http',
          status: 403,
          serverError: 'Forbidden',
        });
        expect(onUnauthorized).not.toHaveBeenCalled();
      });

      it('gives a brand user only their own member with ?names_only=true', async () => {
        const { api } = await signedIn('operator@kiehls.test', 'kiehls');

        const members = await api.members.list({ namesOnly: true });

        expect(members).toEqual([{ id: 2, name: "Kiehl's", code: null }]);
      });
    });

    describe('notifications', () => {
      it('counts, lists and marks read the caller’s own notifications', async () => {
        const { api } = await signedIn('special.admin@member1009.test');
        const seeded = DEMO_UNREAD_NOTIFICATIONS.specialAdmin;

        const before = await api.notifications.unreadCount();
        const list = await api.notifications.list();
        const unread = present(
          list.find((item) => item.read_at === null),
          'an unread notification',
        );
        await api.notifications.markRead(unread.id);
        const after = await api.notifications.unreadCount();
        const relisted = await api.notifications.list();

        expect(before).toBe(seeded);
        expect(list.filter((item) => item.read_at === null)).toHaveLength(
          seeded,
        );
        expect(after).toBe(seeded - 1);
        expect(relisted.find((item) => item.id === unread.id)?.read_at).toEqual(
          expect.any(String),
        );
      });

      it("answers 404 to marking someone else's notification read", async () => {
        const owner = await signedIn('super@pact.test');
        const theirs = present(
          (await owner.api.notifications.list())[0],
          'a notification of the super admin',
        );
        const { api, onUnauthorized } = await signedIn('staff@pact.test');

        const error = await failure(api.notifications.markRead(theirs.id));

        expect(error).toMatchObject({ kind: 'http', status: 404 });
        expect(
          (await owner.api.notifications.list()).find(
            (item) => item.id === theirs.id,
          )?.read_at,
        ).toBe(theirs.read_at);
        expect(onUnauthorized).not.toHaveBeenCalled();
      });
    });

    describe('program data', () => {
      it('reads the dashboard summary, a page of stores and a store through the client, each validated against the contract', async () => {
        const { api } = await signedIn('admin@pact.test');

        const summary = await api.dashboard.summary({});
        const page = await api.stores.list({
          search: 'kiehl',
          sort: '-weight',
          page: 1,
          pageSize: 5,
        });
        const first = present(page.stores[0], 'a store of the page');
        const detail = await api.stores.get(first.id, {});

        expect(summary.scope).toEqual({ member_id: null, member_name: null });
        expect(summary.monthly).toHaveLength(12);
        expect(page.stores).toHaveLength(5);
        expect(page.stores.every((s) => s.member_name === "Kiehl's")).toBe(
          true,
        );
        expect(page.total).toBeGreaterThan(5);
        expect(detail.store).toEqual(first);
        expect(detail.recent_shipments.length).toBeGreaterThan(0);
      });

      it("gives a brand user their own member for another member's id, and a 404 ApiError for another member's store, without logging out", async () => {
        const admin = await signedIn('admin@pact.test');
        const lumenStore = present(
          (await admin.api.stores.list({ memberId: 3, pageSize: 1 })).stores[0],
          'a store of Lumen Skincare',
        );
        const { api, onUnauthorized } = await signedIn('operator@kiehls.test');

        const summary = await api.dashboard.summary({ memberId: 3 });
        const error = await failure(
          api.stores.get(lumenStore.id, { memberId: 3 }),
        );

        expect(summary.scope).toEqual({ member_id: 2, member_name: "Kiehl's" });
        expect(error).toMatchObject({ kind: 'http', status: 404 });
        expect(onUnauthorized).not.toHaveBeenCalled();
      });

      it("limits the kiehls tenant to Kiehl's", async () => {
        const { api } = await signedIn('staff@pact.test', 'kiehls');

        const page = await api.stores.list({ memberId: 5 });

        expect(page.scope).toEqual({ member_id: 2, member_name: "Kiehl's" });
        expect(page.stores.every((s) => s.member_id === 2)).toBe(true);
      });
    });

    describe('mark all read', () => {
      it('leaves no unread notification', async () => {
        const { api } = await signedIn('staff@pact.test');
        expect(await api.notifications.unreadCount()).toBeGreaterThan(0);

        await api.notifications.markAllRead();

        expect(await api.notifications.unreadCount()).toBe(0);
        expect(
          (await api.notifications.list()).every((n) => n.read_at !== null),
        ).toBe(true);
      });
    });

    describe('API keys', () => {
      it("creates a key, reads the owner's summary with it, is refused on /api/auth/me, and fails once revoked", async () => {
        const owner = await signedIn('brand.admin@kiehls.test');
        const created = await owner.api.keys.create('Reporting');
        const byKey = client({ token: created.secret, tenant: null });

        const listed = await owner.api.keys.list();
        const summary = await byKey.api.dashboard.summary({ memberId: 3 });
        const me = await failure(byKey.api.auth.me());
        await owner.api.keys.revoke(created.key.id);
        const revoked = await failure(
          client({ token: created.secret, tenant: null }).api.stores.list({}),
        );

        expect(listed).toContainEqual(created.key);
        expect(summary.scope).toEqual({ member_id: 2, member_name: "Kiehl's" });
        expect(me).toMatchObject({ kind: 'http', status: 401 });
        expect(revoked).toMatchObject({ kind: 'http', status: 401 });
        expect(await owner.api.keys.list()).not.toContainEqual(created.key);
      });

      it("answers 404 to revoking another user's key", async () => {
        const owner = await signedIn('special.admin@member1009.test');
        const { key } = await owner.api.keys.create('mine');
        const { api } = await signedIn('admin@pact.test');

        expect(await failure(api.keys.revoke(key.id))).toMatchObject({
          kind: 'http',
          status: 404,
        });
      });
    });

    describe('X-Tenant-Code', () => {
      it('accepts both tenants and refuses an unknown one with an http 400', async () => {
        const { token } = await signedIn('super@pact.test');

        const pact = await client({ token, tenant: 'pact' }).api.auth.me();
        const kiehls = await client({ token, tenant: 'kiehls' }).api.auth.me();
        const error = await failure(
          client({ token, tenant: 'acme' }).api.auth.me(),
        );

        expect(pact.user.email).toBe('super@pact.test');
        expect(kiehls.user.email).toBe('super@pact.test');
        expect(error).toMatchObject({
          kind: 'http',
          status: 400,
          serverError: 'Unknown tenant "acme"',
        });
      });
    });
  },
);
