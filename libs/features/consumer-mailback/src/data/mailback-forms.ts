import { mailbackEndpoints } from '@collective/api-client/contract';
import { useScopedMutation, useScopedQuery } from '@collective/tenancy/react';

/**
 * The answer of GET /api/mailback/forms, of the user's own records (keyed by
 * the user's scope).
 */
export function useMailbackForms() {
  return useScopedQuery(mailbackEndpoints.mailbackForms, {});
}

/** Publishes a new live version of a form; the previous one closes. */
export function usePublishFormVersion() {
  return useScopedMutation(mailbackEndpoints.publishMailbackFormVersion);
}
