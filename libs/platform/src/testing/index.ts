/**
 * Test helpers of @collective/platform: a {@link Platform} held entirely in
 * memory, with controls for what a test needs to happen (another tab writes,
 * the tab hides, the network drops). Import as `@collective/platform/testing`.
 */
import type { PageEventName } from '../keys';
import type { Platform } from '../platform';
import { createSafeStorage, type KeyValueStorage } from '../safe-storage';
import type { Unsubscribe } from '../store';

/** Settings of {@link createTestPlatform}. */
export interface TestPlatformOptions {
  /** What storage holds at start. */
  storage?: Record<string, string>;
  /**
   * A storage to wrap instead of the in-memory one, e.g. one whose every
   * call throws, as `localStorage` does in some private modes.
   */
  backing?: KeyValueStorage;
  /**
   * A storage to wrap as the tab's storage (`sessionStorage`) instead of the
   * in-memory one, e.g. `throwingStorage()` for a private mode where it
   * fails too.
   */
  tabBacking?: KeyValueStorage;
  /** The page's origin; `http://dashboard.test` by default. */
  origin?: string;
  /** The element that carries the theme; a fresh `<html>` element by default. */
  root?: HTMLElement;
  /** Whether the page starts visible; true by default. */
  visible?: boolean;
  /** Whether the network starts up; true by default. */
  online?: boolean;
}

/** A {@link Platform} in memory, with the controls a test drives it with. */
export interface TestPlatform extends Platform {
  /** The contents of the in-memory storage (empty when `backing` was given). */
  readonly stored: Map<string, string>;
  /** The contents of the tab's storage (`sessionStorage`; empty when `tabBacking` was given). */
  readonly tabStored: Map<string, string>;
  /** How often `reload()` was called. */
  readonly reloads: number;
  /** Every page event sent with `emit`, in order. */
  readonly emitted: ReadonlyArray<{ name: PageEventName; detail: unknown }>;
  /** Warnings the safe storage reported. */
  readonly warnings: readonly string[];
  /** Changes storage as another tab would: writes (null removes) and reports the change. */
  changeFromOtherTab(key: string, value: string | null): void;
  /** Clears storage as another tab would (the storage event with key null). */
  clearFromOtherTab(): void;
  /** Shows or hides the page, reporting the change. */
  setVisible(visible: boolean): void;
  /** Takes the network down or brings it back, reporting the change. */
  setOnline(online: boolean): void;
  /** Scrolls the page as the user would, reporting the scroll. */
  scrollBy(pixels: number): void;
}

/**
 * A storage whose every call throws, as `localStorage` does when it is
 * disabled by policy, in some private modes, or with a full quota. Pass it
 * as `backing` to {@link createTestPlatform}.
 */
export function throwingStorage(): KeyValueStorage {
  return {
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
}

/** The origin of {@link createTestPlatform} unless another is given. */
export const TEST_ORIGIN = 'http://dashboard.test';

function mapStorage(map: Map<string, string>): KeyValueStorage {
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  };
}

/**
 * Creates a {@link TestPlatform}: storage in a `Map` (seeded from
 * `options.storage`), page events on a private `EventTarget`, a counted
 * `reload`, and visibility and network state set by the test.
 */
export function createTestPlatform(
  options: TestPlatformOptions = {},
): TestPlatform {
  const stored = new Map(Object.entries(options.storage ?? {}));
  const tabStored = new Map<string, string>();
  const backing = options.backing ?? mapStorage(stored);
  const events = new EventTarget();
  const emitted: { name: PageEventName; detail: unknown }[] = [];
  const warnings: string[] = [];
  let reloads = 0;
  let visible = options.visible ?? true;
  let online = options.online ?? true;
  let root = options.root;
  let scrolled = 0;

  function on<T>(type: string, listener: (value: T) => void): Unsubscribe {
    const handler = (event: Event) =>
      listener((event as CustomEvent<T>).detail);
    events.addEventListener(type, handler);
    return () => events.removeEventListener(type, handler);
  }
  function send(type: string, detail: unknown): void {
    events.dispatchEvent(new CustomEvent(type, { detail }));
  }

  return {
    storage: createSafeStorage(
      () => backing,
      (message) => warnings.push(message),
    ),
    tabStorage: createSafeStorage(
      () => options.tabBacking ?? mapStorage(tabStored),
      (message) => warnings.push(message),
    ),
    stored,
    tabStored,
    get reloads() {
      return reloads;
    },
    emitted,
    warnings,
    onStorageChange: (listener) => on<string | null>('#storage', listener),
    emit(name, detail) {
      emitted.push({ name, detail });
      send(name, detail);
    },
    on: (name, listener) => on(name, listener),
    reload() {
      reloads += 1;
    },
    origin: options.origin ?? TEST_ORIGIN,
    get root() {
      root ??= globalThis.document.createElement('html');
      return root;
    },
    isVisible: () => visible,
    onVisibilityChange: (listener) => on<boolean>('#visibility', listener),
    isOnline: () => online,
    onOnlineChange: (listener) => on<boolean>('#online', listener),
    scrollY: () => scrolled,
    scrollTo(y) {
      scrolled = Math.max(0, y);
    },
    onScroll: (listener) => on('#scroll', listener),
    changeFromOtherTab(key, value) {
      if (value === null) backing.removeItem(key);
      else backing.setItem(key, value);
      send('#storage', key);
    },
    clearFromOtherTab() {
      stored.clear();
      send('#storage', null);
    },
    setVisible(next) {
      if (next === visible) return;
      visible = next;
      send('#visibility', next);
    },
    setOnline(next) {
      if (next === online) return;
      online = next;
      send('#online', next);
    },
    scrollBy(pixels) {
      scrolled = Math.max(0, scrolled + pixels);
      send('#scroll', scrolled);
    },
  };
}
