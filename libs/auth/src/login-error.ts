import { isApiError } from '@collective/api-client/errors';

/** Text shown when a login fails and the server gave no reason (specification §8). */
export const LOGIN_FAILED_MESSAGE = 'Login failed';

/**
 * The sign-in error rule of specification §8: the server's `error` text, else
 * its `message` text, else "Login failed" (also for network failures and
 * malformed answers).
 */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error, 'http')) {
    return error.serverError || error.serverMessage || LOGIN_FAILED_MESSAGE;
  }
  return LOGIN_FAILED_MESSAGE;
}
