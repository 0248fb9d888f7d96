import type { ApiKey } from '@collective/api-client';
import { shellEndpoints } from '@collective/api-client/contract';
import { useScopedMutation, useScopedQuery } from '@collective/tenancy/react';

const keysOf = (answer: { keys: ApiKey[] }) => answer.keys;

/** The user's API keys, never their secrets (keyed by the user's scope: they are the user's own). */
export function useApiKeys() {
  return useScopedQuery(shellEndpoints.apiKeys, {}, { select: keysOf });
}

/** Makes a key (`mutate({ body: { name } })`); the answer holds its secret, which is shown once. */
export function useCreateApiKey() {
  return useScopedMutation(shellEndpoints.createApiKey);
}

/** Revokes a key (`mutate({ params: { id } })`); it stops working at once. */
export function useRevokeApiKey() {
  return useScopedMutation(shellEndpoints.revokeApiKey);
}
