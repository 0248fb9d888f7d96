import type { ComponentType } from 'react';

/** Loads one screen's module on demand; its default export is the screen component. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/** The keys of the dashboard feature's screens, as the route table names them. */
export type ScreenKey = 'dashboard';

/**
 * The screens of the dashboard feature by key. The dashboard calls a
 * loader when its route opens, so each screen is its own chunk. The explicit
 * type keeps the published declarations free of `typeof import(...)`.
 */
export const screens: Readonly<Record<ScreenKey, ScreenLoader>> = {
  dashboard: () => import('./screens/dashboard-screen'),
};
