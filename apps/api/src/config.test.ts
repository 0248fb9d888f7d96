import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the defaults to an empty environment', () => {
    expect(loadConfig({}, '/srv/app')).toEqual({
      port: 3333,
      host: '127.0.0.1',
      pgliteDataDir: '/srv/app/.data/pglite',
      logLevel: 'info',
      corsOrigins: [],
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        API_PORT: '8080',
        API_HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://u:p@db:5432/collective',
        PGLITE_DATA_DIR: 'memory://',
        LOG_LEVEL: 'warn',
        CORS_ORIGINS: 'https://dash.example.org, http://localhost:4200',
      },
      '/srv/app',
    );

    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db:5432/collective',
      pgliteDataDir: 'memory://',
      logLevel: 'warn',
      corsOrigins: ['https://dash.example.org', 'http://localhost:4200'],
    });
  });

  it('resolves a relative data directory against the working directory and keeps an absolute one', () => {
    expect(
      loadConfig({ PGLITE_DATA_DIR: 'var/db' }, '/srv/app').pgliteDataDir,
    ).toBe('/srv/app/var/db');
    expect(
      loadConfig({ PGLITE_DATA_DIR: '/data/pg' }, '/srv/app').pgliteDataDir,
    ).toBe('/data/pg');
  });

  it.each(['abc', '3333x', '-1', '65536', '1.5'])(
    'refuses API_PORT=%s with a message naming the variable',
    (port) => {
      expect(() => loadConfig({ API_PORT: port })).toThrow(ConfigError);
      expect(() => loadConfig({ API_PORT: port })).toThrow(
        /API_PORT must be a whole number from 0 to 65535/,
      );
    },
  );

  it('refuses a DATABASE_URL that is not a PostgreSQL URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/x' })).toThrow(
      /DATABASE_URL must be a postgres:\/\//,
    );
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(
      /DATABASE_URL/,
    );
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
      loadConfig({ CORS_ORIGINS: `https://ok.example.org,${entry}` }),
    ).toThrow(/CORS_ORIGINS must list exact origins/);
  });

  it('ignores empty CORS_ORIGINS entries and repeats', () => {
    expect(
      loadConfig({
        CORS_ORIGINS: ' https://a.example.org,,https://a.example.org ,',
      }).corsOrigins,
    ).toEqual(['https://a.example.org']);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ API_PORT: 'x', LOG_LEVEL: 'loud' });
      expect.unreachable('loadConfig should have thrown');
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });
});
