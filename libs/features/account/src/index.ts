import type { ComponentType } from 'react';

/** Loads one screen's module on demand; its default export is the screen component. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/** The keys of the account feature's screens. */
export type ScreenKey = 'performance' | 'api-keys';

/**
 * The screens of the account feature (the user menu's Performance and API
 * Keys), by key. Each screen is its own chunk, loaded when its route opens.
 */
export const screens: Readonly<Record<ScreenKey, ScreenLoader>> = {
  performance: () => import('./screens/performance-screen'),
  'api-keys': () => import('./screens/api-keys-screen'),
};
