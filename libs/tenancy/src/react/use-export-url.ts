import {
  recordEndpoints,
  type Endpoint,
} from '@collective/api-client/contract';
import { useCallback } from 'react';
import { scopedRequest, type ScopedInput } from '../scoped-query';
import { useScopedMutation } from './use-scoped-mutation';
import { useScopedApi } from './use-scoped-query';

/** A CSV export entry of the contract (`format: 'csv'`, read with GET). */
export type ExportEndpoint = Endpoint & { method: 'GET'; format: 'csv' };

/**
 * The query a screen gives an export: the entry's filters, without the
 * data filter's `member_id` (the scope adds it) and without the `download`
 * ticket (the server adds it); an empty or absent value is left out.
 */
export type ExportQuery<E extends ExportEndpoint> =
  ScopedInput<E> extends { query?: infer Q }
    ? { [K in Exclude<keyof NonNullable<Q>, 'download'>]?: string | undefined }
    : Record<string, never>;

/**
 * A function for the list kit's `ExportButton`: asks the server for a
 * single-use download link (POST /api/downloads) to the export `endpoint`'s
 * path with `query`, so the browser streams the CSV itself. The request is
 * built by {@link scopedRequest}, as for any read: a `scoped` entry carries
 * the data filter's `member_id`, any other never does.
 */
export function useExportUrl<E extends ExportEndpoint>(
  endpoint: E,
  query: ExportQuery<E>,
): () => Promise<string> {
  const scoped = useScopedApi();
  const { mutateAsync } = useScopedMutation(recordEndpoints.createDownload);
  const request = scopedRequest(endpoint, scoped, {
    query,
  } as unknown as ScopedInput<E>) as { query?: Record<string, string> };
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== '') search.set(name, value);
  }
  const path =
    search.size > 0 ? `${endpoint.path}?${search.toString()}` : endpoint.path;
  return useCallback(
    async () => (await mutateAsync({ body: { path } })).url,
    [mutateAsync, path],
  );
}
