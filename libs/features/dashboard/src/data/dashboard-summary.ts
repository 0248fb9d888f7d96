import { shellEndpoints } from '@collective/api-client/contract';
import { useScopedQuery } from '@collective/tenancy/react';

/**
 * The KPIs of the current data scope (docs/data-access.md): keyed by the
 * scope, so a member or tenant switch never shows the previous scope's
 * figures.
 */
export function useDashboardSummary() {
  return useScopedQuery(shellEndpoints.dashboardSummary, {});
}
