import type { AuditEvent } from '@collective/api-client/contract';
import { AuditTrail, DataState, shownValue } from '@collective/ui';

/** A record's audit trail as its query hook gives it. */
export interface AuditTrailQuery {
  status: 'pending' | 'error' | 'success';
  error: Error | null;
  data?: { events: readonly AuditEvent[]; total: number } | undefined;
  refetch: () => unknown;
}

/**
 * The Audit trail section of a member's or a store's detail (decisions D15),
 * newest first: when, who, what and each field before and after, a value in
 * the record's words (a tier's, status's or channel's name) else its text.
 * The table scrolls sideways in its own region, which the keyboard can
 * reach, so the page never does at 390 px.
 */
export function RecordAuditTrail({
  id,
  query,
  actions,
  fieldLabels,
  words,
  emptyText,
}: {
  /** The record's id, for the heading's id. */
  id: number;
  query: AuditTrailQuery;
  /** Words for the trail's actions, e.g. `{ create: 'Created' }`. */
  actions: Readonly<Record<string, string>>;
  fieldLabels: Readonly<Record<string, string>>;
  /** Words for the record's coded values, e.g. `{ founding: 'Founding' }`. */
  words: Readonly<Record<string, string>>;
  emptyText: string;
}) {
  const headingId = `trail-${id}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>Audit trail</h3>
      <DataState
        status={query.status}
        error={query.error}
        onRetry={() => void query.refetch()}
        loadingText="Loading the audit trail…"
      >
        <AuditTrail
          events={query.data?.events ?? []}
          actions={actions}
          fieldLabels={fieldLabels}
          shown={(_field, value) => words[String(value)] ?? shownValue(value)}
          labelledBy={headingId}
          emptyText={emptyText}
        />
      </DataState>
    </section>
  );
}
