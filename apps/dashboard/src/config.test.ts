import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

const origin = 'https://dashboard.example.org';

describe('readConfig', () => {
  it('uses the page origin when no API base URL is configured', () => {
    expect(readConfig({}, origin).apiBaseUrl).toBe(origin);
    expect(readConfig({ VITE_API_BASE_URL: '  ' }, origin).apiBaseUrl).toBe(
      origin,
    );
  });

  it('takes a configured absolute URL', () => {
    expect(
      readConfig({ VITE_API_BASE_URL: 'https://api.example.org/v1' }, origin)
        .apiBaseUrl,
    ).toBe('https://api.example.org/v1');
  });

  it('refuses a relative or non-http URL with a message saying how to fix it', () => {
    expect(() => readConfig({ VITE_API_BASE_URL: '/api' }, origin)).toThrow(
      /absolute http\(s\) URL/,
    );
    expect(() =>
      readConfig({ VITE_API_BASE_URL: 'javascript:alert(1)' }, origin),
    ).toThrow(/http or https/);
  });

  it('reads the build stamp with version 1.0.0 by default', () => {
    expect(
      readConfig(
        { VITE_BUILD_COMMIT: 'abc1234', VITE_BUILD_DATE: '2026-11-22' },
        origin,
      ).build,
    ).toEqual({
      version: '1.0.0',
      commit: 'abc1234',
      date: '2026-11-22',
    });
  });
});
