import { createApiClient } from '@collective/api-client';
import { DEMO_USERS } from '@collective/api-client/testing';
import { createTestPlatform, TEST_ORIGIN } from '@collective/platform/testing';
import { describe, expect, it, vi } from 'vitest';
import { createSession } from './create-session';

describe('createSession', () => {
  it('loads the API client again after its chunk failed to load, instead of failing for the page’s life', async () => {
    const loadClient = vi
      .fn()
      .mockRejectedValueOnce(
        new TypeError('Failed to fetch dynamically imported module'),
      )
      .mockResolvedValue({ createApiClient });
    const { loadApi } = createSession({
      platform: createTestPlatform(),
      apiBaseUrl: TEST_ORIGIN,
      getTenantCode: () => null,
      loadClient,
    });
    await expect(loadApi()).rejects.toThrow('dynamically imported module');
    const api = await loadApi();
    expect(api.auth.me).toBeTypeOf('function');
    // Loaded once, it is kept.
    expect(await loadApi()).toBe(api);
    expect(loadClient).toHaveBeenCalledTimes(2);
  });

  it('sends the token it ends with the logout call, though the client is loaded after the token is cleared', async () => {
    const sent: { path: string; authorization: string | null }[] = [];
    const fetch = vi.fn(
      async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        sent.push({
          path: new URL(request.url).pathname,
          authorization: request.headers.get('authorization'),
        });
        return Response.json(
          request.url.endsWith('/login')
            ? { token: 'tok-1', user: DEMO_USERS.super }
            : { success: true },
        );
      },
    );
    const { session } = createSession({
      platform: createTestPlatform(),
      apiBaseUrl: TEST_ORIGIN,
      getTenantCode: () => null,
      fetch,
    });
    await session.login({ email: 'super@pact.test', password: 'pw' });

    await session.logout();

    expect(session.getToken()).toBeNull();
    expect(sent.at(-1)).toEqual({
      path: '/api/auth/logout',
      authorization: 'Bearer tok-1',
    });
  });
});
