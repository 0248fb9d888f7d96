import {
  dataExportEndpoints,
  type ExportDataset,
} from '@collective/api-client/contract';
import { useExportUrl, useScopedQuery } from '@collective/tenancy/react';

/** What an export is asked for: the dataset, its filters and the columns. */
export interface ExportChoice {
  dataset: ExportDataset;
  from: string | undefined;
  to: string | undefined;
  status: string | undefined;
  /** The chosen columns in file order. */
  columns: readonly string[];
}

/** The query of the count and the export (the scope adds `member_id`). */
function filtersOf(choice: ExportChoice) {
  return {
    dataset: choice.dataset,
    from: choice.from,
    to: choice.to,
    status: choice.status,
  };
}

/**
 * How many rows the export of `choice` would hold in the data scope
 * (decisions D18: the count comes first); not asked while the period is
 * incomplete or backwards (`enabled` false).
 */
export function useExportCount(choice: ExportChoice, enabled: boolean) {
  return useScopedQuery(
    dataExportEndpoints.dataExportCount,
    { query: filtersOf(choice) },
    { enabled },
  );
}

/**
 * The export button's link maker: a single-use URL of the CSV of `choice`
 * in the data scope, streamed to disk by the browser.
 */
export function useExportDownload(choice: ExportChoice) {
  return useExportUrl(dataExportEndpoints.dataExport, {
    ...filtersOf(choice),
    columns: choice.columns.join(','),
  });
}
