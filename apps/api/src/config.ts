import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import {
  DEFAULT_HOST,
  DEFAULT_PGLITE_DATA_DIR,
  DEFAULT_PORT,
  IN_MEMORY_DATA_DIR,
  MAX_SEED_SCALE,
  ANSWER_CACHE_MAX_ENTRIES,
  MAX_ANSWER_CACHE_ENTRIES,
} from './constants';

/** Pino log levels accepted in `LOG_LEVEL`. */
export const LOG_LEVELS = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
] as const;
/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Which proxies' `X-Forwarded-For` (and `-Proto`, `-Host`) headers to believe
 * (Fastify's `trustProxy`): `false` (none: the client is the TCP peer),
 * `true` (any: only when nothing but the proxy can reach the server), a hop
 * count, or the proxies' addresses and CIDR ranges.
 */
export type TrustProxy = boolean | number | string[];

/** Where the built dashboard is, and whether it must be there. */
export interface DashboardLocation {
  /** Absolute path of the folder holding `index.html` and `assets/`. */
  dir: string;
  /**
   * `true` when `DASHBOARD_DIR` named it, so a missing build stops the
   * server; `false` for the default location, where a missing build means
   * the server serves the API alone.
   */
  required: boolean;
}

/** Settings of the server process, read once from the environment at start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Proxies whose forwarding headers give the client address; `false` by default. */
  trustProxy: TrustProxy;
  /** The built dashboard to serve beside the API; `null` (`DASHBOARD_DIR=none`): the API alone. */
  dashboard: DashboardLocation | null;
  /** PostgreSQL URL; when set, the embedded database is not used. */
  databaseUrl?: string;
  /** Absolute PGlite data directory, or `memory://`. */
  pgliteDataDir: string;
  logLevel: LogLevel;
  /** Exact origins allowed to call the API from a browser; empty: CORS closed. */
  corsOrigins: string[];
  /**
   * Size of the demo data seeded into an empty database: blocks of 72
   * stores (`SEED_SCALE`, 1 by default; 100 makes about a million shipments).
   */
  seedScale: number;
  /**
   * Most data answers kept for reuse (`ANSWER_CACHE_ENTRIES`,
   * `ANSWER_CACHE_MAX_ENTRIES` by default; 0 turns the cache off).
   */
  answerCacheEntries: number;
  /** `SMTP_URL` (`smtp://` or `smtps://`): mail goes through SMTP; absent: kept in the outbox (decisions D16). */
  smtpUrl?: string;
  /** `MAIL_FROM`: the From address of the server's mail. */
  mailFrom?: string;
  /** `PUBLIC_URL`: the dashboard's origin used in links in mail; absent: each request's own origin. */
  publicUrl?: string;
  /** `METRICS_TOKEN`: GET /api/metrics asks for it as a bearer token; absent: it answers loopback only. */
  metricsToken?: string;
}

/** The environment held one or more invalid values; the message lists each and how to fix it. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * Splits `CORS_ORIGINS` (comma-separated) into exact origins, reporting each
 * entry that is not one: `*`, a path, a trailing slash, another scheme.
 */
function readCorsOrigins(
  text: string | undefined,
  problems: string[],
): string[] {
  const entries = (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const origins: string[] = [];
  for (const entry of entries) {
    let origin: string | undefined;
    try {
      const url = new URL(entry);
      if (url.protocol === 'http:' || url.protocol === 'https:') {
        origin = url.origin;
      }
    } catch {
      origin = undefined;
    }
    if (origin === entry) {
      origins.push(origin);
    } else {
      problems.push(
        `CORS_ORIGINS must list exact origins such as https://dashboard.example.org or http://localhost:4200 (scheme, host and port; no path, no trailing slash, no *), got "${entry}".`,
      );
    }
  }
  return [...new Set(origins)];
}

/** Value of `DASHBOARD_DIR` that serves the API alone (development, where Vite serves the pages). */
export const NO_DASHBOARD = 'none';

/** Named ranges `proxy-addr` (Fastify's `trustProxy`) understands. */
const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether `entry` is an IP address or CIDR range such as `10.0.0.0/8`. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return (
    /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
  );
}

/**
 * Reads `TRUST_PROXY`: unset or `false` trusts no proxy, `true` every one, a
 * whole number that many hops, anything else a comma-separated list of
 * addresses, CIDR ranges and the names loopback, linklocal, uniquelocal.
 */
