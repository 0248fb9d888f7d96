import { createSafeStorage } from '@collective/auth';
import { describe, expect, it, vi } from 'vitest';
import {
  readStoredTenant,
  storeActiveTenant,
  switchTenant,
  TENANT_CHANGED_EVENT,
} from './tenant-storage';

const memory = () => createSafeStorage(null);

describe('readStoredTenant', () => {
  it.each([
    ['kiehls', 'kiehls'],
    ['pact', 'pact'],
  ])('reads %s', (stored, expected) => {
    const storage = memory();
    storage.setItem('activeTenant', stored);
    expect(readStoredTenant(storage)).toBe(expected);
  });

  it.each([
    ['KIEHLS'],
    ['<img src=x onerror=alert(1)>'],
    ['x'.repeat(10_240)],
    [''],
  ])('ignores the unknown or hostile value %#', (stored) => {
    const storage = memory();
    storage.setItem('activeTenant', stored);
    expect(readStoredTenant(storage)).toBeNull();
  });
});

describe('storeActiveTenant', () => {
  it('stores the tenant and sends tenantChanged once per change', () => {
    const storage = memory();
    const events = new EventTarget();
    const heard = vi.fn();
    events.addEventListener(TENANT_CHANGED_EVENT, (e) =>
      heard((e as CustomEvent).detail),
    );
    expect(storeActiveTenant('kiehls', storage, events)).toBe(true);
    expect(storeActiveTenant('kiehls', storage, events)).toBe(false);
    expect(storage.getItem('activeTenant')).toBe('kiehls');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledWith({ tenant: 'kiehls' });
  });

  it('replaces a hostile stored value', () => {
    const storage = memory();
    storage.setItem('activeTenant', '<script>');
    storeActiveTenant('pact', storage);
    expect(storage.getItem('activeTenant')).toBe('pact');
  });
});

describe('switchTenant', () => {
  it('stores the choice, then reloads', () => {
    const storage = memory();
    const reload = vi.fn(() =>
      expect(storage.getItem('activeTenant')).toBe('kiehls'),
    );
    switchTenant('kiehls', { storage, reload });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
