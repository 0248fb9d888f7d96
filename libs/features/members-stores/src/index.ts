import type { ScreenMap } from '@collective/nav/react';

/**
 * The screens of the members-stores feature, by path of the route table. The
 * dashboard's route registry joins them with the table; each screen is its
 * own chunk, loaded when its route opens.
 */
export const screens: ScreenMap = {
  '/member-management': () =>
    import('./screens/member-management/member-management-screen'),
  '/store-rankings': () => import('./screens/store-rankings-screen'),
  '/admin-stores': () => import('./screens/admin-stores/admin-stores-screen'),
};
