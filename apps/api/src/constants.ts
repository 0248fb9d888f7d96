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

/**
 * Deepest nesting of objects and arrays a JSON body may have; deeper ones
 * get 400 before any route runs. The contract's bodies are one level deep.
 */
export const MAX_JSON_DEPTH = 8;

/**
 * Port the server listens on when `PORT` is not set: the dashboard's port,
 * since in production one process serves the dashboard and the API.
 */
export const DEFAULT_PORT = 4200;

/** Interface the server binds to when `HOST` is not set (local only). */
export const DEFAULT_HOST = '127.0.0.1';

/** Where the API lives: every path at or below it is the API's, JSON only. */
export const API_PREFIX = '/api';

/**
 * `Cache-Control` of the dashboard's hashed build output (`assets/`): a new
 * build gives a changed file a new name, so a copy never needs revalidating.
 */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * `Cache-Control` of the dashboard's other files (`index.html`, the icon):
 * browsers keep them but revalidate (ETag) before each use, so a new build
 * reaches every user on the next load.
 */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/** Embedded database directory, relative to the working directory, when `PGLITE_DATA_DIR` is not set. */
export const DEFAULT_PGLITE_DATA_DIR = '.data/pglite';

/** Value of `PGLITE_DATA_DIR` that keeps the embedded database in memory only. */
export const IN_MEMORY_DATA_DIR = 'memory://';

/** The one message of every failed login, whatever the reason (decisions D11). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

/**
 * Longest wait for a request's complete headers, from its first byte (Node's
 * `headersTimeout`; 60 s by default). A connection that sends nothing at all
 * is refused after this too. A browser sends its headers in one packet.
 */
export const HEADERS_TIMEOUT_MS = 10_000;

/**
 * Longest time to receive a whole request, headers and body, from its first
 * byte (Fastify's `requestTimeout`, off by default; its documentation asks
 * for one on a server without a reverse proxy in front). The client then gets
 * 408 and the connection is closed. Bodies are at most
 * {@link BODY_LIMIT_BYTES}, seconds on the slowest mobile link; Node checks it
 * for every connection alike, so a route cannot lengthen it
 * (docs/decisions/0065-timeouts-for-slow-clients.md says what uploads need).
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Longest silence on a connection while a request is read or answered
 * (what Fastify's `connectionTimeout`, Node's `server.timeout`, would do;
 * here the server's own check, `http/connection-silence.ts`, every
 * {@link TIMEOUT_CHECK_INTERVAL_MS}): the socket is then destroyed. It
 * catches clients that stop reading an answer; a route may lengthen it for
 * its own requests with `allowSilence(request, ms)`.
 */
export const CONNECTION_TIMEOUT_MS = 60_000;

/**
 * How long a kept-alive connection may sit idle between requests before the
 * server closes it (Fastify's `keepAliveTimeout`, its default). Longer than
 * the 60 s idle timeout of common load balancers and proxies, so a proxy in
 * front never reuses a connection the server is closing; facing browsers
 * directly it bounds what each idle connection holds.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * How often Node looks for requests past {@link HEADERS_TIMEOUT_MS} or
 * {@link REQUEST_TIMEOUT_MS} (`connectionsCheckingInterval`, 30 s by
 * default, which would let a timed-out request live up to 30 s longer), and
 * the server for connections silent past {@link CONNECTION_TIMEOUT_MS}.
 */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** How long a graceful shutdown may take before the process exits anyway. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * During shutdown, how often kept-alive connections that have finished their
 * last response are closed, so shutdown does not wait for keep-alive timeouts.
 */
export const IDLE_SWEEP_INTERVAL_MS = 50;

/** Length of the sliding window in which failed logins are counted: 15 minutes. */
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Failed logins allowed per account (the lowercased email, known or not) in
 * {@link LOGIN_THROTTLE_WINDOW_MS}; the next attempt gets 429. A successful
 * login clears the account's count.
 */
export const MAX_FAILED_LOGINS_PER_ACCOUNT = 5;

/**
 * How long a successful sign-in makes its address "known" for the account
 * (90 days): from there only the account-and-address pair's failures and
 * the address's count, so guessing from elsewhere cannot lock the owner out
 * of where they usually sign in (docs/decisions/0085).
 */
export const LOGIN_KNOWN_ADDRESS_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Failed logins allowed per client address (an IPv4 address, or the /64 of
 * an IPv6 one) in {@link LOGIN_THROTTLE_WINDOW_MS}, whatever the accounts.
 */
export const MAX_FAILED_LOGINS_PER_ADDRESS = 20;

/**
 * How often each server process deletes the rows of `login_failures` whose
 * last failure has left the window (at most once per this interval, during
 * a login), so the table holds only the current window's failures.
 */
export const LOGIN_THROTTLE_SWEEP_INTERVAL_MS = 60_000;

/**
 * How long a looked-up session is reused without asking the database. A
 * logout in this process forgets it at once; a session revoked directly in
 * the database, or by another server process, stays usable here for at most
 * this long.
 */
export const SESSION_CACHE_TTL_MS = 5_000;

/** Most sessions the session cache holds; the oldest are dropped first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** Most notifications GET /api/notifications returns: the newest ones. */
export const NOTIFICATIONS_LIST_LIMIT = 100;

/** Characters of an unknown `X-Tenant-Code` value repeated in the 400 error text. */
export const MAX_ECHOED_TENANT_LENGTH = 40;

/** How long a browser may cache a CORS preflight answer (10 minutes). */
export const CORS_PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * A request taking at least this long is logged at info even when it is a
 * successful read, which are otherwise logged at debug only.
 */
export const SLOW_REQUEST_MS = 1_000;

/** Random bytes after an API key's prefix (256 bits), sent base64url-encoded. */
export const API_KEY_SECRET_BYTES = 32;

/**
 * How stale an API key's `last_used_at` may get: it is written at most once
 * per this interval per key, not on every request.
 */
export const API_KEY_LAST_USED_INTERVAL_MS = 60_000;

/** Stores per page of GET /api/stores when `page_size` is not given. */
export const DEFAULT_STORES_PAGE_SIZE = 25;

/** Stores in the dashboard summary's ranking. */
export const TOP_STORES_COUNT = 5;

/** Shipments in a store's detail: the latest ones. */
export const RECENT_SHIPMENTS_COUNT = 10;

/** Largest `SEED_SCALE`: 1,000 blocks of 72 stores, about ten million shipments. */
export const MAX_SEED_SCALE = 1_000;

/**
 * Most data answers (dashboard summaries, store pages and details) each
 * server process keeps for reuse while the data does not change; the least
 * recently used go first.
 */
export const ANSWER_CACHE_MAX_ENTRIES = 500;

/** Largest `ANSWER_CACHE_ENTRIES` accepted: answers are a few kilobytes each. */
export const MAX_ANSWER_CACHE_ENTRIES = 100_000;

/**
 * How long a server process reuses the rollups' version (and month) it
 * read last before reading it again: a change of the data made by another
 * process reaches this process's answers at most this late (this
 * process's own move to a new month, at once).
 */
export const DATA_VERSION_MAX_AGE_MS = 1_000;

/** How long GET /api/ready waits for the database's answer before saying 503. */
export const READINESS_TIMEOUT_MS = 2_000;

/** Version of the API in its OpenAPI document: the app version of specification §9. */
export const API_VERSION = '1.0.0';

/** The From address of the server's mail when `MAIL_FROM` is not set (decisions D16). */
export const DEFAULT_MAIL_FROM =
  'Collective Dashboard <no-reply@collective.test>';
