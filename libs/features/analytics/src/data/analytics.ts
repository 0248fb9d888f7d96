import {
  analyticsEndpoints,
  type AnalyticsInterval,
} from '@collective/api-client/contract';
import { useExportUrl, useScopedQuery } from '@collective/tenancy/react';

/** The months an analytics screen asks for, `YYYY-MM`, both counted. */
export interface MonthRange {
  from: string;
  to: string;
}

/**
 * Collected weight, units and shipments of the data scope per channel and
 * material, per month, quarter or year of `range`, beside the same months
 * a year earlier (GET /api/analytics/series).
 */
export function useAnalyticsSeries(
  range: MonthRange,
  interval: AnalyticsInterval,
) {
  return useScopedQuery(
    analyticsEndpoints.analyticsSeries,
    { query: { ...range, interval } },
    // Another period or interval of the same scope: the figures before stay shown, marked busy.
    { keepPreviousWhileChanging: ['from', 'to', 'interval'] },
  );
}

/**
 * The impact of the data scope month by month, per program and tier, with
 * recycling and diversion rates; a member's share of the collective's
 * (GET /api/analytics/pact).
 */
export function usePactAnalytics(range: MonthRange) {
  return useScopedQuery(
    analyticsEndpoints.pactAnalytics,
    { query: { from: range.from, to: range.to } },
    { keepPreviousWhileChanging: ['from', 'to'] },
  );
}

/** Stores, collected weight and channel mix of the data scope per region and state (GET /api/analytics/regions). */
export function useRegionalSummary(range: MonthRange) {
  return useScopedQuery(
    analyticsEndpoints.regionalSummary,
    { query: { from: range.from, to: range.to } },
    { keepPreviousWhileChanging: ['from', 'to'] },
  );
}

/** Makes the URL of the series' CSV file (a row per bucket) for `range` and `interval`, in the data scope. */
export function useAnalyticsSeriesExportUrl(
  range: MonthRange,
  interval: AnalyticsInterval,
) {
  return useExportUrl(analyticsEndpoints.analyticsSeriesExport, {
    from: range.from,
    to: range.to,
    interval,
  });
}

/** Makes the URL of the Pact Analytics CSV file (a row per month, program and tier, and the totals) for `range`, in the data scope. */
export function usePactAnalyticsExportUrl(range: MonthRange) {
  return useExportUrl(analyticsEndpoints.pactAnalyticsExport, {
    from: range.from,
    to: range.to,
  });
}

/** Makes the URL of the regions' CSV file (a row per region and per state) for `range`, in the data scope. */
export function useRegionalSummaryExportUrl(range: MonthRange) {
  return useExportUrl(analyticsEndpoints.regionalSummaryExport, {
    from: range.from,
    to: range.to,
  });
}
