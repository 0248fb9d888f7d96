import { isAbsolute, resolve } from 'node:path';
import {
  DEFAULT_API_HOST,
  DEFAULT_API_PORT,
  DEFAULT_PGLITE_DATA_DIR,
  IN_MEMORY_DATA_DIR,
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

/** Settings of the server process, read once from the environment at start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL URL; when set, the embedded database is not used. */
  databaseUrl?: string;
  /** Absolute PGlite data directory, or `memory://`. */
  pgliteDataDir: string;
  logLevel: LogLevel;
  /** Exact origins allowed to call the API from a browser; empty: CORS closed. */
  corsOrigins: string[];
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

/**
 * Reads and checks the server's environment variables (`API_PORT`,
 * `API_HOST`, `DATABASE_URL`, `PGLITE_DATA_DIR`, `LOG_LEVEL`,
 * `CORS_ORIGINS`), applying the defaults. Throws a {@link ConfigError}
 * naming every bad value.
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  cwd: string = process.cwd(),
): ServerConfig {
  const problems: string[] = [];

  const portText = present(env['API_PORT']);
  const port = portText === undefined ? DEFAULT_API_PORT : Number(portText);
  if (portText !== undefined && !(/^\d+$/.test(portText) && port <= 65535)) {
    problems.push(
      `API_PORT must be a whole number from 0 to 65535, got "${portText}".`,
    );
  }

  const host = present(env['API_HOST']) ?? DEFAULT_API_HOST;

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

  if (problems.length > 0 || !logLevel) throw new ConfigError(problems);
  return {
    port,
    host,
    ...(databaseUrl ? { databaseUrl } : {}),
    pgliteDataDir,
    logLevel,
    corsOrigins,
  };
}
