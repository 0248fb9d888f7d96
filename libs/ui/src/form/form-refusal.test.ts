import { describe, expect, it } from 'vitest';
import { formRefusal, isStaleWrite } from './form-refusal';

/** A refused call as the API client throws it, by shape. */
const refused = (status: number, serverError: string, serverMessage: string) =>
  Object.assign(new Error(serverError), { status, serverError, serverMessage });

describe('formRefusal', () => {
  it('keeps 409 for a stale version, with the server’s sentence', () => {
    const stale = refused(409, 'Conflict', 'Lot 7 changed since you read it.');
    expect(isStaleWrite(stale)).toBe(true);
    expect(formRefusal(stale)).toEqual({
      status: 409,
      message: 'Lot 7 changed since you read it.',
    });
  });

  it('puts a refusal on the field named for it, else at the top, never as a 409', () => {
    const taken = refused(
      409,
      'Already a user',
      'jo@example.com has an account.',
    );
    expect(isStaleWrite(taken)).toBe(false);
    expect(
      formRefusal(taken, (title) =>
        title === 'Already a user' ? 'email' : undefined,
      ),
    ).toEqual({
      message: 'Nothing was saved: see the field marked below.',
      fields: { email: 'jo@example.com has an account.' },
    });
    expect(formRefusal(refused(403, 'Forbidden', 'Not yours.'))).toEqual({
      message: 'Not yours.',
    });
  });

  it('says nothing was saved when the failure is not a refusal', () => {
    expect(formRefusal(new TypeError('Failed to fetch'))).toEqual({
      message: 'Failed to fetch',
    });
    expect(formRefusal(undefined)).toEqual({
      message: 'Nothing was saved. Try again.',
    });
  });
});
