import { ApiError } from '@collective/api-client';
import { describe, expect, it } from 'vitest';
import { loginErrorMessage } from './login-error';

describe('loginErrorMessage', () => {
  const http401 = (serverError?: string, serverMessage?: string) =>
    new ApiError({
      kind: 'http',
      path: '/api/auth/login',
      status: 401,
      serverError,
      serverMessage,
    });

  it('prefers the server error text, then its message, then "Login failed"', () => {
    expect(loginErrorMessage(http401('Bad', 'Other'))).toBe('Bad');
    expect(loginErrorMessage(http401(undefined, 'Other'))).toBe('Other');
    expect(loginErrorMessage(http401())).toBe('Login failed');
    expect(loginErrorMessage(http401('', ''))).toBe('Login failed');
  });

  it('says "Login failed" for network failures and anything unknown', () => {
    expect(
      loginErrorMessage(
        new ApiError({ kind: 'network', path: '/api/auth/login' }),
      ),
    ).toBe('Login failed');
    expect(loginErrorMessage(new Error('boom'))).toBe('Login failed');
  });
});
