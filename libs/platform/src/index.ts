/**
 * @collective/platform: the browser as one injected object, the one shape of
 * long-lived state, and the storage keys and page event names every library
 * of the Collective Dashboard shares. No React, no dependencies.
 */
export { PAGE_EVENTS, STORAGE_KEYS } from './keys';
export type { PageEventName, StorageKey } from './keys';
export { createBrowserPlatform, createStaticPlatform } from './platform';
export type { Platform } from './platform';
export { createSafeStorage } from './safe-storage';
export type { KeyValueStorage, SafeStorage } from './safe-storage';
export { createStore } from './store';
export type { ReadableStore, Store, Unsubscribe } from './store';
