/**
 * Test helpers of @collective/auth: a real session and API client over a
 * test platform, signed in as a demo account, and a render helper that
 * mounts a component inside `<AuthProvider>`. Pair them with
 * `createFakeBackend` of `@collective/api-client/testing` in an MSW server.
 * Import as `@collective/auth/testing`.
 */
import type { ApiClient } from '@collective/api-client';
import {
  DEMO_USERS,
  demoToken,
  type DemoUserKey,
} from '@collective/api-client/testing';
import { STORAGE_KEYS } from '@collective/platform';
import {
  createTestPlatform,
  type TestPlatform,
} from '@collective/platform/testing';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createSession, type Session } from '../create-session';
import { AuthProvider } from '../react/auth-provider';

/** Settings of {@link createTestSession}. */
export interface TestSessionOptions {
  /**
   * Starts as a reloaded tab of this demo account would: its token and user
   * stored, the session `restoring` until `session.restore()` runs.
   */
  signedInAs?: DemoUserKey;
  /** The platform; a fresh `createTestPlatform()` by default. */
  platform?: TestPlatform;
  /** `X-Tenant-Code` of every call; none by default. */
  tenantCode?: string;
}

/** A session of {@link createTestSession}, with its platform and its loaded API client. */
export interface TestSession extends Session {
  platform: TestPlatform;
  api: ApiClient;
}

/** Stores a demo account's token and user, as its signed-in tab leaves them. */
export function storeSignedIn(platform: TestPlatform, key: DemoUserKey): void {
  platform.storage.setItem(STORAGE_KEYS.token, demoToken(key));
  platform.storage.setItem(STORAGE_KEYS.user, JSON.stringify(DEMO_USERS[key]));
}

/**
 * The dashboard's own session wiring (`createSession`) over a test platform,
 * calling the API at the platform's origin, where a fake backend answers;
 * the API client is loaded before it returns.
 */
export async function createTestSession(
  options: TestSessionOptions = {},
): Promise<TestSession> {
  const platform = options.platform ?? createTestPlatform();
  if (options.signedInAs) storeSignedIn(platform, options.signedInAs);
  const made = createSession({
    platform,
    apiBaseUrl: platform.origin,
    getTenantCode: () => options.tenantCode ?? null,
    log: () => undefined,
  });
  return { platform, ...made, api: await made.loadApi() };
}

/**
 * Renders `ui` inside `<AuthProvider>` with a {@link createTestSession},
 * after restoring it when signed in, so the first render already shows the
 * signed-in user.
 */
export async function renderWithSession(
  ui: ReactNode,
  options: TestSessionOptions = {},
): Promise<TestSession & RenderResult> {
  const test = await createTestSession(options);
  await test.session.restore();
  const result = render(
    <AuthProvider session={test.session} api={test.api}>
      {ui}
    </AuthProvider>,
  );
  return { ...test, ...result };
}
