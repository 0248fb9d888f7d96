import { xhrTransport } from '@collective/api-client/xhr-transport';
import {
  g2Endpoints,
  type G2IssueKind,
  type G2IssueStatus,
  type G2MappingStatus,
  type G2Severity,
  type G2UploadStatus,
} from '@collective/api-client/contract';
import {
  useExportUrl,
  useScopedMutation,
  useScopedQuery,
  useTenancy,
} from '@collective/tenancy/react';

/**
 * Whether the G2 screens show their data read-only: to a brand user, and
 * to a collective admin looking at one member (the server then answers
 * that member's rows only, so the totals would mislead a commit; docs/
 * decisions/0099, addendum). Writes stay the collective admins'.
 */
export function useG2ReadOnly(): boolean {
  const { access, dataFilter } = useTenancy();
  return !access.isCollectiveAdmin || 'member_id' in dataFilter;
}

/** How often a validating upload is asked for its progress, ms. */
export const G2_POLL_MS = 1000;

/** One page of the uploads, newest first. */
export function useG2Uploads(view: {
  status: G2UploadStatus | undefined;
  page: number;
  pageSize: number;
}) {
  return useScopedQuery(
    g2Endpoints.g2Uploads,
    {
      query: {
        status: view.status,
        page: String(view.page),
        page_size: String(view.pageSize),
      },
    },
    {
      keepPreviousWhileChanging: ['page', 'page_size'],
      // While an upload is checked, its progress and status are asked again.
      refetchInterval: (query) =>
        query.state.data?.uploads.some((u) => u.status === 'validating')
          ? G2_POLL_MS
          : false,
    },
  );
}

/** What the validation report shows. */
export interface ReportView {
  severity: G2Severity | undefined;
  column: string | undefined;
  kind: G2IssueKind | undefined;
  page: number;
  pageSize: number;
}

const reportQuery = (view: Omit<ReportView, 'page' | 'pageSize'>) => ({
  severity: view.severity,
  column: view.column as never,
  kind: view.kind,
});

/** One page of an upload's validation report, polled while it is checked. */
export function useG2Report(id: number, view: ReportView) {
  return useScopedQuery(
    g2Endpoints.g2UploadReport,
    {
      params: { id },
      query: {
        ...reportQuery(view),
        page: String(view.page),
        page_size: String(view.pageSize),
      },
    },
    {
      keepPreviousWhileChanging: ['page', 'page_size'],
      refetchInterval: (query) =>
        query.state.data?.upload.status === 'validating' ? G2_POLL_MS : false,
    },
  );
}

/** The download link of a report's CSV, with the report's filters. */
export function useG2ReportCsv(
  id: number,
  view: Omit<ReportView, 'page' | 'pageSize'>,
) {
  return useExportUrl(g2Endpoints.g2UploadReportCsv, {
    upload: String(id),
    severity: view.severity,
    column: view.column,
    kind: view.kind,
  });
}

/** The data-quality queue: open problems by kind and one page of them. */
export function useG2Issues(view: {
  kind: G2IssueKind | undefined;
  status: G2IssueStatus | undefined;
  page: number;
  pageSize: number;
}) {
  return useScopedQuery(
    g2Endpoints.g2Issues,
    {
      query: {
        kind: view.kind,
        status: view.status,
        page: String(view.page),
        page_size: String(view.pageSize),
      },
    },
    { keepPreviousWhileChanging: ['page', 'page_size'] },
  );
}

/** One page of partner store mappings. */
export function useG2Mappings(view: {
  status: G2MappingStatus | undefined;
  search: string;
  page: number;
  pageSize: number;
}) {
  return useScopedQuery(
    g2Endpoints.g2StoreMappings,
    {
      query: {
        status: view.status,
        search: view.search || undefined,
        page: String(view.page),
        page_size: String(view.pageSize),
      },
    },
    { keepPreviousWhileChanging: ['page', 'page_size', 'search'] },
  );
}

/** Uploads a G2 file, telling the share sent so far. */
export const useCreateG2Upload = (progress: (fraction: number) => void) =>
  useScopedMutation(g2Endpoints.createG2Upload, {
    transport: xhrTransport(progress),
  });
/** Commits a ready upload at a version. */
export const useCommitG2Upload = () =>
  useScopedMutation(g2Endpoints.commitG2Upload);
/** Rolls a committed upload back at a version. */
export const useRollbackG2Upload = () =>
  useScopedMutation(g2Endpoints.rollbackG2Upload);
/** Discards an upload not committed at a version. */
export const useDiscardG2Upload = () =>
  useScopedMutation(g2Endpoints.discardG2Upload);
/** Resolves, ignores or reopens a problem with a note. */
export const useSettleG2Issue = () =>
  useScopedMutation(g2Endpoints.settleG2Issue);
/** Confirms, ignores or resets one mapping. */
export const useUpdateG2Mapping = () =>
  useScopedMutation(g2Endpoints.updateG2StoreMapping);
/** Confirms several mappings at once. */
export const useConfirmG2Mappings = () =>
  useScopedMutation(g2Endpoints.confirmG2StoreMappings);
/** Imports mappings from a CSV. */
export const useImportG2Mappings = () =>
  useScopedMutation(g2Endpoints.importG2StoreMappings);
/** The download link of the mappings' CSV. */
export const useG2MappingsCsv = (status: G2MappingStatus | undefined) =>
  useExportUrl(g2Endpoints.g2StoreMappingsCsv, { status });
