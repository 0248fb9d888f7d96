import { describe, expect, it } from 'vitest';
import { safeStorage, type ThemeStorage } from './storage';

const throwing: ThemeStorage = {
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

describe('safeStorage', () => {
  it('passes reads and writes through to a working storage', () => {
    localStorage.clear();
    const storage = safeStorage(() => localStorage);
    storage.setItem('themeVariant', 'new');
    expect(localStorage.getItem('themeVariant')).toBe('new');
    expect(storage.getItem('themeVariant')).toBe('new');
    storage.removeItem('themeVariant');
    expect(localStorage.getItem('themeVariant')).toBeNull();
  });

  it('reads null from a storage that throws, and keeps writes for the page', () => {
    const storage = safeStorage(() => throwing);
    expect(storage.getItem('themeVariant')).toBeNull();
    expect(() => storage.setItem('themeVariant', 'modern')).not.toThrow();
    expect(storage.getItem('themeVariant')).toBe('modern');
    expect(() => storage.removeItem('themeVariant')).not.toThrow();
    expect(storage.getItem('themeVariant')).toBeNull();
  });

  it('survives a storage that cannot even be reached', () => {
    const storage = safeStorage(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(storage.getItem('activeTenant')).toBeNull();
    storage.setItem('activeTenant', 'kiehls');
    expect(storage.getItem('activeTenant')).toBe('kiehls');
  });
});
