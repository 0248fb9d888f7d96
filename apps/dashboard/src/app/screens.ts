import { createRouteRegistry } from '@collective/nav';
import type { ScreenLoader } from '@collective/nav/react';
import { screens as dashboard } from '@collective/feature-dashboard';
import { screens as operations } from '@collective/feature-operations';
import { screens as consumerMailback } from '@collective/feature-consumer-mailback';
import { screens as membersStores } from '@collective/feature-members-stores';
import { screens as analytics } from '@collective/feature-analytics';
import { screens as administration } from '@collective/feature-administration';
import { screens as account } from '@collective/feature-account';

/**
 * The route registry: the route table of @collective/nav joined with the
 * screens each feature library contributes. It throws at start, naming the
 * path, when a routed path has no screen or a screen no route.
 * `nx g @collective/tools:feature-library` adds a new library's screens here.
 */
export const REGISTRY = createRouteRegistry<ScreenLoader>([
  dashboard,
  operations,
  consumerMailback,
  membersStores,
  analytics,
  administration,
  account,
  // New feature libraries are added above this line.
]);
