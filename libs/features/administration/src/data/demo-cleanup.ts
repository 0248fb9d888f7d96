import { demoCleanupEndpoints } from '@collective/api-client/contract';
import { useScopedMutation, useScopedQuery } from '@collective/tenancy/react';

/**
 * The dry run of a demo clean-up (decisions D20): what was made after the
 * seed and which seeded records changed, per kind. The super admin only;
 * `enabled` is false for anyone else, so no call is made that would be 403.
 */
export function useDemoCleanupPlan(enabled: boolean) {
  return useScopedQuery(demoCleanupEndpoints.demoCleanupPlan, {}, { enabled });
}

/**
 * Carries out the clean-up the dry run showed (`body`: the typed phrase and
 * the plan's fingerprint). It changes records of every kind, so every
 * query on screen is fetched again once it settles.
 */
export const useCleanUpDemo = () =>
  useScopedMutation(demoCleanupEndpoints.cleanUpDemo, {
    invalidates: 'everything',
  });
