import type { ResponseOf } from '@collective/api-client/contract';
import {
  useMutation,
  useQueryClient,
  type UseMutationResult,
} from '@tanstack/react-query';
import {
  scopedMutation,
  type MutationEndpoint,
  type MutationInput,
  type OptimisticSnapshot,
  type ScopedMutationSettings,
} from '../scoped-mutation';
import { useScopedApi } from './use-scoped-query';

/**
 * Makes a write of the contract in the current scope (decisions 0072):
 * `useScopedMutation(endpoints.revokeApiKey).mutate({ params: { id } })`.
 * When it settles every query of the entry's `resource` is invalidated;
 * `settings.optimistic` shows the outcome before the answer.
 */
export function useScopedMutation<E extends MutationEndpoint>(
  endpoint: E,
  settings?: ScopedMutationSettings<E>,
): UseMutationResult<
  ResponseOf<E>,
  Error,
  MutationInput<E>,
  OptimisticSnapshot | undefined
> {
  const queryClient = useQueryClient();
  return useMutation(
    scopedMutation({ ...useScopedApi(), queryClient }, endpoint, settings),
  );
}
