import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearerToken } from './authenticate';

const withAuthorization = (authorization?: string) =>
  ({ headers: { authorization } }) as FastifyRequest;

describe('bearerToken', () => {
  it('reads the token of a Bearer header, whatever the case of the scheme', () => {
    expect(bearerToken(withAuthorization('Bearer abc_DEF-123'))).toBe(
      'abc_DEF-123',
    );
    expect(bearerToken(withAuthorization('bearer abc'))).toBe('abc');
  });

  it.each([
    ['no header', undefined],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['a scheme without a token', 'Bearer '],
    ['two tokens', 'Bearer abc def'],
    ['an overlong header', `Bearer ${'a'.repeat(600)}`],
  ])('finds no token in %s', (_case, header) => {
    expect(bearerToken(withAuthorization(header))).toBeNull();
  });
});
