import type { ApiClient } from '@collective/api-client';
import { useApi } from '@collective/auth/react';
import {
  memberScopeOf,
  scopedQueryKey,
  type DataScope,
} from '@collective/tenancy';
import { useDataScope } from '@collective/tenancy/react';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * Query options of the dashboard's KPIs (the data-access pattern of
 * docs/data-access.md): keyed by the data scope, so a member or tenant
 * switch never shows the previous scope's figures.
 */
export function dashboardSummaryQueryOptions(
  api: Pick<ApiClient, 'dashboard'>,
  scope: DataScope,
) {
  return queryOptions({
    queryKey: scopedQueryKey(scope, 'dashboard', 'summary'),
    queryFn: ({ signal }) =>
      api.dashboard.summary(memberScopeOf(scope), { signal }),
  });
}

/** The KPIs of the current data scope. */
export function useDashboardSummary() {
  return useQuery(dashboardSummaryQueryOptions(useApi(), useDataScope()));
}
