import { test as isCommonPassword } from 'fxa-common-password-list';
import { MIN_NEW_PASSWORD_LENGTH } from '@collective/api-client/contract';
import { Refusal } from '../http/error-replies';

/**
 * Refuses a new password that breaks the rules of decisions D16 (the
 * length is also in the contract's schema, so the page says it first):
 * shorter than {@link MIN_NEW_PASSWORD_LENGTH}, one of the most common
 * passwords (Mozilla's list of the 10,000 most common, a superset of the
 * 1,000 D16 names; compared case-insensitively), or the email itself.
 */
export function checkNewPassword(password: string, email: string): void {
  if ([...password].length < MIN_NEW_PASSWORD_LENGTH) {
    throw new Refusal(
      400,
      'Password too short',
      `Choose a password of at least ${MIN_NEW_PASSWORD_LENGTH} characters; a few unrelated words make a strong one.`,
    );
  }
  const lower = password.toLowerCase();
  if (isCommonPassword(lower) || isCommonPassword(password)) {
    throw new Refusal(
      400,
      'Password too common',
      'This password is one of the most commonly used ones, which attackers try first; choose another.',
    );
  }
  if (lower === email.toLowerCase()) {
    throw new Refusal(
      400,
      'Password too easy to guess',
      'Your password must not be your email address; choose another.',
    );
  }
}
