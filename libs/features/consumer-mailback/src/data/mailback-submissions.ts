import {
  mailbackEndpoints,
  recordEndpoints,
} from '@collective/api-client/contract';
import { useScopedMutation, useScopedQuery } from '@collective/tenancy/react';

/** The list's question: filters, sort and page as the API takes them. */
export interface SubmissionsQuery {
  search?: string | undefined;
  status?: 'submitted' | 'label_sent' | 'in_transit' | 'received' | undefined;
  region?: 'West' | 'Mountain' | 'Midwest' | 'South' | 'Northeast' | undefined;
  period?: string | undefined;
  sort?: 'created' | '-created' | 'status' | '-status' | undefined;
  page?: string | undefined;
  page_size?: string | undefined;
}

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

/** A single-use link to a CSV export (POST /api/downloads). */
export function useDownloadLink() {
  return useScopedMutation(recordEndpoints.createDownload);
}
