/** The part of the Web Storage API the theme reads and writes. */
export interface ThemeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Wraps a storage so that no call throws: private modes, disabled cookies and
 * full quotas make `localStorage` (or reaching it) throw. Reads that fail give
 * null; writes that fail are kept in memory for this page, so a chosen variant
 * still applies until the page goes away.
 */
export function safeStorage(
  getStorage: () => ThemeStorage | null | undefined,
): ThemeStorage {
  const memory = new Map<string, string | null>();
  const real = (): ThemeStorage | null => {
    try {
      return getStorage() ?? null;
    } catch {
      return null;
    }
  };
  return {
    getItem(key) {
      if (memory.has(key)) return memory.get(key) ?? null;
      try {
        return real()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        const storage = real();
        if (!storage) throw new Error('no storage');
        storage.setItem(key, value);
        memory.delete(key);
      } catch {
        memory.set(key, value);
      }
    },
    removeItem(key) {
      try {
        const storage = real();
        if (!storage) throw new Error('no storage');
        storage.removeItem(key);
        memory.delete(key);
      } catch {
        memory.set(key, null);
      }
    },
  };
}

/** The page's `localStorage`, made safe with {@link safeStorage}. */
export function browserStorage(): ThemeStorage {
  return safeStorage(() => globalThis.localStorage);
}
