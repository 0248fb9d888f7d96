import type { AuditEvent } from '@collective/api-client/contract';
import { DataState, formatDateTime, PlainTable } from '@collective/ui';
import { MEMBER_FIELD_LABELS, MEMBER_WORDS } from './member-form';
import styles from './member-management.module.css';

/** Words for the actions of a member's trail. */
const ACTIONS: Readonly<Record<string, string>> = {
  create: 'Created',
  update: 'Edited',
  deactivate: 'Deactivated',
};

const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '–'
    : (MEMBER_WORDS[String(value)] ?? String(value));

/** The fields an event changed, as "field: before → after" lines (version left out). */
function changesOf(event: AuditEvent): string[] {
  const before = event.before ?? {};
  const after = event.after ?? {};
  return Object.keys({ ...before, ...after })
    .filter((field) => field !== 'version' && before[field] !== after[field])
    .map((field) => {
      const label = MEMBER_FIELD_LABELS[field] ?? field;
      return event.before === null
        ? `${label}: ${shown(after[field])}`
        : `${label}: ${shown(before[field])} → ${shown(after[field])}`;
    });
}

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
  const events = query.data?.events ?? [];
  return (
    <DataState
      status={query.status}
      error={query.error}
      onRetry={() => void query.refetch()}
      loadingText="Loading the audit trail…"
    >
      {events.length === 0 ? (
        <p>No change has been recorded for this member yet.</p>
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
                    {changesOf(event).map((line) => (
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
