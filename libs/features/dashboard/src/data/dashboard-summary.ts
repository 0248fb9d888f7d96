import { shellEndpoints } from '@collective/api-client/contract';
import { scopedQuery, type ScopedApi } from '@collective/tenancy';
import { useScopedQuery, useTenancy } from '@collective/tenancy/react';
import { useDeferredValue, useMemo } from 'react';

/**
 * The KPIs of the current data scope (docs/data-access.md): keyed by the
 * scope, so a member or tenant switch never shows the previous scope's
 * figures.
 *
 * The figures of the scope on screen arrive in a deferred render, which
 * React does in slices that leave the page responsive, instead of one long
 * task (the chart, the table and the list at once: most of /dashboard's
 * blocking time on a phone, docs/decisions/0109). Anything for another scope
 * is shown at once, so no render pairs one scope with another's figures.
 */
export function useDashboardSummary() {
  const { scope } = useTenancy();
  const { status, data, error, refetch } = useScopedQuery(
    shellEndpoints.dashboardSummary,
    {},
  );
  const latest = useMemo(
    () => ({ scope, status, data, error }),
    [scope, status, data, error],
  );
  const deferred = useDeferredValue(latest);
  return { ...(deferred.scope === scope ? deferred : latest), refetch };
}

/** The read of {@link useDashboardSummary}, for the shell to start with the session. */
export const dashboardSummaryQuery = (scoped: ScopedApi) =>
  scopedQuery(scoped, shellEndpoints.dashboardSummary, {});
