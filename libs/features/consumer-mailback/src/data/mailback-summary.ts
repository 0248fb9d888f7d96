import { mailbackEndpoints } from '@collective/api-client/contract';
import { useScopedQuery } from '@collective/tenancy/react';

/**
 * The answer of GET /api/mailback/summary, of the user's own records (keyed by
 * the user's scope).
 */
export function useMailbackSummary() {
  return useScopedQuery(mailbackEndpoints.mailbackSummary, {});
}
