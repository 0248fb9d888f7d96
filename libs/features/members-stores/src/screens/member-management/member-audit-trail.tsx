import type { AuditEvent } from '@collective/api-client/contract';
import { AuditTrail, DataState, shownValue } from '@collective/ui';
import { MEMBER_FIELD_LABELS, MEMBER_WORDS } from './member-form';

/** Words for the actions of a member's trail. */
const ACTIONS: Readonly<Record<string, string>> = {
  create: 'Created',
  update: 'Edited',
  deactivate: 'Deactivated',
};

/** A value in words: a tier's or status's name, else its text. */
const shown = (_field: string, value: unknown) =>
  MEMBER_WORDS[String(value)] ?? shownValue(value);

/**
 * A member's audit trail (decisions D15), newest first: when, who, what
 * and each field before and after. The table scrolls sideways in its own
 * region, which the keyboard can reach, so the page never does at 390 px.
 */
export function MemberAuditTrail({
  query,
  headingId,
}: {
  query: {
    status: 'pending' | 'error' | 'success';
    error: Error | null;
    data?: { events: readonly AuditEvent[]; total: number } | undefined;
    refetch: () => unknown;
  };
  headingId: string;
}) {
  return (
    <DataState
      status={query.status}
      error={query.error}
      onRetry={() => void query.refetch()}
      loadingText="Loading the audit trail…"
    >
      <AuditTrail
        events={query.data?.events ?? []}
        actions={ACTIONS}
        fieldLabels={MEMBER_FIELD_LABELS}
        shown={shown}
        labelledBy={headingId}
        emptyText="No change has been recorded for this member yet."
      />
    </DataState>
  );
}
