import { instructionEndpoints } from '@collective/api-client/contract';
import { useScopedMutation, useScopedQuery } from '@collective/tenancy/react';

/** The instruction pages of the active tenant, in order (decisions D20). */
export function useInstructionPages() {
  return useScopedQuery(instructionEndpoints.instructionPages, {});
}

/** One instruction page: its Markdown and the HTML the server rendered and sanitised. */
export function useInstructionPage(slug: string | undefined) {
  return useScopedQuery(
    instructionEndpoints.instructionPage,
    { params: { slug: slug ?? '' } },
    { enabled: slug !== undefined },
  );
}

/** Saves a page's title, Markdown or position at the version read (collective admins). */
export const useUpdateInstructionPage = () =>
  useScopedMutation(instructionEndpoints.updateInstructionPage);

/**
 * Renders Markdown as a page would show it, by the server's sanitiser;
 * nothing is saved, and no page is fetched again.
 */
export const usePreviewInstructionPage = () =>
  useScopedMutation(instructionEndpoints.previewInstructionPage);
