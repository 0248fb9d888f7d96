import { describe, expect, it, vi } from 'vitest';
import { createSafeStorage, type KeyValueStorage } from './safe-storage';

const throwing: KeyValueStorage = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
};

describe('createSafeStorage', () => {
  it('passes through to a working storage', () => {
    const backing = new Map<string, string>();
    const storage = createSafeStorage({
      getItem: (k) => backing.get(k) ?? null,
      setItem: (k, v) => void backing.set(k, v),
      removeItem: (k) => void backing.delete(k),
    });
    storage.setItem('token', 't');
    expect(backing.get('token')).toBe('t');
    storage.removeItem('token');
    expect(storage.getItem('token')).toBeNull();
  });

  it('keeps values in memory with one warning when the storage throws', () => {
    const warn = vi.fn();
    const storage = createSafeStorage(throwing, warn);
    storage.setItem('token', 't');
    expect(storage.getItem('token')).toBe('t');
    storage.removeItem('token');
    expect(storage.getItem('token')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/only as long as this tab/);
  });

  it('works in memory when there is no storage at all', () => {
    const storage = createSafeStorage(null);
    storage.setItem('user', '{}');
    expect(storage.getItem('user')).toBe('{}');
  });
});
