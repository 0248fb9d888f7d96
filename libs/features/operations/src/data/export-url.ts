import { recordEndpoints } from '@collective/api-client/contract';
import { useScopedMutation, useTenancy } from '@collective/tenancy/react';
import { useCallback } from 'react';

/**
 * A function for the list kit's `ExportButton`: asks the server for a
 * single-use download link (POST /api/downloads) to `path` with `query`
 * and the data scope's member, so the browser streams the CSV itself.
 */
export function useExportUrl(
  path: string,
  query: Readonly<Record<string, string | undefined>>,
): () => Promise<string> {
  const { dataFilter } = useTenancy();
  const { mutateAsync } = useScopedMutation(recordEndpoints.createDownload);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(key, value);
  }
  if ('member_id' in dataFilter) {
    search.set('member_id', String(dataFilter.member_id));
  }
  const target = search.size > 0 ? `${path}?${search.toString()}` : path;
  return useCallback(
    async () => (await mutateAsync({ body: { path: target } })).url,
    [mutateAsync, target],
  );
}
