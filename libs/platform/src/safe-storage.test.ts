import { describe, expect, it, vi } from 'vitest';
import { createSafeStorage } from './safe-storage';
import { throwingStorage } from './testing';

const throwing = throwingStorage();

describe('createSafeStorage', () => {
  it('passes reads and writes through to a working storage', () => {
    localStorage.clear();
    const storage = createSafeStorage(() => localStorage);
    storage.setItem('themeVariant', 'new');
    expect(localStorage.getItem('themeVariant')).toBe('new');
    expect(storage.getItem('themeVariant')).toBe('new');
    storage.removeItem('themeVariant');
    expect(localStorage.getItem('themeVariant')).toBeNull();
    expect(storage.getItem('themeVariant')).toBeNull();
  });

  it('keeps writes in memory for the page, with one warning, when the storage throws', () => {
    const warn = vi.fn();
    const storage = createSafeStorage(() => throwing, warn);
    expect(storage.getItem('token')).toBeNull();
    expect(() => storage.setItem('token', 't')).not.toThrow();
    expect(storage.getItem('token')).toBe('t');
    expect(() => storage.removeItem('token')).not.toThrow();
    expect(storage.getItem('token')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/only as long as this tab/);
  });

  it('reads other keys from the storage when only one write failed (a full quota)', () => {
    const backing = new Map([['user', '{"a":1}']]);
    const storage = createSafeStorage(
      () => ({
        getItem: (k) => backing.get(k) ?? null,
        setItem: (k, v) => {
          if (v.length > 10)
            throw new DOMException('full', 'QuotaExceededError');
          backing.set(k, v);
        },
        removeItem: (k) => void backing.delete(k),
      }),
      () => undefined,
    );
    storage.setItem('token', 'a-very-long-token');
    expect(storage.getItem('token')).toBe('a-very-long-token');
    expect(storage.getItem('user')).toBe('{"a":1}');
    storage.setItem('token', 'short');
    expect(backing.get('token')).toBe('short');
  });

  it('says which writes live only in memory and will not survive a reload', () => {
    const backing = new Map<string, string>();
    let full = true;
    const storage = createSafeStorage(
      () => ({
        getItem: (k) => backing.get(k) ?? null,
        setItem: (k, v) => {
          if (full) throw new DOMException('full', 'QuotaExceededError');
          backing.set(k, v);
        },
        removeItem: (k) => void backing.delete(k),
      }),
      () => undefined,
    );
    expect(storage.isKeptInMemory('mark')).toBe(false);
    storage.setItem('mark', '1');
    expect(storage.isKeptInMemory('mark')).toBe(true);
    full = false;
    storage.setItem('mark', '2');
    expect(storage.isKeptInMemory('mark')).toBe(false);
    expect(backing.get('mark')).toBe('2');
  });

  it('survives a storage that cannot even be reached, or does not exist', () => {
    for (const backing of [
      () => {
        throw new DOMException('denied', 'SecurityError');
      },
      () => null,
    ]) {
      const storage = createSafeStorage(backing, () => undefined);
      expect(storage.getItem('activeTenant')).toBeNull();
      storage.setItem('activeTenant', 'kiehls');
      expect(storage.getItem('activeTenant')).toBe('kiehls');
    }
  });
});
