import type { PageEventName } from './keys';
import { createSafeStorage, type SafeStorage } from './safe-storage';
import type { Unsubscribe } from './store';

/**
 * Everything the dashboard's libraries need from the browser, made once at
 * start (`createBrowserPlatform(window)`) and passed to every core. No
 * library or component reaches for `window`, `document` or `localStorage`
 * itself, so each can be tested with `createTestPlatform()` and used
 * outside a browser.
 */
export interface Platform {
  /** `localStorage`, made safe: never throws, keeps failed writes for the tab's life. */
  readonly storage: SafeStorage;
  /** `sessionStorage` (this tab only, survives its reloads), made safe the same way. */
  readonly tabStorage: SafeStorage;
  /**
   * Calls `listener` when another tab changes storage, with the key, or
   * null when it cleared everything. This tab's own writes are not reported.
   */
  onStorageChange(listener: (key: string | null) => void): Unsubscribe;
  /** Sends a same-page event, such as `tenantChanged`, with a detail. */
  emit(name: PageEventName, detail: unknown): void;
  /** Listens to a same-page event sent with {@link Platform.emit} (or by other code on the page). */
  on(name: PageEventName, listener: (detail: unknown) => void): Unsubscribe;
  /** Reloads the page. */
  reload(): void;
  /** The page's origin, such as `https://dashboard.example.org`. */
  readonly origin: string;
  /** The root element of the document, which carries the theme's CSS variables. */
  readonly root: HTMLElement;
  /** Whether the page is visible (not a background tab, not minimised). */
  isVisible(): boolean;
  /** Calls `listener` with the new visibility each time it changes. */
  onVisibilityChange(listener: (visible: boolean) => void): Unsubscribe;
  /** Whether the browser believes it is online. */
  isOnline(): boolean;
  /** Calls `listener` with the new state each time the network goes or comes back. */
  onOnlineChange(listener: (online: boolean) => void): Unsubscribe;
  /** How far the page is scrolled down, in CSS pixels. */
  scrollY(): number;
  /** Scrolls the page to `y` pixels from the top. */
  scrollTo(y: number): void;
  /** Calls `listener` each time the page scrolls. */
  onScroll(listener: () => void): Unsubscribe;
}

function listen(
  target: EventTarget,
  type: string,
  listener: (event: Event) => void,
): Unsubscribe {
  target.addEventListener(type, listener);
  return () => target.removeEventListener(type, listener);
}

/**
 * The {@link Platform} of a browser page: the only place in the dashboard
 * that touches `window`, `document` and `localStorage`. Storage is reached
 * through a getter, because in some private modes merely reading
 * `window.localStorage` throws.
 */
export function createBrowserPlatform(win: Window): Platform {
  const doc = win.document;
  return {
    storage: createSafeStorage(() => win.localStorage),
    tabStorage: createSafeStorage(() => win.sessionStorage),
    onStorageChange: (listener) =>
      listen(win, 'storage', (event) => {
        const { key, storageArea } = event as StorageEvent;
        // sessionStorage changes also fire `storage`; only localStorage counts.
        if (storageArea && storageArea !== safeLocalStorage(win)) return;
        listener(key);
      }),
    emit: (name, detail) => {
      win.dispatchEvent(
        new (win as Window & typeof globalThis).CustomEvent(name, { detail }),
      );
    },
    on: (name, listener) =>
      listen(win, name, (event) => listener((event as CustomEvent).detail)),
    reload: () => win.location.reload(),
    origin: win.location.origin,
    root: doc.documentElement,
    isVisible: () => doc.visibilityState !== 'hidden',
    onVisibilityChange: (listener) =>
      listen(doc, 'visibilitychange', () =>
        listener(doc.visibilityState !== 'hidden'),
      ),
    isOnline: () => win.navigator.onLine !== false,
    onOnlineChange: (listener) => {
      const offOnline = listen(win, 'online', () => listener(true));
      const offOffline = listen(win, 'offline', () => listener(false));
      return () => {
        offOnline();
        offOffline();
      };
    },
    scrollY: () => win.scrollY,
    scrollTo: (y) => win.scrollTo(0, y),
    onScroll: (listener) => listen(win, 'scroll', listener),
  };
}

function safeLocalStorage(win: Window): Storage | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}

/**
 * A {@link Platform} for rendering where there is no browser (on a server,
 * or at build time): empty storage in memory, no other tabs, no events,
 * visible and online; `reload` does nothing and `root` is unavailable.
 */
export function createStaticPlatform(origin: string): Platform {
  const never = () => () => undefined;
  return {
    storage: createSafeStorage(
      () => null,
      () => undefined,
    ),
    tabStorage: createSafeStorage(
      () => null,
      () => undefined,
    ),
    onStorageChange: never,
    emit: () => undefined,
    on: never,
    reload: () => undefined,
    origin,
    get root(): HTMLElement {
      throw new Error(
        'A static platform has no document; render the theme in a browser.',
      );
    },
    isVisible: () => true,
    onVisibilityChange: never,
    isOnline: () => true,
    onOnlineChange: never,
    scrollY: () => 0,
    scrollTo: () => undefined,
    onScroll: never,
  };
}
