import {
  createStore,
  PAGE_EVENTS,
  STORAGE_KEYS,
  type Platform,
  type ReadableStore,
} from '@collective/platform';
import { DEFAULT_VARIANT, THEME_REFRESH_DELAY_MS } from './constants';
import { applyTheme } from './css-variables';
import {
  resolveThemeKey,
  resolveThemeTenant,
  themeFor,
  variantsFor,
  type ThemeVariantOption,
} from './resolve-theme';
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

/** What the controller needs of the page: `createBrowserPlatform(window)` in a browser. */
export type ThemePlatform = Pick<
  Platform,
  'storage' | 'onStorageChange' | 'on' | 'emit' | 'root' | 'reload'
>;

/** Settings of {@link createThemeController}. */
export interface ThemeControllerOptions {
  /** Storage of `activeTenant` and `themeVariant`, the events, the root element and reload. */
  platform: ThemePlatform;
  /** Delay of the re-apply after a storage change or `tenantChanged`; 100 ms (§9) by default. */
  refreshDelayMs?: number;
}

/** Applies the stored theme and keeps it applied; see {@link createThemeController}. */
export interface ThemeController extends ReadableStore<ThemeState> {
  /**
   * Stores `variant` as `themeVariant` (`default` removes it), re-applies at
   * once and emits `themeChanged` if the theme changed. Throws a RangeError
   * for a variant the active tenant does not offer.
   */
  setVariant(variant: string): void;
  /** The theme switcher's action (§4): {@link setVariant}, then a reload of the page. */
  switchVariant(variant: string): void;
  /** Re-reads storage and re-applies now (what the 100 ms refresh does). */
  refresh(): void;
  /** Stops listening for events and cancels a pending refresh. */
  dispose(): void;
}

const WATCHED_KEYS = new Set<string | null>([
  STORAGE_KEYS.activeTenant,
  STORAGE_KEYS.themeVariant,
  // `localStorage.clear()` in another tab reports key null.
  null,
]);

/**
 * Creates the controller of the page's theme and applies the stored theme at
 * once. Framework-free: React bindings (`ThemeProvider`) and plain pages use
 * the same object. `themeChanged` is emitted once per actual change of the
 * applied theme, whatever caused it.
 */
export function createThemeController(
  options: ThemeControllerOptions,
): ThemeController {
  const { platform } = options;
  const { storage, root } = platform;
  const delay = options.refreshDelayMs ?? THEME_REFRESH_DELAY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const read = (): ThemeState => {
    const tenant = resolveThemeTenant(
      storage.getItem(STORAGE_KEYS.activeTenant),
    );
    const key = resolveThemeKey(
      tenant,
      storage.getItem(STORAGE_KEYS.themeVariant),
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

  const store = createStore(read());
  applyTheme(store.getState().theme, root);

  const refresh = (): void => {
    const next = read();
    applyTheme(next.theme, root);
    const previousKey = store.getState().key;
    if (next.key === previousKey) return;
    store.setState(next);
    platform.emit(PAGE_EVENTS.themeChanged, {
      key: next.key,
      previousKey,
      tenant: next.tenant,
      variant: next.variant,
    } satisfies ThemeChangedDetail);
  };

  const scheduleRefresh = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      refresh();
    }, delay);
  };

  const stopStorage = platform.onStorageChange((key) => {
    if (WATCHED_KEYS.has(key)) scheduleRefresh();
  });
  const stopTenant = platform.on(PAGE_EVENTS.tenantChanged, scheduleRefresh);

  const setVariant = (variant: string): void => {
    const tenant = read().tenant;
    const offered = variantsFor(tenant);
    if (!offered.some((o) => o.variant === variant)) {
      throw new RangeError(
        `The theme variant "${variant}" is not offered for tenant "${tenant}"; choose one of: ${offered.map((o) => o.variant).join(', ')}.`,
      );
    }
    if (variant === DEFAULT_VARIANT) {
      storage.removeItem(STORAGE_KEYS.themeVariant);
    } else {
      storage.setItem(STORAGE_KEYS.themeVariant, variant);
    }
    refresh();
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    setVariant,
    switchVariant(variant) {
      setVariant(variant);
      platform.reload();
    },
    refresh,
    dispose() {
      clearTimeout(timer);
      timer = undefined;
      stopStorage();
      stopTenant();
    },
  };
}
