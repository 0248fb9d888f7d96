import { screens as accountScreens } from '@collective/feature-account';
import { screens as dashboardScreens } from '@collective/feature-dashboard';
import type { ComponentType } from 'react';

/** Loads a screen's module on demand; its default export is the screen. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/**
 * Route path → screen of a feature library. A path of the route table with no
 * screen here behaves like an unknown path until its feature library lands.
 */
export const SCREENS: Readonly<Record<string, ScreenLoader>> = {
  '/dashboard': dashboardScreens.dashboard,
  '/performance': accountScreens.performance,
  '/api-keys': accountScreens['api-keys'],
};
