import type { ScreenMap } from '@collective/nav/react';

/**
 * The screens of the administration feature, by path of the route table. The
 * dashboard's route registry joins them with the table; each screen is its
 * own chunk, loaded when its route opens.
 */
export const screens: ScreenMap = {
  '/data-sources': () => import('./screens/data-sources-screen'),
  '/g2-data-management': () => import('./screens/g2-data-management-screen'),
  '/g2-store-mappings': () => import('./screens/g2-store-mappings-screen'),
  '/data-export': () => import('./screens/data-export-screen'),
  '/user-management': () =>
    import('./screens/user-management/user-management-screen'),
  '/instructions': () => import('./screens/instructions/instructions-screen'),
  '/demo-cleanup': () => import('./screens/demo-cleanup/demo-cleanup-screen'),
};