function readTrustProxy(
  text: string | undefined,
  problems: string[],
): TrustProxy {
  if (text === undefined || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const bad = entries.filter(
    (entry) => !NAMED_PROXY_RANGES.has(entry) && !isAddressOrRange(entry),
  );
  if (bad.length > 0 || entries.length === 0) {
    problems.push(
      `TRUST_PROXY must be false, true, a hop count, or a comma-separated list of proxy addresses and CIDR ranges (e.g. 10.0.0.0/8,loopback), got "${text}".`,
    );
  }
  return entries;
}

/** Where {@link loadConfig} resolves relative paths and finds the dashboard by default. */
export interface ConfigContext {
  /** Directory relative `PGLITE_DATA_DIR` and `DASHBOARD_DIR` values are resolved against. */
  cwd: string;
  /** The built dashboard's folder when `DASHBOARD_DIR` is not set. */
  defaultDashboardDir: string;
}

/**
 * Reads and checks the server's environment variables (`PORT`, `HOST`,
 * `TRUST_PROXY`, `DASHBOARD_DIR`, `DATABASE_URL`, `PGLITE_DATA_DIR`,
 * `LOG_LEVEL`, `CORS_ORIGINS`, `SEED_SCALE`, `ANSWER_CACHE_ENTRIES`,
 * `SMTP_URL`, `MAIL_FROM`, `PUBLIC_URL`, `METRICS_TOKEN`),
 * applying the defaults. Throws a
 * {@link ConfigError} naming every bad value.
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  context: ConfigContext,
): ServerConfig {
  const { cwd } = context;
  const problems: string[] = [];

  const portText = present(env['PORT']);
  const port = portText === undefined ? DEFAULT_PORT : Number(portText);
  if (portText !== undefined && !(/^\d+$/.test(portText) && port <= 65535)) {
    problems.push(
      `PORT must be a whole number from 0 to 65535, got "${portText}".`,
    );
  }

  const host = present(env['HOST']) ?? DEFAULT_HOST;

  const trustProxy = readTrustProxy(present(env['TRUST_PROXY']), problems);

  const dashboardText = present(env['DASHBOARD_DIR']);
  const dashboard: DashboardLocation | null =
    dashboardText === undefined
      ? { dir: context.defaultDashboardDir, required: false }
      : dashboardText === NO_DASHBOARD
        ? null
        : { dir: resolve(cwd, dashboardText), required: true };

  const databaseUrl = present(env['DATABASE_URL']);
  if (databaseUrl !== undefined) {
    let protocol: string | undefined;
    try {
      protocol = new URL(databaseUrl).protocol;
    } catch {
      protocol = undefined;
    }
    if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
      problems.push(
        'DATABASE_URL must be a postgres:// or postgresql:// URL, e.g. postgres://user:password@localhost:5432/collective.',
      );
    }
  }

  const dataDirText =
    present(env['PGLITE_DATA_DIR']) ?? DEFAULT_PGLITE_DATA_DIR;
  const pgliteDataDir =
    dataDirText.startsWith(IN_MEMORY_DATA_DIR) || isAbsolute(dataDirText)
      ? dataDirText
      : resolve(cwd, dataDirText);

  const levelText = present(env['LOG_LEVEL']) ?? 'info';
  const logLevel = LOG_LEVELS.find((level) => level === levelText);
  if (!logLevel) {
    problems.push(
      `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${levelText}".`,
    );
  }

  const corsOrigins = readCorsOrigins(present(env['CORS_ORIGINS']), problems);

  const scaleText = present(env['SEED_SCALE']);
  const seedScale = scaleText === undefined ? 1 : Number(scaleText);
  if (
    scaleText !== undefined &&
    !(/^\d+$/.test(scaleText) && seedScale >= 1 && seedScale <= MAX_SEED_SCALE)
  ) {
    problems.push(
      `SEED_SCALE must be a whole number from 1 (the demo data, 72 stores) to ${MAX_SEED_SCALE}; 100 gives about a million shipments. Got "${scaleText}".`,
    );
  }

  const cacheText = present(env['ANSWER_CACHE_ENTRIES']);
  const answerCacheEntries =
    cacheText === undefined ? ANSWER_CACHE_MAX_ENTRIES : Number(cacheText);
  if (
    cacheText !== undefined &&
    !(/^\d+$/.test(cacheText) && answerCacheEntries <= MAX_ANSWER_CACHE_ENTRIES)
  ) {
    problems.push(
      `ANSWER_CACHE_ENTRIES must be a whole number from 0 (no answer cache) to ${MAX_ANSWER_CACHE_ENTRIES}; the default is ${ANSWER_CACHE_MAX_ENTRIES}. Got "${cacheText}".`,
    );
  }

  const smtpUrl = present(env['SMTP_URL']);
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^\s]+$/.test(smtpUrl)) {
    problems.push(
      'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587; leave it unset to keep mail in the outbox.',
    );
  }
  const mailFrom = present(env['MAIL_FROM']);
  const publicUrl = present(env['PUBLIC_URL']);
  if (publicUrl !== undefined && !/^https?:\/\/[^\s/]+\/?$/.test(publicUrl)) {
    problems.push(
      `PUBLIC_URL must be the dashboard's origin, e.g. https://dashboard.example.com; got "${publicUrl}".`,
    );
  }

  const metricsToken = present(env['METRICS_TOKEN']);
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,}$/.test(metricsToken)) {
    problems.push(
      'METRICS_TOKEN must be at least 16 printable characters without spaces (e.g. from `openssl rand -hex 24`); leave it unset to serve /api/metrics to the local machine only.',
    );
  }

  if (problems.length > 0 || !logLevel) throw new ConfigError(problems);
  return {
    port,
    host,
    trustProxy,
    dashboard,
    ...(databaseUrl ? { databaseUrl } : {}),
    pgliteDataDir,
    logLevel,
    corsOrigins,
    seedScale,
    answerCacheEntries,
    ...(smtpUrl ? { smtpUrl } : {}),
    ...(mailFrom ? { mailFrom } : {}),
    ...(publicUrl ? { publicUrl } : {}),
    ...(metricsToken ? { metricsToken } : {}),
  };
}
