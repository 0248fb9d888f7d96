import {
  ACTIVE_TENANT_STORAGE_KEY,
  DEFAULT_VARIANT,
  TENANT_CHANGED_EVENT,
  THEME_CHANGED_EVENT,
  THEME_REFRESH_DELAY_MS,
  THEME_VARIANT_STORAGE_KEY,
} from './constants';
import { applyTheme } from './css-variables';
import {
  resolveThemeKey,
  resolveThemeTenant,
  themeFor,
  variantsFor,
  type ThemeVariantOption,
} from './resolve-theme';
import { browserStorage, safeStorage, type ThemeStorage } from './storage';
import type {
  ThemeDefinition,
  ThemeKey,
  ThemeTenant,
  ThemeVariant,
} from './theme-definition';

/** The theme in force, as a controller reports it. */
export interface ThemeState {
  key: ThemeKey;
  theme: ThemeDefinition;
  /** The tenant whose themes apply (the stored `activeTenant`, else pact). */
  tenant: ThemeTenant;
  /** The applied variant; `default` when none is stored or the stored one is not offered. */
  variant: ThemeVariant;
  /** The variants the tenant offers, `default` first. */
  variants: readonly ThemeVariantOption[];
}

/** `detail` of the `themeChanged` event. */
export interface ThemeChangedDetail {
  key: ThemeKey;
  previousKey: ThemeKey;
  tenant: ThemeTenant;
  variant: ThemeVariant;
}

/** Where the controller reads and writes, and what it listens to. All optional in a browser. */
export interface ThemeControllerOptions {
  /** Storage of `activeTenant` and `themeVariant`; `localStorage` by default. Errors it throws are absorbed. */
  storage?: ThemeStorage;
  /** The element that carries the variables; `document.documentElement` by default. */
  root?: HTMLElement;
  /** Target of `storage` and `tenantChanged` events and of `themeChanged`; `window` by default. */
  events?: EventTarget;
  /** Delay of the re-apply after a storage change or `tenantChanged`; 100 ms (§9) by default. */
  refreshDelayMs?: number;
}

/** Applies the stored theme and keeps it applied; see {@link createThemeController}. */
export interface ThemeController {
  /** The theme in force. The same object until the theme changes (fit for `useSyncExternalStore`). */
  getState(): ThemeState;
  /** Calls `listener` after each change of theme; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /**
   * Stores `variant` as `themeVariant` (`default` removes it), re-applies at
   * once and emits `themeChanged` if the theme changed. Throws a RangeError
   * for a variant the active tenant does not offer.
   */
  setVariant(variant: string): void;
  /** Re-reads storage and re-applies now (what the 100 ms refresh does). */
  refresh(): void;
  /** Stops listening for events and cancels a pending refresh. */
  dispose(): void;
}

const WATCHED_KEYS = new Set<string | null>([
  ACTIVE_TENANT_STORAGE_KEY,
  THEME_VARIANT_STORAGE_KEY,
  // `localStorage.clear()` in another tab reports key null.
  null,
]);

/**
 * Creates the controller of the page's theme and applies the stored theme at
 * once. Framework-free: React bindings (`ThemeProvider`) and plain pages use
 * the same object. `themeChanged` is dispatched on `events` once per actual
 * change of the applied theme, whatever caused it.
 */
export function createThemeController(
  options: ThemeControllerOptions = {},
): ThemeController {
  const storage = options.storage
    ? safeStorage(() => options.storage)
    : browserStorage();
  const root = options.root ?? document.documentElement;
  const events: EventTarget = options.events ?? window;
  const delay = options.refreshDelayMs ?? THEME_REFRESH_DELAY_MS;
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const read = (): ThemeState => {
    const tenant = resolveThemeTenant(
      storage.getItem(ACTIVE_TENANT_STORAGE_KEY),
    );
    const key = resolveThemeKey(
      tenant,
      storage.getItem(THEME_VARIANT_STORAGE_KEY),
    );
    const theme = themeFor(key);
    return {
      key,
      theme,
      tenant,
      variant: theme.variant,
      variants: variantsFor(tenant),
    };
  };

  let state = read();
  applyTheme(state.theme, root);

  const refresh = (): void => {
    const next = read();
    applyTheme(next.theme, root);
    if (next.key === state.key) return;
    const previousKey = state.key;
    state = next;
    for (const listener of [...listeners]) listener();
    events.dispatchEvent(
      new CustomEvent<ThemeChangedDetail>(THEME_CHANGED_EVENT, {
        detail: {
          key: next.key,
          previousKey,
          tenant: next.tenant,
          variant: next.variant,
        },
      }),
    );
  };

  const scheduleRefresh = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      refresh();
    }, delay);
  };

  const onStorage = (event: Event): void => {
    const key = (event as StorageEvent).key;
    if (WATCHED_KEYS.has(key === undefined ? null : key)) scheduleRefresh();
  };

  events.addEventListener('storage', onStorage);
  events.addEventListener(TENANT_CHANGED_EVENT, scheduleRefresh);

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setVariant(variant) {
      const tenant = read().tenant;
      const offered = variantsFor(tenant);
      if (!offered.some((o) => o.variant === variant)) {
        throw new RangeError(
          `The theme variant "${variant}" is not offered for tenant "${tenant}"; choose one of: ${offered.map((o) => o.variant).join(', ')}.`,
        );
      }
      if (variant === DEFAULT_VARIANT) {
        storage.removeItem(THEME_VARIANT_STORAGE_KEY);
      } else {
        storage.setItem(THEME_VARIANT_STORAGE_KEY, variant);
      }
      refresh();
    },
    refresh,
    dispose() {
      clearTimeout(timer);
      timer = undefined;
      events.removeEventListener('storage', onStorage);
      events.removeEventListener(TENANT_CHANGED_EVENT, scheduleRefresh);
      listeners.clear();
    },
  };
}
