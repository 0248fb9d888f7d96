import type { ScreenMap } from '@collective/nav/react';

/**
 * The screens of the account feature (the user's own: notifications,
 * performance, API keys), by path of the route table. The dashboard's route
 * registry joins them with the table; each screen is its own chunk, loaded
 * when its route opens.
 */
export const screens: ScreenMap = {
  '/notifications': () =>
    import('./screens/notifications/notifications-screen'),
  '/performance': () => import('./screens/performance/performance-screen'),
  '/api-keys': () => import('./screens/api-keys/api-keys-screen'),
};
