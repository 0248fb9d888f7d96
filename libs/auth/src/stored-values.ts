import type { User } from '@collective/api-client';
import { readUser } from '@collective/api-client/contract';
import { MAX_STORED_VALUE_LENGTH } from './constants';

/**
 * Reads a stored user. Anything that is not a JSON object of the user's shape
 * — text that is not JSON, `"undefined"`, a huge string, wrong field types —
 * gives null. The result is a fresh object holding only the known fields, so
 * keys such as `__proto__` in the stored text never reach the app.
 */
export function parseStoredUser(raw: string | null): User | null {
  if (raw === null || raw.length > MAX_STORED_VALUE_LENGTH) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  return readUser(data);
}

/**
 * Reads a stored token: a non-empty string of printable ASCII without spaces,
 * of sane length. Anything else is treated as absent.
 */
export function parseStoredToken(raw: string | null): string | null {
  if (raw === null || raw.length === 0 || raw.length > 4096) return null;
  return /^[\x21-\x7e]+$/.test(raw) ? raw : null;
}
