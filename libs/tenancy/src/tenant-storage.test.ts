import { createTestPlatform } from '@collective/platform/testing';
import { describe, expect, it } from 'vitest';
import { readStoredTenant, storeActiveTenant } from './tenant-storage';

describe('readStoredTenant', () => {
  it.each([
    ['kiehls', 'kiehls'],
    ['pact', 'pact'],
  ])('reads %s', (stored, expected) => {
    const { storage } = createTestPlatform({
      storage: { activeTenant: stored },
    });
    expect(readStoredTenant(storage)).toBe(expected);
  });

  it.each([
    ['KIEHLS'],
    ['<img src=x onerror=alert(1)>'],
    ['pact\r\nX-Evil: 1'],
    ['x'.repeat(10_240)],
    [''],
  ])('ignores the unknown or hostile value %#', (stored) => {
    const { storage } = createTestPlatform({
      storage: { activeTenant: stored },
    });
    expect(readStoredTenant(storage)).toBeNull();
  });
});

describe('storeActiveTenant', () => {
  it('stores the tenant and sends tenantChanged once per change', () => {
    const platform = createTestPlatform();
    expect(storeActiveTenant('kiehls', platform)).toBe(true);
    expect(storeActiveTenant('kiehls', platform)).toBe(false);
    expect(platform.stored.get('activeTenant')).toBe('kiehls');
    expect(platform.emitted).toEqual([
      { name: 'tenantChanged', detail: { tenant: 'kiehls' } },
    ]);
  });

  it('replaces a hostile stored value', () => {
    const platform = createTestPlatform({
      storage: { activeTenant: '<script>' },
    });
    storeActiveTenant('pact', platform);
    expect(platform.stored.get('activeTenant')).toBe('pact');
  });
});
