import type { AuditEvent } from '@collective/api-client/contract';
import { AuditTrail, DataState, shownValue } from '@collective/ui';
import { MEMBER_FIELD_LABELS, MEMBER_WORDS } from './member-form';

/** Words for the actions of a member's or a store's trail. */
const ACTIONS: Readonly<Record<string, string>> = {
  create: 'Created',
  update: 'Edited',
  deactivate: 'Deactivated',
  import: 'Imported',
};

/** What the trail needs of a query of GET /api/audit-events. */
export interface AuditTrailQuery {
  status: 'pending' | 'error' | 'success';
  error: Error | null;
  data?: { events: readonly AuditEvent[]; total: number } | undefined;
  refetch: () => unknown;
}

/**
 * A record's audit trail (decisions D15) from its query, newest first:
 * when, who, what and each field before and after, named by `labels`,
 * values in `words` where they have one. The table scrolls sideways in its
 * own region, which the keyboard can reach, so the page never does at 390 px.
 */
export function RecordAuditTrail({
  query,
  headingId,
  labels,
  words,
  emptyText,
}: {
  query: AuditTrailQuery;
  headingId: string;
  labels: Readonly<Record<string, string>>;
  words: Readonly<Record<string, string>>;
  emptyText: string;
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
        fieldLabels={labels}
        shown={(_field, value) => words[String(value)] ?? shownValue(value)}
        labelledBy={headingId}
        emptyText={emptyText}
      />
    </DataState>
  );
}

/** A member's audit trail (decisions D15), in the member form's words. */
export function MemberAuditTrail({
  query,
  headingId,
}: {
  query: AuditTrailQuery;
  headingId: string;
}) {
  return (
    <RecordAuditTrail
      query={query}
      headingId={headingId}
      labels={MEMBER_FIELD_LABELS}
      words={MEMBER_WORDS}
      emptyText="No change has been recorded for this member yet."
    />
  );
}
