import { endpoints } from '@collective/api-client/contract';
import { describe, expect, it } from 'vitest';
import { pathInsideApi } from './api-path';

describe('pathInsideApi', () => {
  it('strips the /api prefix from a contract path', () => {
    expect(pathInsideApi('/api/notifications/:id/read')).toBe(
      '/notifications/:id/read',
    );
  });

  it('accepts every path of the contract', () => {
    for (const endpoint of Object.values(endpoints)) {
      expect(`/api${pathInsideApi(endpoint.path)}`).toBe(endpoint.path);
    }
  });

  it.each(['/apix/auth', '/auth/me', '/api'])(
    'refuses %s, which is not below /api/',
    (path) => {
      expect(() => pathInsideApi(path)).toThrow(/does not start with \/api\//);
    },
  );
});
