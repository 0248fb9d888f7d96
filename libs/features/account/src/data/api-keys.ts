import type { ApiClient } from '@collective/api-client';
import { useApi } from '@collective/auth/react';
import { scopedQueryKey, type DataScope } from '@collective/tenancy';
import { useTenancy } from '@collective/tenancy/react';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

/** Query options of the user's API keys, keyed by the user's scope (they are the user's own). */
export function apiKeysQueryOptions(
  api: Pick<ApiClient, 'keys'>,
  userScope: DataScope,
) {
  return queryOptions({
    queryKey: scopedQueryKey(userScope, 'api-keys'),
    queryFn: ({ signal }) => api.keys.list({ signal }),
  });
}

/** The user's API keys, never their secrets. */
export function useApiKeys() {
  const { userScope } = useTenancy();
  return useQuery(apiKeysQueryOptions(useApi(), userScope));
}

function useKeysMutation<T, R>(run: (api: ApiClient, input: T) => Promise<R>) {
  const api = useApi();
  const { userScope } = useTenancy();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => run(api, input),
    onSettled: () =>
      client.invalidateQueries({
        queryKey: apiKeysQueryOptions(api, userScope).queryKey,
      }),
  });
}

/** Makes a key; the answer holds its secret, which is shown once. */
export function useCreateApiKey() {
  return useKeysMutation((api, name: string) => api.keys.create(name));
}

/** Revokes a key; it stops working at once. */
export function useRevokeApiKey() {
  return useKeysMutation((api, id: number) => api.keys.revoke(id));
}
