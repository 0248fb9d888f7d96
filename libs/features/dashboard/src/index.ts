import type { ScreenMap } from '@collective/nav/react';

/**
 * The screens of the dashboard feature, by path of the route table. The
 * dashboard's route registry joins them with the table; each screen is its
 * own chunk, loaded when its route opens.
 */
export const screens: ScreenMap = {
  '/dashboard': () => import('./screens/dashboard-screen'),
};
