/** The part of the Web Storage API the dashboard's libraries use. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A {@link KeyValueStorage} that never throws, made by {@link createSafeStorage}. */
export interface SafeStorage extends KeyValueStorage {
  /**
   * Whether the last write of `key` failed to reach the browser's storage
   * and lives only in this page's memory: it will not survive a reload.
   * Code that writes a mark to read after a reload (the one reload for a
   * failed chunk) must not count on it then.
   */
  isKeptInMemory(key: string): boolean;
}

/**
 * Wraps a storage so that no call ever throws. `localStorage` throws when it
 * is disabled by policy, in some private modes (even reaching the property
 * throws) and when the quota is full. A write that fails is kept in memory
 * for this page, and reads of that key give the kept value, so the app goes
 * on working for the tab's life; a read that fails gives null. The first
 * failure is reported once through `warn`.
 *
 * `backing` is called on every access (a getter, not a value), so a storage
 * that cannot even be reached is one more failure to absorb.
 */
export function createSafeStorage(
  backing: () => KeyValueStorage | null | undefined,
  warn: (message: string) => void = (message) => console.warn(message),
): SafeStorage {
  /** Keys whose last write did not reach the backing storage; null: removed. */
  const kept = new Map<string, string | null>();
  let warned = false;

  function failed(error: unknown): void {
    if (warned) return;
    warned = true;
    warn(
      `Browser storage is not available (${error instanceof Error ? error.message : String(error)}); ` +
        'what this page stores lasts only as long as this tab.',
    );
  }

  function reach(): KeyValueStorage {
    const storage = backing();
    if (!storage) throw new Error('there is no storage');
    return storage;
  }

  function write(key: string, value: string | null): void {
    try {
      const storage = reach();
      if (value === null) storage.removeItem(key);
      else storage.setItem(key, value);
      kept.delete(key);
    } catch (error) {
      kept.set(key, value);
      failed(error);
    }
  }

  return {
    getItem(key) {
      if (kept.has(key)) return kept.get(key) ?? null;
      try {
        return reach().getItem(key);
      } catch (error) {
        failed(error);
        return null;
      }
    },
    setItem: (key, value) => write(key, value),
    removeItem: (key) => write(key, null),
    isKeptInMemory: (key) => kept.has(key),
  };
}
