import { formatDateTime } from '../format/format';
import { ColumnHeadings } from '../plain-table/column-headings';
import { PlainTable } from '../plain-table/plain-table';
import {
  auditChanges,
  type AuditTrailEvent,
  type AuditWords,
} from './audit-changes';
import styles from './audit-trail.module.css';

/** Props of {@link AuditTrail}. */
export interface AuditTrailProps extends AuditWords {
  /** The events, newest first, as the API answers them. */
  events: readonly AuditTrailEvent[];
  /** An action's words, e.g. `deactivate` → "Deactivated"; the action itself when absent. */
  actions?: Readonly<Record<string, string>>;
  /** The id of the heading that names the trail (its section's). */
  labelledBy: string;
  /** What stands in for the table when nothing was recorded yet. */
  emptyText: string;
}

/**
 * A record's audit trail (decisions D15), newest first: when, who, what and
 * each field before and after. The table scrolls sideways in its own
 * keyboard-reachable region, so the page never does at 390 px.
 */
export function AuditTrail({
  events,
  actions = {},
  labelledBy,
  emptyText,
  ...words
}: AuditTrailProps) {
  if (events.length === 0) return <p>{emptyText}</p>;
  return (
    <PlainTable
      className={styles.trail}
      aria-labelledby={labelledBy}
      scrollLabel="Audit trail table, scrolls sideways"
    >
      <ColumnHeadings names={['When', 'Who', 'Action', 'Changes']} />
      <tbody>
        {events.map((event) => (
          <tr key={event.id}>
            <td>
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
            </td>
            <td>{event.actor?.name || event.actor?.email || 'System'}</td>
            <th scope="row">{actions[event.action] ?? event.action}</th>
            <td>
              <ul className={styles.changes}>
                {auditChanges(event, words).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
}
