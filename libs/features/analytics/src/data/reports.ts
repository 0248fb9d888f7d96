import {
  recordEndpoints,
  reportEndpoints,
  type ReportFormat,
  type ReportRun,
} from '@collective/api-client/contract';
import { useScopedMutation, useScopedQuery } from '@collective/tenancy/react';
import { useCallback } from 'react';

/** How often the history is read again while a run is queued or running. */
export const RUN_POLL_MS = 1_000;

/** Whether a run has yet to end. */
export const isUnfinished = (run: Pick<ReportRun, 'status'>) =>
  run.status === 'queued' || run.status === 'running';

/**
 * The report runs of the data scope (GET /api/reports): a brand user's
 * member's, a collective admin's every run or the chosen member's. Read
 * again every second while one of them has yet to end.
 */
export function useReportRuns() {
  return useScopedQuery(
    reportEndpoints.reportRuns,
    { query: {} },
    {
      refetchInterval: (query) =>
        query.state.data?.runs.some(isUnfinished) ? RUN_POLL_MS : false,
    },
  );
}

/** Runs a template with its parameters (POST /api/reports). */
export const useRunReport = () => useScopedMutation(reportEndpoints.runReport);

/** Cancels a queued or running run (POST /api/reports/:id/cancel). */
export const useCancelReport = () =>
  useScopedMutation(reportEndpoints.cancelReport);

/**
 * A function that asks for a single-use link (POST /api/downloads) to one
 * of a run's files, so the browser downloads or opens it itself.
 */
export function useReportFileUrl(): (
  id: string,
  format: ReportFormat,
) => Promise<string> {
  const { mutateAsync } = useScopedMutation(recordEndpoints.createDownload);
  return useCallback(
    async (id, format) =>
      (
        await mutateAsync({
          body: {
            path: `/api/reports/${encodeURIComponent(id)}/files/${format}`,
          },
        })
      ).url,
    [mutateAsync],
  );
}
