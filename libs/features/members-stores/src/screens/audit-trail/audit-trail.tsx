import type { AuditEvent } from '@collective/api-client/contract';
import { DataState, formatDateTime, PlainTable } from '@collective/ui';
import styles from './audit-trail.module.css';

/** Words for the actions of a record's trail. */
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

/** The fields an event changed, as "field: before → after" lines (version left out). */
function changesOf(
  event: AuditEvent,
  labels: Readonly<Record<string, string>>,
  shown: (value: unknown) => string,
): string[] {
  const before = event.before ?? {};
  const after = event.after ?? {};
  return Object.keys({ ...before, ...after })
    .filter((field) => field !== 'version' && before[field] !== after[field])
    .map((field) => {
      const label = labels[field] ?? field;
      return event.before === null
        ? `${label}: ${shown(after[field])}`
        : `${label}: ${shown(before[field])} → ${shown(after[field])}`;
    });
}

/**
 * A record's audit trail (decisions D15), newest first: when, who, what
 * and each field before and after, named with `labels` and its values in
 * `words`. The table scrolls sideways in its own region, which the
 * keyboard can reach, so the page never does at 390 px.
 */
export function AuditTrail({
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
  const events = query.data?.events ?? [];
  const shown = (value: unknown) =>
    value === null || value === undefined || value === ''
      ? '–'
      : (words[String(value)] ?? String(value));
  return (
    <DataState
      status={query.status}
      error={query.error}
      onRetry={() => void query.refetch()}
      loadingText="Loading the audit trail…"
    >
      {events.length === 0 ? (
        <p>{emptyText}</p>
      ) : (
        <PlainTable
          className={styles.trail}
          aria-labelledby={headingId}
          scrollLabel="Audit trail table, scrolls sideways"
        >
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id}>
                <td>
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                </td>
                <td>{event.actor?.name || event.actor?.email || 'System'}</td>
                <th scope="row">{ACTIONS[event.action] ?? event.action}</th>
                <td>
                  <ul className={styles.changes}>
                    {changesOf(event, labels, shown).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      )}
    </DataState>
  );
}
