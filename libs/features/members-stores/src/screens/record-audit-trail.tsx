import type { AuditEvent } from '@collective/api-client/contract';
import { AuditTrail, DataState, shownValue } from '@collective/ui';

/** A record's audit trail as its query hook gives it. */
export interface AuditTrailQuery {
  status: 'pending' | 'error' | 'success';
  error: Error | null;
  data?: { events: readonly AuditEvent[]; total: number } | undefined;
  refetch: () => unknown;
}

/** The words of a kind of record's audit trail. */
export interface RecordTrailWords {
  /** The kind of record as a sentence names it, e.g. `store`. */
  noun: string;
  /** Words for the trail's actions, e.g. `{ create: 'Created' }`. */
  actions: Readonly<Record<string, string>>;
  /** The labels of the record's fields. */
  fieldLabels: Readonly<Record<string, string>>;
  /** Words for the record's coded values, e.g. `{ founding: 'Founding' }`. */
  values: Readonly<Record<string, string>>;
}

/** Words for the actions every record's trail has. */
export const RECORD_ACTIONS: Readonly<Record<string, string>> = {
  create: 'Created',
  update: 'Edited',
  deactivate: 'Deactivated',
};

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
  words,
}: {
  /** The record's id, for the heading's id. */
  id: number;
  query: AuditTrailQuery;
  /** The words of the record's kind. */
  words: RecordTrailWords;
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
          actions={words.actions}
          fieldLabels={words.fieldLabels}
          shown={(_field, value) =>
            words.values[String(value)] ?? shownValue(value)
          }
          labelledBy={headingId}
          emptyText={`No change has been recorded for this ${words.noun} yet.`}
        />
      </DataState>
    </section>
  );
}
