/**
 * A Node tool of the collective calls the production server through
 * @collective/api-client: sign in with a demo account (decisions D11), read
 * the current user and the unread count, mark one notification read, sign
 * out, and see the revoked token refused. COLLECTIVE_API_URL is the server's
 * origin, set by the runner that started it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ApiError,
  createApiClient,
  isApiError,
  type ApiClient,
  type LoginResponse,
  type MeResponse,
  type Notification,
  type User,
} from '@collective/api-client';
import {
  TENANT_CODES,
  UserSchema,
  type TenantCode,
} from '@collective/api-client/contract';
import { ApiError as ApiErrorOfErrorsEntry } from '@collective/api-client/errors';

const baseUrl = process.env['COLLECTIVE_API_URL'];
const DEMO_PASSWORD = 'demo-pass-2026';

function client(onUnauthorized: () => void = () => undefined) {
  if (!baseUrl) {
    throw new Error(
      'COLLECTIVE_API_URL is not set: run this through apps/consumer-test/run-consumer-test.mjs, which starts the server.',
    );
  }
  let token: string | null = null;
  const tenant: TenantCode = 'pact';
  const api: ApiClient = createApiClient({
    baseUrl,
    getToken: () => token,
    getTenantCode: () => tenant,
    onUnauthorized,
  });
  return {
    api,
    signIn: async (email: string): Promise<LoginResponse> => {
      const session = await api.auth.login({ email, password: DEMO_PASSWORD });
      token = session.token;
      return session;
    },
  };
}

/** Misuse the types refuse; never called, only compiled. */
export function refusedByTheTypes(api: ApiClient): void {
  // @ts-expect-error -- a notification id is a number.
  void api.notifications.markRead('7');
  // @ts-expect-error -- login takes an email and a password.
  void api.auth.login({ email: 'admin@pact.test' });
  // @ts-expect-error -- only the tenants of the contract.
  const tenant: TenantCode = 'acme';
  void tenant;
}

describe('@collective/api-client against the production server', () => {
  it('signs in, reads the user and the notifications, marks one read and signs out', async () => {
    let unauthorized = 0;
    const { api, signIn } = client(() => {
      unauthorized += 1;
    });

    const session = await signIn('admin@pact.test');
    const user: User = session.user;
    assert.equal(typeof session.token, 'string');
    assert.ok(session.token.length >= 32, 'a long random token');
    assert.equal(user.email, 'admin@pact.test');
    assert.equal(user.role, 'admin');
    assert.equal(user.member_id, null);
    assert.equal(user.isPactStaff, true);

    const me: MeResponse = await api.auth.me();
    assert.deepEqual(me.user, user);

    const unread: number = await api.notifications.unreadCount();
    assert.ok(Number.isInteger(unread) && unread > 0, `unread count ${unread}`);
    const list: Notification[] = await api.notifications.list();
    const first = list.find((notification) => notification.read_at === null);
    assert.ok(first, 'an unread notification');
    await api.notifications.markRead(first.id);
    assert.equal(await api.notifications.unreadCount(), unread - 1);

    await api.auth.logout();
    await assert.rejects(api.auth.me(), (error: unknown) => {
      assert.ok(isApiError(error, 'http'));
      assert.equal(error.status, 401);
      assert.equal(error.path, '/api/auth/me');
      return true;
    });
    assert.equal(unauthorized, 1, 'onUnauthorized once for the revoked token');
  });

  it("refuses a wrong password as a failed login with the server's words", async () => {
    const { api } = client();
    const failure = await api.auth
      .login({ email: 'admin@pact.test', password: 'not-the-password' })
      .then(
        () => assert.fail('login with a wrong password succeeded'),
        (error: unknown) => error,
      );
    assert.ok(failure instanceof ApiError);
    // One ApiError class, whichever entry point it is imported from.
    assert.ok(failure instanceof ApiErrorOfErrorsEntry);
    assert.equal(failure.kind, 'http');
    assert.equal(failure.status, 401);
    assert.equal(failure.serverError, 'Invalid email or password');
  });

  it('gives the brand admin their member scope', async () => {
    const { signIn } = client();
    const { user } = await signIn('brand.admin@kiehls.test');
    assert.equal(user.member_id, 2);
    assert.equal(user.member_code, 'KIEHLS');
    assert.equal(user.allowed_tenant_id, 2);
    assert.equal(user.isPactStaff, false);
  });

  it('rejects a notification id that could leave the API path before any request', async () => {
    const { api } = client();
    await assert.rejects(api.notifications.markRead(0), RangeError);
    await assert.rejects(api.notifications.markRead(1.5), RangeError);
  });

  it('exports the contract for validating data of its own', () => {
    assert.deepEqual([...TENANT_CODES], ['pact', 'kiehls']);
    const parsed = UserSchema['~standard'].validate({
      email: 'someone@pact.test',
      role: 'viewer',
    });
    assert.ok(!(parsed instanceof Promise) && parsed.issues === undefined);
  });
});
