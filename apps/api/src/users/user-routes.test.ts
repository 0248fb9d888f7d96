import {
  AuditEventsPageSchema,
  InvitationResponseSchema,
  ManagedUserResponseSchema,
  UsersPageSchema,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../auth/sessions';
import { SESSION_CACHE_TTL_MS } from '../constants';
import { DEMO_PASSWORD } from '../db/seed';
import { describeOnEachDatabase } from '../testing/test-databases';
import {
  callWithTokens,
  signInTo,
  startTestServer,
  startTestServerBeside,
  type TestServer,
} from '../testing/test-server';

const NEW_PASSWORD = 'violet kettle harbour 42';
const DAY_MS = 24 * 60 * 60 * 1000;

describeOnEachDatabase('user management (decisions D16)', (engine) => {
  let server: TestServer;
  let clockShift = 0;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  /** Every link token, session token and API key secret the tests saw: none may reach the audit trail. */
  const secrets = new Set<string>();

  beforeAll(async () => {
    server = await startTestServer(engine, {
      clock: () => new Date(Date.now() + clockShift),
    });
    await signInTo(tokens, server, [
      'super@pact.test',
      'admin@pact.test',
      'brand.admin@kiehls.test',
      'operator@kiehls.test',
      'special.admin@member1009.test',
    ]);
    for (const row of await server.db.query<{ id: number; email: string }>(
      'SELECT id, email FROM users',
    )) {
      ids[row.email] = row.id;
    }
  });
  afterAll(() => server?.close());

  const call = callWithTokens(() => server, tokens);
  async function invite(
    who: string,
    body: {
      email: string;
      name?: string;
      role: string;
      member_id: number | null;
    },
  ) {
    return call(who, 'POST', '/api/users', { name: 'New Person', ...body });
  }
  async function invited(who: string, body: Parameters<typeof invite>[1]) {
    const response = await invite(who, body);
    expect(response.statusCode, response.body).toBe(201);
    return v.parse(InvitationResponseSchema, response.json());
  }
  const tokenOf = (link: string | null) => {
    const token = new URL(link ?? '').hash.replace('#token=', '');
    secrets.add(token);
    return token;
  };
  /** Invites a person as `who`, accepts the invitation and gives their session. */
  async function signedInInvitee(
    who: string,
    body: Parameters<typeof invite>[1],
  ) {
    const sent = await invited(who, body);
    const accepted = await call(null, 'POST', '/api/auth/accept-invitation', {
      token: tokenOf(sent.invitation.link),
      password: NEW_PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = accepted.json().token as string;
    secrets.add(session);
    return { sent, session };
  }
  async function userOf(who: string, id: number) {
    const response = await call(who, 'GET', `/api/users/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return v.parse(ManagedUserResponseSchema, response.json()).user;
  }
  async function trail(id: number) {
    const response = await call(
      'super@pact.test',
      'GET',
      `/api/audit-events?entity=user&entity_id=${id}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return v.parse(AuditEventsPageSchema, response.json()).events;
  }

  describe('invitations', () => {
    it('invites with a single-use link stored only hashed, kept in the outbox, and audited without the token', async () => {
      const sent = await invited('brand.admin@kiehls.test', {
        email: 'New.Colleague@Kiehls.test',
        role: 'brand_operator',
        member_id: 2,
      });

      expect(sent.user).toMatchObject({
        email: 'new.colleague@kiehls.test',
        role: 'brand_operator',
        member_id: 2,
        status: 'invited',
      });
      expect(sent.invitation.delivered_by).toBe('outbox');
      expect(sent.invitation.link).toMatch(
        /\/accept-invitation#token=[\w-]{43}$/,
      );
      const token = tokenOf(sent.invitation.link);
      const expires = Date.parse(sent.invitation.expires_at) - Date.now();
      expect(expires).toBeGreaterThan(7 * DAY_MS - 60_000);
      expect(expires).toBeLessThanOrEqual(7 * DAY_MS);

      const stored = await server.db.query<{ token_hash: string }>(
        'SELECT token_hash FROM user_tokens WHERE user_id = $1',
        [sent.user.id],
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]?.token_hash).not.toContain(token);
      const outbox = await call('admin@pact.test', 'GET', '/api/outbox');
      expect(outbox.statusCode).toBe(200);
      expect(outbox.body).toContain(token);
      expect(
        (await call('brand.admin@kiehls.test', 'GET', '/api/outbox'))
          .statusCode,
      ).toBe(403);

      const events = await trail(sent.user.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        action: 'invite',
        member_id: 2,
        before: null,
        after: { email: 'new.colleague@kiehls.test', status: 'invited' },
      });
      expect(JSON.stringify(events)).not.toContain(token);
    });

    it('sets a password on the public page once, signs the person in, and refuses the used link with 410', async () => {
      const sent = await invited('super@pact.test', {
        email: 'viewer.one@kiehls.test',
        role: 'brand_viewer',
        member_id: 2,
      });
      const token = tokenOf(sent.invitation.link);

      const info = await call(null, 'POST', '/api/auth/links', {
        token,
        purpose: 'invitation',
      });
      expect(info.statusCode, info.body).toBe(200);
      expect(info.json()).toMatchObject({ email: 'viewer.one@kiehls.test' });

      const short = await call(null, 'POST', '/api/auth/accept-invitation', {
        token,
        password: 'short pass',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().error).toMatch(/at least 12 characters/);
      const common = await call(null, 'POST', '/api/auth/accept-invitation', {
        token,
        password: 'Password1234',
      });
      expect(common.statusCode).toBe(400);
      expect(common.json().message).toMatch(/most commonly used/);

      const accepted = await call(null, 'POST', '/api/auth/accept-invitation', {
        token,
        password: NEW_PASSWORD,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const me = await call(accepted.json().token, 'GET', '/api/auth/me');
      expect(me.statusCode).toBe(200);
      expect(me.json().user).toMatchObject({
        role: 'brand_viewer',
        member_id: 2,
      });
      await server.login('viewer.one@kiehls.test', NEW_PASSWORD);

      const again = await call(null, 'POST', '/api/auth/accept-invitation', {
        token,
        password: NEW_PASSWORD,
      });
      expect(again.statusCode).toBe(410);
      expect(again.json().message).toMatch(/used already, has expired/);
      const events = await trail(sent.user.id);
      expect(events.map((event) => event.action)).toEqual([
        'accept_invitation',
        'invite',
      ]);
      expect(events[0]).toMatchObject({
        actor: { email: 'viewer.one@kiehls.test' },
        before: { status: 'invited' },
        after: { status: 'active' },
      });
      expect(JSON.stringify(events)).not.toContain(NEW_PASSWORD);
    });

    it('refuses an expired invitation with 410, and an invited person cannot sign in', async () => {
      const sent = await invited('super@pact.test', {
        email: 'late@kiehls.test',
        role: 'brand_viewer',
        member_id: 2,
      });
      const login = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'late@kiehls.test', password: NEW_PASSWORD },
      });
      expect(login.statusCode).toBe(401);

      clockShift = 7 * DAY_MS + 1000;
      try {
        const late = await call(null, 'POST', '/api/auth/accept-invitation', {
          token: tokenOf(sent.invitation.link),
          password: NEW_PASSWORD,
        });
        expect(late.statusCode).toBe(410);
      } finally {
        clockShift = 0;
      }
    });

    it('resends (the old link stops working) and revokes an invitation', async () => {
      const first = await invited('admin@pact.test', {
        email: 'resend@member1009.test',
        role: 'brand_operator',
        member_id: 1009,
      });
      const resent = await call(
        'admin@pact.test',
        'POST',
        `/api/users/${first.user.id}/invitation`,
      );
      expect(resent.statusCode, resent.body).toBe(200);
      const second = v.parse(InvitationResponseSchema, resent.json());
      expect(tokenOf(second.invitation.link)).not.toBe(
        tokenOf(first.invitation.link),
      );
      const old = await call(null, 'POST', '/api/auth/links', {
        token: tokenOf(first.invitation.link),
        purpose: 'invitation',
      });
      expect(old.statusCode).toBe(410);

      const revoked = await call(
        'special.admin@member1009.test',
        'DELETE',
        `/api/users/${first.user.id}/invitation`,
      );
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(revoked.json().user.status).toBe('deactivated');
      const dead = await call(null, 'POST', '/api/auth/links', {
        token: tokenOf(second.invitation.link),
        purpose: 'invitation',
      });
      expect(dead.statusCode).toBe(410);
      expect((await trail(first.user.id)).map((e) => e.action)).toEqual([
        'revoke_invitation',
        'resend_invitation',
        'invite',
      ]);
    });
  });

  describe('who may give which role', () => {
    it('answers 404 to a brand admin inviting into another member', async () => {
      const response = await invite('brand.admin@kiehls.test', {
        email: 'x1@member1009.test',
        role: 'brand_viewer',
        member_id: 1009,
      });
      expect(response.statusCode).toBe(404);
    });

    it('answers 403 to a brand admin or collective admin granting a platform admin or super admin', async () => {
      for (const [who, role, member_id] of [
        ['brand.admin@kiehls.test', 'admin', null],
        ['brand.admin@kiehls.test', 'super_admin', null],
        ['admin@pact.test', 'admin', null],
        ['admin@pact.test', 'super_admin', null],
      ] as const) {
        const response = await invite(who, {
          email: `p-${who}-${role}@pact.test`.replace(/@(?=.*@)/, '.'),
          role,
          member_id,
        });
        expect(response.statusCode, `${who} ${role}`).toBe(403);
        expect(response.json().message).toMatch(/Only the super admin/);
      }
    });

    it('lets the super admin make a platform admin, and a collective admin any brand role', async () => {
      await invited('super@pact.test', {
        email: 'platform2@pact.test',
        role: 'admin',
        member_id: null,
      });
      await invited('admin@pact.test', {
        email: 'admin2@kiehls.test',
        role: 'admin',
        member_id: 2,
      });
    });

    it('answers 403 to a brand member and 400 to a brand role without a member', async () => {
      const operator = await invite('operator@kiehls.test', {
        email: 'o1@kiehls.test',
        role: 'brand_viewer',
        member_id: 2,
      });
      expect(operator.statusCode).toBe(403);
      const memberless = await invite('super@pact.test', {
        email: 'o2@kiehls.test',
        role: 'brand_viewer',
        member_id: null,
      });
      expect(memberless.statusCode).toBe(400);
    });

    it('shows a brand admin only their member, and another member’s user is 404 for reads and writes', async () => {
      const list = await call('brand.admin@kiehls.test', 'GET', '/api/users');
      expect(list.statusCode, list.body).toBe(200);
      const page = v.parse(UsersPageSchema, list.json());
      expect(page.users.length).toBeGreaterThan(0);
      expect(page.users.every((user) => user.member_id === 2)).toBe(true);

      const other = ids['special.admin@member1009.test'] as number;
      expect(
        (await call('brand.admin@kiehls.test', 'GET', `/api/users/${other}`))
          .statusCode,
      ).toBe(404);
      for (const [method, url, body] of [
        ['PATCH', `/api/users/${other}`, { version: 1, role: 'brand_viewer' }],
        ['POST', `/api/users/${other}/deactivate`, { version: 1 }],
        ['POST', `/api/users/${other}/password-reset`, undefined],
        ['POST', `/api/users/${other}/sign-out`, undefined],
      ] as const) {
        const response = await call(
          'brand.admin@kiehls.test',
          method,
          url,
          body,
        );
        expect(response.statusCode, url).toBe(404);
      }
    });

    it('applies a role change to the person’s next request on this instance, not only after the session cache’s 5 s', async () => {
      const { sent, session } = await signedInInvitee(
        'brand.admin@kiehls.test',
        { email: 'promoted@kiehls.test', role: 'brand_operator', member_id: 2 },
      );
      const id = sent.user.id as number;
      const users = () => call(session, 'GET', '/api/users');
      expect((await users()).statusCode).toBe(403); // the session is now cached
      const change = async (role: string) => {
        const { version } = await userOf('admin@pact.test', id);
        const answer = await call(
          'admin@pact.test',
          'PATCH',
          `/api/users/${id}`,
          {
            version,
            role,
          },
        );
        expect(answer.statusCode, answer.body).toBe(200);
      };
      await change('admin');
      expect((await users()).statusCode).toBe(200);
      await change('brand_operator');
      expect((await users()).statusCode).toBe(403);
    });

    it('answers 403 to a collective admin changing a platform admin', async () => {
      const target = ids['staff@pact.test'] as number;
      const response = await call(
        'admin@pact.test',
        'POST',
        `/api/users/${target}/deactivate`,
        {
          version: 1,
        },
      );
      expect(response.statusCode).toBe(403);
    });
  });

  describe('self and last-admin protection', () => {
    it('refuses a brand admin deactivating or demoting themselves with a clear message', async () => {
      const self = ids['brand.admin@kiehls.test'] as number;
      const deactivate = await call(
        'brand.admin@kiehls.test',
        'POST',
        `/api/users/${self}/deactivate`,
        { version: 1 },
      );
      expect(deactivate.statusCode).toBe(403);
      expect(deactivate.json().message).toMatch(
        /cannot deactivate your own account/,
      );
      const demote = await call(
        'brand.admin@kiehls.test',
        'PATCH',
        `/api/users/${self}`,
        {
          version: 1,
          role: 'brand_viewer',
        },
      );
      expect(demote.statusCode).toBe(403);
      expect(demote.json().message).toMatch(
        /cannot change the role of your own account/,
      );
    });

    it('refuses removing the last active admin of a member', async () => {
      const only = ids['special.admin@member1009.test'] as number;
      const demote = await call(
        'admin@pact.test',
        'PATCH',
        `/api/users/${only}`,
        {
          version: 1,
          role: 'brand_operator',
        },
      );
      expect(demote.statusCode, demote.body).toBe(409);
      expect(demote.json().message).toMatch(/last active admin/);
      const deactivate = await call(
        'admin@pact.test',
        'POST',
        `/api/users/${only}/deactivate`,
        {
          version: 1,
        },
      );
      expect(deactivate.statusCode).toBe(409);
      expect((await userOf('admin@pact.test', only)).status).toBe('active');
    });

    it('refuses demoting or deactivating the last active super admin, even for a super admin whose old role another instance still holds', async () => {
      // One request at a time nobody reaches this rule: only a super admin
      // manages a super admin, never their own account. It holds when two
      // super admins demote each other: one demoted on this instance still
      // acts as super admin on another for up to SESSION_CACHE_TTL_MS.
      const first = ids['super@pact.test'] as number;
      const { sent: second, session } = await signedInInvitee(
        'super@pact.test',
        {
          email: 'second.super@pact.test',
          role: 'super_admin',
          member_id: null,
        },
      );

      vi.useFakeTimers({ toFake: ['Date'] });
      const other = await startTestServerBeside(engine, server);
      try {
        const me = await other.get('/api/auth/me', session);
        expect(me.json().user.role).toBe('super_admin');
        const demoted = await call(
          'super@pact.test',
          'PATCH',
          `/api/users/${second.user.id}`,
          {
            version: (await userOf('super@pact.test', second.user.id)).version,
            role: 'admin',
            member_id: null,
          },
        );
        expect(demoted.statusCode, demoted.body).toBe(200);

        const { version } = await userOf('super@pact.test', first);
        const asSecond = (url: string, payload: object, method = 'POST') =>
          other.app.inject({
            method: method as 'POST' | 'PATCH',
            url,
            headers: { authorization: `Bearer ${session}` },
            payload,
          });
        const demote = await asSecond(
          `/api/users/${first}`,
          { version, role: 'admin', member_id: null },
          'PATCH',
        );
        expect(demote.statusCode, demote.body).toBe(409);
        expect(demote.json().message).toBe(
          'This is the last active super admin; make another user super admin first.',
        );
        const deactivate = await asSecond(`/api/users/${first}/deactivate`, {
          version,
        });
        expect(deactivate.statusCode, deactivate.body).toBe(409);
        expect(deactivate.json().message).toMatch(/last active super admin/);
      } finally {
        vi.useRealTimers();
        await other.close();
      }
      expect(await userOf('super@pact.test', first)).toMatchObject({
        role: 'super_admin',
        status: 'active',
      });
      expect((await trail(first)).map((event) => event.action)).not.toContain(
        'deactivate',
      );
    });

    it('refuses a stale edit with 409 and the current user', async () => {
      const target = ids['operator@kiehls.test'] as number;
      const renamed = await call(
        'admin@pact.test',
        'PATCH',
        `/api/users/${target}`,
        {
          version: 1,
          name: 'Olive Operator',
        },
      );
      expect(renamed.statusCode, renamed.body).toBe(200);
      const stale = await call(
        'admin@pact.test',
        'PATCH',
        `/api/users/${target}`,
        {
          version: 1,
          name: 'Someone Else',
        },
      );
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current).toMatchObject({
        name: 'Olive Operator',
        version: 2,
      });
      const events = await trail(target);
      expect(events[0]).toMatchObject({
        action: 'update',
        before: { version: 1 },
        after: { name: 'Olive Operator', version: 2 },
      });
    });
  });

  describe('deactivation, password reset and signing out everywhere', () => {
    it('ends a deactivated user’s sessions and API keys at once on this instance and within 5 s on another; reactivation lets them sign in again', async () => {
      const email = 'deact@kiehls.test';
      const { sent, session } = await signedInInvitee(
        'brand.admin@kiehls.test',
        { email, role: 'brand_operator', member_id: 2 },
      );
      const key = await call(session, 'POST', '/api/keys', { name: 'script' });
      expect(key.statusCode, key.body).toBe(201);
      const secret = key.json().secret as string;
      secrets.add(secret);

      vi.useFakeTimers({ toFake: ['Date'] });
      const other = await startTestServerBeside(engine, server);
      try {
        expect((await other.get('/api/auth/me', session)).statusCode).toBe(200);
        expect(
          (await other.get('/api/dashboard/summary', secret)).statusCode,
        ).toBe(200);

        const version = (await userOf('brand.admin@kiehls.test', sent.user.id))
          .version;
        const deactivated = await call(
          'brand.admin@kiehls.test',
          'POST',
          `/api/users/${sent.user.id}/deactivate`,
          { version },
        );
        expect(deactivated.statusCode, deactivated.body).toBe(200);

        expect((await call(session, 'GET', '/api/auth/me')).statusCode).toBe(
          401,
        );
        expect(
          (await call(secret, 'GET', '/api/dashboard/summary')).statusCode,
        ).toBe(401);
        expect(
          (await other.get('/api/dashboard/summary', secret)).statusCode,
        ).toBe(401);
        vi.setSystemTime(Date.now() + SESSION_CACHE_TTL_MS);
        expect((await other.get('/api/auth/me', session)).statusCode).toBe(401);
      } finally {
        vi.useRealTimers();
        await other.close();
      }
      const refused = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: NEW_PASSWORD },
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error).toBe('Invalid email or password');

      const [event] = await trail(sent.user.id);
      expect(event).toMatchObject({
        action: 'deactivate',
        before: { status: 'active' },
        after: {
          status: 'deactivated',
          sessions_ended: 1,
          api_keys_revoked: 1,
        },
      });

      const version = (await userOf('admin@pact.test', sent.user.id)).version;
      const reactivated = await call(
        'admin@pact.test',
        'POST',
        `/api/users/${sent.user.id}/reactivate`,
        { version },
      );
      expect(reactivated.statusCode, reactivated.body).toBe(200);
      const events = await trail(sent.user.id);
      expect(events.filter((e) => e.action === 'reactivate')).toHaveLength(1);
      expect(events[0]).toMatchObject({
        action: 'reactivate',
        actor: { email: 'admin@pact.test' },
        before: { status: 'deactivated', version },
        after: { status: 'active', version: version + 1 },
      });
      await server.login(email, NEW_PASSWORD);
    });

    it('sends a single-use, one-hour reset link that sets a new password and ends every session', async () => {
      const target = ids['operator@kiehls.test'] as number;
      const before = await server.login('operator@kiehls.test');
      const sent = await call(
        'brand.admin@kiehls.test',
        'POST',
        `/api/users/${target}/password-reset`,
      );
      expect(sent.statusCode, sent.body).toBe(200);
      const link = sent.json().reset.link as string;
      expect(link).toMatch(/\/reset-password#token=/);
      const expires = Date.parse(sent.json().reset.expires_at) - Date.now();
      expect(expires).toBeLessThanOrEqual(60 * 60 * 1000);
      expect(expires).toBeGreaterThan(59 * 60 * 1000);

      const reset = await call(null, 'POST', '/api/auth/reset-password', {
        token: tokenOf(link),
        password: NEW_PASSWORD,
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await call(before, 'GET', '/api/auth/me')).statusCode).toBe(401);
      const again = await call(null, 'POST', '/api/auth/reset-password', {
        token: tokenOf(link),
        password: 'another long passphrase',
      });
      expect(again.statusCode).toBe(410);
      tokens['operator@kiehls.test'] = await server.login(
        'operator@kiehls.test',
        NEW_PASSWORD,
      );
      const events = await trail(target);
      expect(events.slice(0, 2).map((e) => e.action)).toEqual([
        'reset_password',
        'send_password_reset',
      ]);
      expect(JSON.stringify(events)).not.toContain(tokenOf(link));
    });

    it('stores a reset link only hashed, and refuses it with 410 and a clear message once its hour is over', async () => {
      const target = ids['operator@kiehls.test'] as number;
      const sent = await call(
        'brand.admin@kiehls.test',
        'POST',
        `/api/users/${target}/password-reset`,
      );
      expect(sent.statusCode, sent.body).toBe(200);
      const token = tokenOf(sent.json().reset.link);
      const open = await server.db.query<{ token_hash: string }>(
        `SELECT token_hash FROM user_tokens
          WHERE user_id = $1 AND purpose = 'password_reset'
            AND used_at IS NULL AND revoked_at IS NULL`,
        [target],
      );
      expect(open.map((row) => row.token_hash)).toEqual([hashToken(token)]);
      const everyLink = await server.db.query('SELECT * FROM user_tokens');
      expect(JSON.stringify(everyLink)).not.toContain(token);

      clockShift = 60 * 60 * 1000 + 1000;
      try {
        for (const [url, body] of [
          ['/api/auth/links', { token, purpose: 'password_reset' }],
          [
            '/api/auth/reset-password',
            { token, password: 'another long passphrase' },
          ],
        ] as const) {
          const late = await call(null, 'POST', url, body);
          expect(late.statusCode, url).toBe(410);
          expect(late.json().message, url).toBe(
            'This password-reset link was used already or has expired. Ask your administrator to send a new one.',
          );
        }
      } finally {
        clockShift = 0;
      }
      // The password stays as the previous reset set it.
      await server.login('operator@kiehls.test', NEW_PASSWORD);
    });

    it('signs a user out everywhere', async () => {
      const target = ids['special.admin@member1009.test'] as number;
      const one = await server.login('special.admin@member1009.test');
      const ended = await call(
        'super@pact.test',
        'POST',
        `/api/users/${target}/sign-out`,
      );
      expect(ended.statusCode, ended.body).toBe(200);
      expect((await call(one, 'GET', '/api/auth/me')).statusCode).toBe(401);
      expect(
        (await call('special.admin@member1009.test', 'GET', '/api/auth/me'))
          .statusCode,
      ).toBe(401);
      tokens['special.admin@member1009.test'] = await server.login(
        'special.admin@member1009.test',
      );
      const [event] = await trail(target);
      expect(event?.action).toBe('sign_out_everywhere');
    });
  });

  describe("each user's audit trail", () => {
    it('shows a brand admin the history of their member’s user, and answers 404 for another member’s user or none', async () => {
      const target = ids['operator@kiehls.test'] as number;
      const current = await userOf('brand.admin@kiehls.test', target);
      const renamed = await call(
        'brand.admin@kiehls.test',
        'PATCH',
        `/api/users/${target}`,
        { version: current.version, name: 'Operator Renamed' },
      );
      expect(renamed.statusCode, renamed.body).toBe(200);
      const other = ids['special.admin@member1009.test'] as number;
      await call('super@pact.test', 'POST', `/api/users/${other}/sign-out`);

      const own = await call(
        'brand.admin@kiehls.test',
        'GET',
        `/api/audit-events?entity=user&entity_id=${target}`,
      );
      expect(own.statusCode, own.body).toBe(200);
      const events = v.parse(AuditEventsPageSchema, own.json()).events;
      expect(events[0]).toMatchObject({
        action: 'update',
        entity: 'user',
        entity_id: String(target),
        member_id: 2,
        before: { name: current.name },
        after: { name: 'Operator Renamed' },
      });
      expect(
        events.every(
          (event) =>
            event.entity === 'user' &&
            event.entity_id === String(target) &&
            event.member_id === 2,
        ),
      ).toBe(true);

      for (const id of [String(other), '999999', 'not-a-user']) {
        const refused = await call(
          'brand.admin@kiehls.test',
          'GET',
          `/api/audit-events?entity=user&entity_id=${id}`,
        );
        expect(refused.statusCode, id).toBe(404);
      }
      const [seen] = await trail(other);
      expect(seen?.action).toBe('sign_out_everywhere');
    });
  });

  describe('the audit trail after every write above', () => {
    it('holds no password, password hash, session or link token, token hash or API key secret in any event', async () => {
      const events = await server.db.query<{
        id: number;
        entity: string;
        action: string;
        before: unknown;
        after: unknown;
      }>('SELECT id, entity, action, before, after FROM audit_events');
      const stored = await server.db.query<{ secret: string }>(
        `SELECT password_hash AS secret FROM users WHERE password_hash IS NOT NULL
         UNION ALL SELECT token_hash FROM user_tokens
         UNION ALL SELECT token_hash FROM sessions
         UNION ALL SELECT key_hash FROM api_keys`,
      );
      for (const token of Object.values(tokens)) secrets.add(token);
      // What the tests above wrote: enough to make the sweep mean something.
      expect(events.length).toBeGreaterThan(20);
      expect(secrets.size).toBeGreaterThan(15);
      expect(stored.some((row) => row.secret.startsWith('$argon2id$'))).toBe(
        true,
      );
      expect(
        events.some((event) => event.entity === 'api_key'),
        'an API key event',
      ).toBe(true);

      const forbidden = [
        NEW_PASSWORD,
        DEMO_PASSWORD,
        'another long passphrase',
        ...secrets,
        ...stored.map((row) => row.secret),
      ];
      const leaks = events.flatMap((event) => {
        const text = JSON.stringify([event.before, event.after]);
        const found = forbidden.filter((secret) => text.includes(secret));
        if (text.includes('$argon2')) found.push('an argon2 hash');
        if (/ck_[\da-f]{8}_/.test(text)) found.push('an API key secret');
        return found.map(
          (secret) => `${event.entity} ${event.action} #${event.id}: ${secret}`,
        );
      });
      expect(leaks).toEqual([]);
    });
  });
});
