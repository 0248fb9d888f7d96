import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ECHOED_TENANT_LENGTH } from '../constants';
import { echoTenantValue } from './tenant-header';

describe('echoTenantValue', () => {
  it('keeps a short printable value as it is', () => {
    expect(echoTenantValue('acme-corp')).toBe('acme-corp');
  });

  it(`cuts a long value to ${MAX_ECHOED_TENANT_LENGTH} characters and marks the cut`, () => {
    expect(echoTenantValue('x'.repeat(500))).toBe(
      `${'x'.repeat(MAX_ECHOED_TENANT_LENGTH)}…`,
    );
  });

  it('escapes quotes, backslashes, control characters and non-ASCII text', () => {
    expect(echoTenantValue('a"b\\c\n\u00e9\u{1F600}')).toBe(
      'a\\u0022b\\u005cc\\u000a\\u00e9\\ud83d\\ude00',
    );
  });

  it('only ever returns printable ASCII without quotes, plus the cut mark', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (value) => {
        const echoed = echoTenantValue(value).replace(/…$/, '');
        expect(echoed).toMatch(/^[\x20-\x7e]*$/);
        expect(echoed).not.toContain('"');
      }),
    );
  });
});
