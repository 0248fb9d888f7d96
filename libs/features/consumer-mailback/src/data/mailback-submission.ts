import { mailbackEndpoints } from '@collective/api-client/contract';
import { useScopedMutation, useScopedQuery } from '@collective/tenancy/react';

/** One submission, personal data masked. */
export function useMailbackSubmission(id: string) {
  return useScopedQuery(mailbackEndpoints.mailbackSubmission, {
    params: { id },
  });
}

/** The writes of a submission's detail, each an audited call. */
export function useSubmissionActions() {
  return {
    reveal: useScopedMutation(mailbackEndpoints.revealMailbackSubmission),
    receive: useScopedMutation(mailbackEndpoints.receiveMailbackSubmission),
    resend: useScopedMutation(mailbackEndpoints.resendMailbackLabel),
    note: useScopedMutation(mailbackEndpoints.addMailbackNote),
    redact: useScopedMutation(mailbackEndpoints.redactMailbackSubmission),
    markSent: useScopedMutation(mailbackEndpoints.markMailbackLabelsSent),
  };
}
