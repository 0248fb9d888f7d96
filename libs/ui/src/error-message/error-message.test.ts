import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message';

describe('errorMessage', () => {
  it("gives an Error's message, and the fallback for anything else", () => {
    expect(
      errorMessage(new Error('Could not reach the server.'), 'Try again.'),
    ).toBe('Could not reach the server.');
    expect(errorMessage(new Error(''), 'Try again.')).toBe('Try again.');
    expect(errorMessage('boom', 'Try again.')).toBe('Try again.');
    expect(errorMessage(undefined, 'Try again.')).toBe('Try again.');
    expect(errorMessage(null, 'Try again.')).toBe('Try again.');
  });

  it("prefers the server's sentence to the error's short title", () => {
    const refused = Object.assign(new Error('Forbidden'), {
      serverMessage:
        'You cannot deactivate your own account; ask another admin to do it.',
    });
    expect(errorMessage(refused, 'Try again.')).toBe(
      'You cannot deactivate your own account; ask another admin to do it.',
    );
    expect(
      errorMessage(
        Object.assign(new Error('Conflict'), { serverMessage: '' }),
        'Try again.',
      ),
    ).toBe('Conflict');
  });
});
