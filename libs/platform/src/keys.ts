/**
 * Browser storage keys of the dashboard (specification §3). They are shared
 * by several libraries (auth writes `token` and `user`, tenancy writes
 * `activeTenant`, theming reads `activeTenant` and `themeVariant`), so they
 * are defined here, once, and every library imports them.
 */
export const STORAGE_KEYS = {
  /** The bearer token of the session. */
  token: 'token',
  /** The signed-in user, as JSON. */
  user: 'user',
  /** The active tenant code; the theme follows it. */
  activeTenant: 'activeTenant',
  /** The chosen theme variant; absent means `default`. */
  themeVariant: 'themeVariant',
} as const;

/** One of the dashboard's storage keys. */
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/**
 * Names of the same-page events of specification §4, shared by the library
 * that sends one and the library that listens to it.
 */
export const PAGE_EVENTS = {
  /** Sent after the stored active tenant changed; the theme re-applies 100 ms later. */
  tenantChanged: 'tenantChanged',
  /** Sent once each time the applied theme changes. */
  themeChanged: 'themeChanged',
} as const;

/** One of the dashboard's same-page event names. */
export type PageEventName = (typeof PAGE_EVENTS)[keyof typeof PAGE_EVENTS];
