import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const context = {
  cwd: '/srv/app',
  defaultDashboardDir: '/srv/app/apps/dashboard/dist',
};

/** loadConfig in {@link context}. */
const load = (env: Record<string, string>) => loadConfig(env, context);

describe('loadConfig', () => {
  it('applies the defaults to an empty environment', () => {
    expect(load({})).toEqual({
      port: 4200,
      host: '127.0.0.1',
      trustProxy: false,
      dashboard: { dir: '/srv/app/apps/dashboard/dist', required: false },
      pgliteDataDir: '/srv/app/.data/pglite',
      logLevel: 'info',
      corsOrigins: [],
      seedScale: 1,
      answerCacheEntries: 500,
    });
  });

  it('reads every variable', () => {
    const config = load({
      PORT: '8080',
      HOST: '0.0.0.0',
      TRUST_PROXY: '10.0.0.0/8, loopback',
      DASHBOARD_DIR: 'web',
      DATABASE_URL: 'postgres://u:p@db:5432/collective',
      PGLITE_DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      CORS_ORIGINS: 'https://dash.example.org, http://localhost:4200',
      SEED_SCALE: '100',
      ANSWER_CACHE_ENTRIES: '0',
      SMTP_URL: 'smtp://mailer:secret@mail.example.org:587',
      MAIL_FROM: 'Dashboard <no-reply@example.org>',
      PUBLIC_URL: 'https://dash.example.org',
      METRICS_TOKEN: '0123456789abcdef0123',
    });

    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      trustProxy: ['10.0.0.0/8', 'loopback'],
      dashboard: { dir: '/srv/app/web', required: true },
      databaseUrl: 'postgres://u:p@db:5432/collective',
      pgliteDataDir: 'memory://',
      logLevel: 'warn',
      corsOrigins: ['https://dash.example.org', 'http://localhost:4200'],
      seedScale: 100,
      answerCacheEntries: 0,
      smtpUrl: 'smtp://mailer:secret@mail.example.org:587',
      mailFrom: 'Dashboard <no-reply@example.org>',
      publicUrl: 'https://dash.example.org',
      metricsToken: '0123456789abcdef0123',
    });
  });

  it('refuses a METRICS_TOKEN shorter than 16 characters or holding spaces', () => {
    expect(() => load({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be/,
    );
    expect(() => load({ METRICS_TOKEN: '0123456789 abcdef0123' })).toThrow(
      /METRICS_TOKEN must be/,
    );
    expect(load({}).metricsToken).toBeUndefined();
  });

  it('refuses an SMTP_URL that is not smtp(s) and a PUBLIC_URL that is not an origin', () => {
    expect(() => load({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL must be/);
    expect(() => load({ PUBLIC_URL: 'https://x.org/app' })).toThrow(
      /PUBLIC_URL must be/,
    );
  });

  it('resolves a relative data directory against the working directory and keeps an absolute one', () => {
    expect(load({ PGLITE_DATA_DIR: 'var/db' }).pgliteDataDir).toBe(
      '/srv/app/var/db',
    );
    expect(load({ PGLITE_DATA_DIR: '/data/pg' }).pgliteDataDir).toBe(
      '/data/pg',
    );
  });

  it('serves the API alone with DASHBOARD_DIR=none', () => {
    expect(load({ DASHBOARD_DIR: 'none' }).dashboard).toBeNull();
  });

  it.each(['abc', '3333x', '-1', '65536', '1.5'])(
    'refuses PORT=%s with a message naming the variable',
    (port) => {
      expect(() => load({ PORT: port })).toThrow(ConfigError);
      expect(() => load({ PORT: port })).toThrow(
        /PORT must be a whole number from 0 to 65535/,
      );
    },
  );

  it.each([
    ['false', false],
    ['true', true],
    ['1', 1],
    ['127.0.0.1', ['127.0.0.1']],
    [
      '::1, 192.168.0.0/16,uniquelocal',
      ['::1', '192.168.0.0/16', 'uniquelocal'],
    ],
    ['fd00::/8', ['fd00::/8']],
  ] as const)('reads TRUST_PROXY=%s', (text, expected) => {
    expect(load({ TRUST_PROXY: text }).trustProxy).toEqual(expected);
  });

  it.each([
    'yes',
    '10.0.0.0/33',
    '10.0.0',
    'proxy.example.org',
    ',',
    '::1/129',
  ])('refuses TRUST_PROXY=%s with a message saying what it may be', (text) => {
    expect(() => load({ TRUST_PROXY: text })).toThrow(
      /TRUST_PROXY must be false, true, a hop count, or a comma-separated list/,
    );
  });

  it.each(['0', '-1', '1.5', 'large', '1001'])(
    'refuses SEED_SCALE=%s, naming the range',
    (value) => {
      expect(() => load({ SEED_SCALE: value })).toThrow(
        /SEED_SCALE must be a whole number from 1 .* to 1000/,
      );
    },
  );

  it.each(['-1', '1.5', 'none', '100001'])(
    'refuses ANSWER_CACHE_ENTRIES=%s, naming the range',
    (value) => {
      expect(() => load({ ANSWER_CACHE_ENTRIES: value })).toThrow(
        /ANSWER_CACHE_ENTRIES must be a whole number from 0 .* to 100000/,
      );
    },
  );

  it('refuses a DATABASE_URL that is not a PostgreSQL URL', () => {
    expect(() => load({ DATABASE_URL: 'mysql://db/x' })).toThrow(
      /DATABASE_URL must be a postgres:\/\//,
    );
    expect(() => load({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it.each([
    '*',
    'https://dash.example.org/',
    'https://dash.example.org/app',
    'dash.example.org',
    'ftp://dash.example.org',
    'https://DASH.example.org',
  ])('refuses CORS_ORIGINS entry %s, which is not an exact origin', (entry) => {
    expect(() =>
      load({ CORS_ORIGINS: `https://ok.example.org,${entry}` }),
    ).toThrow(/CORS_ORIGINS must list exact origins/);
  });

  it('ignores empty CORS_ORIGINS entries and repeats', () => {
    expect(
      load({
        CORS_ORIGINS: ' https://a.example.org,,https://a.example.org ,',
      }).corsOrigins,
    ).toEqual(['https://a.example.org']);
  });

  it('lists every problem at once', () => {
    try {
      load({ PORT: 'x', LOG_LEVEL: 'loud' });
      expect.unreachable('loadConfig should have thrown');
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });
});
