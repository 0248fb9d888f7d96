import {
  mailbackEndpoints,
  type MailbackSubmissionRowSchema,
  type MailbackSubmissionsQuerySchema,
} from '@collective/api-client/contract';
import {
  useExportUrl,
  useScopedMutation,
  useScopedQuery,
} from '@collective/tenancy/react';
import type { InferInput, InferOutput } from 'valibot';

/**
 * The list's question: filters, sort and page as the API takes them (the
 * input of the contract's query schema, so its statuses, regions and sorts
 * are the contract's).
 */
export type SubmissionsQuery = InferInput<
  typeof MailbackSubmissionsQuerySchema
>;

/** One row of the list: a submission as the list shows it, personal data masked. */
export type SubmissionRow = InferOutput<typeof MailbackSubmissionRowSchema>;

/** One page of mail-back submissions, personal data masked; the page before stays while the next loads. */
export function useMailbackSubmissions(query: SubmissionsQuery) {
  return useScopedQuery(
    mailbackEndpoints.mailbackSubmissions,
    { query },
    { keepPreviousWhileChanging: ['page'] },
  );
}

/** Marks the labels of the chosen submissions sent. */
export function useMarkLabelsSent() {
  return useScopedMutation(mailbackEndpoints.markMailbackLabelsSent);
}

/**
 * A single-use link to the CSV of the submissions the list's filters find
 * (every page), for `ExportButton`; with personal data only when `personal`
 * (an audited export).
 */
export function useSubmissionsExportUrl(
  query: SubmissionsQuery,
  personal: boolean,
) {
  const { search, status, region, period } = query;
  return useExportUrl(mailbackEndpoints.mailbackSubmissionsExport, {
    search,
    status,
    region,
    period,
    ...(personal ? { personal: 'true' } : {}),
  });
}
