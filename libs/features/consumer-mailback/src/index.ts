import type { ScreenMap } from '@collective/nav/react';

/**
 * The screens of the consumer-mailback feature, by path of the route table. The
 * dashboard's route registry joins them with the table; each screen is its
 * own chunk, loaded when its route opens.
 */
export const screens: ScreenMap = {
  '/consumer-mailback': () => import('./screens/consumer-mailback-screen'),
  '/consumer-mailback/submissions': () =>
    import('./screens/consumer-mailback-submissions-screen'),
  '/consumer-mailback/submissions/:id': () =>
    import('./screens/consumer-mailback-submissions-detail-screen'),
  '/admin/consumer-forms-overview': () =>
    import('./screens/admin-consumer-forms-overview-screen'),
};
