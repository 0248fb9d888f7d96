/** The part of the Web Storage API the session needs. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Wraps `localStorage` so that a storage that throws (disabled by policy,
 * private mode, quota exceeded) never breaks the app: the first failure logs
 * one console warning and the session lives in memory for the tab's life.
 */
export function createSafeStorage(
  backing: KeyValueStorage | null | undefined,
  warn: (message: string) => void = (m) => console.warn(m),
): KeyValueStorage {
  const memory = new Map<string, string>();
  let usable = backing != null;

  function fallBack(error: unknown): void {
    if (!usable) return;
    usable = false;
    warn(
      `Browser storage is not available (${error instanceof Error ? error.message : String(error)}); ` +
        'the session will last only as long as this tab.',
    );
  }

  return {
    getItem(key) {
      if (usable && backing) {
        try {
          return backing.getItem(key);
        } catch (error) {
          fallBack(error);
        }
      }
      return memory.get(key) ?? null;
    },
    setItem(key, value) {
      memory.set(key, value);
      if (usable && backing) {
        try {
          backing.setItem(key, value);
        } catch (error) {
          fallBack(error);
        }
      }
    },
    removeItem(key) {
      memory.delete(key);
      if (usable && backing) {
        try {
          backing.removeItem(key);
        } catch (error) {
          fallBack(error);
        }
      }
    },
  };
}
