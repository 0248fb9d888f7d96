import { LoginRequestSchema } from '@collective/api-client/contract';
import { describe, expect, it } from 'vitest';
import { validate } from './validation';

describe('validate', () => {
  it('returns the parsed value of valid input', () => {
    expect(
      validate(
        LoginRequestSchema,
        { email: 'a@b.test', password: 'pw' },
        'Request body',
      ),
    ).toEqual({
      ok: true,
      value: { email: 'a@b.test', password: 'pw' },
    });
  });

  it('names missing and unknown keys in one sentence', () => {
    expect(
      validate(
        LoginRequestSchema,
        { email: 'a@b.test', admin: true },
        'Request body',
      ),
    ).toEqual({
      ok: false,
      error: 'password is required; admin is not allowed',
    });
  });

  it("uses the contract's own message for a bad value", () => {
    expect(
      validate(
        LoginRequestSchema,
        { email: 'nope', password: 'pw' },
        'Request body',
      ),
    ).toEqual({
      ok: false,
      error: 'email must be an email address',
    });
  });

  it('says what the input must be when it is not an object', () => {
    expect(validate(LoginRequestSchema, 'text', 'Request body')).toEqual({
      ok: false,
      error: 'Request body must be a JSON object',
    });
  });
});
