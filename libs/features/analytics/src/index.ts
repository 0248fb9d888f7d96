import type { ScreenMap } from '@collective/nav/react';

/**
 * The screens of the analytics feature, by path of the route table. The
 * dashboard's route registry joins them with the table; each screen is its
 * own chunk, loaded when its route opens.
 */
export const screens: ScreenMap = {
  '/stores-analytics': () =>
    import('./screens/stores-analytics/stores-analytics-screen'),
  '/regional-summary': () => import('./screens/regional-summary-screen'),
  '/member-comparisons': () => import('./screens/member-comparisons-screen'),
  '/average-metrics': () => import('./screens/average-metrics-screen'),
  '/report-generator': () =>
    import('./screens/report-generator/report-generator-screen'),
  '/analytics': () => import('./screens/analytics-screen'),
  '/pact-analytics': () => import('./screens/pact-analytics-screen'),
};
