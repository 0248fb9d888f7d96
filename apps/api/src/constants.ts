/**
 * Limits and defaults of the reference server in one place, so the server,
 * its tests and its documentation cannot drift apart.
 */

/** A session token is valid for 12 hours after login. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** Random bytes in a session token (256 bits), sent base64url-encoded. */
export const SESSION_TOKEN_BYTES = 32;

/** Largest request body accepted, in bytes (16 KiB); larger bodies get 413. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** Port the server listens on when `API_PORT` is not set. */
export const DEFAULT_API_PORT = 3333;

/** Interface the server binds to when `API_HOST` is not set (local only). */
export const DEFAULT_API_HOST = '127.0.0.1';

/** Embedded database directory, relative to the working directory, when `PGLITE_DATA_DIR` is not set. */
export const DEFAULT_PGLITE_DATA_DIR = '.data/pglite';

/** Value of `PGLITE_DATA_DIR` that keeps the embedded database in memory only. */
export const IN_MEMORY_DATA_DIR = 'memory://';

/** The one message of every failed login, whatever the reason (decisions D11). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

/** How long a graceful shutdown may take before the process exits anyway. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;
