import {
  mailbackEndpoints,
  type MailbackFormsSchema,
} from '@collective/api-client/contract';
import { useScopedMutation, useScopedQuery } from '@collective/tenancy/react';
import type { InferOutput } from 'valibot';

/** One form of the answer: its versions, funnel and submissions per month. */
export type MailbackForm = InferOutput<
  typeof MailbackFormsSchema
>['forms'][number];

/**
 * The answer of GET /api/mailback/forms, of the user's own records (keyed by
 * the user's scope).
 */
export function useMailbackForms() {
  return useScopedQuery(mailbackEndpoints.mailbackForms, {});
}

/** Saves a new version of a form as a draft; the live one stays. */
export function useSaveFormDraft() {
  return useScopedMutation(mailbackEndpoints.saveMailbackFormDraft);
}

/** Edits a draft version's consent text and brands. */
export function useEditFormDraft() {
  return useScopedMutation(mailbackEndpoints.editMailbackFormDraft);
}

/** Publishes a draft version: it goes live, the previous live one closes. */
export function usePublishFormVersion() {
  return useScopedMutation(mailbackEndpoints.publishMailbackFormVersion);
}
