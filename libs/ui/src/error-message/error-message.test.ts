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
  });
});
