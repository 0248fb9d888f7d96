import type { ScreenMap } from '@collective/nav/react';

/**
 * The screens of the operations feature, by path of the route table. The
 * dashboard's route registry joins them with the table; each screen is its
 * own chunk, loaded when its route opens.
 */
export const screens: ScreenMap = {
  '/shipment-tracking': () =>
    import('./screens/shipment-tracking/shipment-tracking-screen'),
  '/warehouse-operations': () =>
    import('./screens/warehouse-operations/warehouse-operations-screen'),
  '/eol-processing': () =>
    import('./screens/eol-processing/eol-processing-screen'),
};
