import { createApiClient } from '@collective/api-client';
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
});
