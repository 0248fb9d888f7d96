import {
  G2_ISSUE_KIND_LABELS,
  G2_ISSUE_KINDS,
  G2_ISSUE_STATUSES,
  MAX_G2_NOTE_LENGTH,
  type G2Issue,
  type G2IssueKind,
  type G2IssueStatus,
} from '@collective/api-client/contract';
import {
  Alert,
  Button,
  errorMessage,
  FilterBar,
  formatNumber,
  labelledFilter,
  noMatchText,
  Panel,
  STANDARD_PAGING,
  TextField,
  useListParams,
  VisuallyHidden,
  type DataTableColumn,
  type ListSpec,
} from '@collective/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useG2Issues, useSettleG2Issue } from '../../data/g2';
import { rowContext } from '../row-context';
import { CountedListTable } from '../table-region';
import styles from './g2.module.css';
import { ReadOnlyNote } from './read-only-note';

/** What the quality queue accepts from its URL. */
export const QUEUE_LIST: ListSpec = {
  sortable: [],
  ...STANDARD_PAGING,
  filters: { kind: G2_ISSUE_KINDS, status: G2_ISSUE_STATUSES },
};

const STATUS_LABELS: Readonly<Record<G2IssueStatus, string>> = {
  open: 'Open',
  resolved: 'Resolved',
  ignored: 'Ignored',
};

/** How to open an issue's note form, or `null` on a read-only queue. */
const [SettlingProvider, useSettling] = rowContext<{
  open: ((issue: G2Issue, action: 'resolve' | 'ignore') => void) | null;
}>('IssueActions must be inside the quality queue.');

function IssueActions({ issue }: { issue: G2Issue }) {
  const { open } = useSettling();
  if (issue.status !== 'open' || !open) {
    return (
      <span>{`${STATUS_LABELS[issue.status]}${issue.note ? `: ${issue.note}` : ''}`}</span>
    );
  }
  const of = (
    <VisuallyHidden>{`row ${issue.row} of ${issue.file_name}`}</VisuallyHidden>
  );
  return (
    <div className={styles.actions}>
      <Button variant="secondary" onClick={() => open(issue, 'resolve')}>
        Resolve {of}
      </Button>
      <Button variant="secondary" onClick={() => open(issue, 'ignore')}>
        Ignore {of}
      </Button>
    </div>
  );
}

const COLUMNS: DataTableColumn<G2Issue>[] = [
  {
    id: 'where',
    header: 'Upload, row',
    rowHeader: true,
    cell: (i) => (
      <Link
        to={`?section=uploads&upload=${i.upload_id}`}
      >{`${i.file_name}, row ${i.row}`}</Link>
    ),
  },
  { id: 'kind', header: 'Problem', cell: (i) => G2_ISSUE_KIND_LABELS[i.kind] },
  {
    id: 'value',
    header: 'Value',
    cell: (i) => <code className={styles.value}>{i.value || '(empty)'}</code>,
  },
  { id: 'message', header: 'What to do', cell: (i) => i.message },
  { id: 'actions', header: 'Status', cell: (i) => <IssueActions issue={i} /> },
];

/** The note form of one problem being resolved or ignored. */
function SettleForm({
  issue,
  action,
  onClose,
  onDone,
}: {
  issue: G2Issue;
  action: 'resolve' | 'ignore';
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const settle = useSettleG2Issue();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  // The note is what the person came to write: the field takes the focus.
  useEffect(() => field.current?.focus(), []);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (note.trim() === '') {
      setError(
        `Say why this problem is ${action === 'resolve' ? 'resolved' : 'ignored'}.`,
      );
      return;
    }
    settle.mutate(
      {
        params: { id: issue.id },
        body: { action, note, version: issue.version },
      },
      {
        onSuccess: () => {
          onDone(
            `Row ${issue.row} of ${issue.file_name}: ${action === 'resolve' ? 'resolved' : 'ignored'}.`,
          );
          onClose();
        },
      },
    );
  }
  return (
    <form
      className={styles.form}
      onSubmit={submit}
      aria-label={`${action === 'resolve' ? 'Resolve' : 'Ignore'} row ${issue.row} of ${issue.file_name}`}
    >
      <p
        className={styles.wide}
      >{`${G2_ISSUE_KIND_LABELS[issue.kind]}, row ${issue.row} of ${issue.file_name}: ${issue.message}`}</p>
      <TextField
        label="Note"
        value={note}
        maxLength={MAX_G2_NOTE_LENGTH}
        error={error ?? undefined}
        onChange={(event) => {
          setNote(event.target.value);
          setError(null);
        }}
        ref={field}
      />
      <Button type="submit" disabled={settle.isPending}>
        {action === 'resolve' ? 'Resolve' : 'Ignore'}
      </Button>
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      {settle.isError ? (
        <div className={styles.wide}>
          <Alert>
            {errorMessage(settle.error, 'Nothing was saved. Try again.')}
          </Alert>
        </div>
      ) : null}
    </form>
  );
}

/**
 * The data-quality queue (decisions D17): problems of uploads still to be
 * committed, counted by kind (each count filters the list), each
 * resolvable or ignorable with a note (unless `readOnly`: then each shows
 * its status).
 */
export function QualityQueue({
  readOnly,
  onDone,
}: {
  readOnly: boolean;
  onDone: (text: string) => void;
}) {
  const searchParams = useSearchParams();
  const list = useListParams(QUEUE_LIST, searchParams);
  const { state } = list;
  const kind = state.filters['kind'] as G2IssueKind | undefined;
  const status =
    (state.filters['status'] as G2IssueStatus | undefined) ?? 'open';
  const issues = useG2Issues({
    kind,
    status,
    page: state.page,
    pageSize: state.pageSize,
  });
  const [settling, setSettling] = useState<{
    issue: G2Issue;
    action: 'resolve' | 'ignore';
  } | null>(null);
  const answer = issues.data;
  return (
    <Panel title="Data-quality queue">
      {readOnly ? (
        <ReadOnlyNote scope={answer?.scope} subject="uploads" />
      ) : null}
      {answer && answer.groups.length > 0 ? (
        <ul className={styles.groups} aria-label="Open problems by kind">
          {answer.groups.map((group) => (
            <li key={group.kind}>
              <Button
                variant={kind === group.kind ? 'primary' : 'secondary'}
                aria-pressed={kind === group.kind}
                onClick={() =>
                  list.setFilter('kind', kind === group.kind ? '' : group.kind)
                }
              >
                {`${G2_ISSUE_KIND_LABELS[group.kind]}: ${formatNumber(group.open)}`}
              </Button>
            </li>
          ))}
        </ul>
      ) : answer ? (
        <p>No open problem: every upload waiting to be committed is clean.</p>
      ) : null}
      <FilterBar
        label="Filter the quality queue"
        list={list}
        selects={[
          labelledFilter(
            { key: 'kind', label: 'Problem', allLabel: 'Any problem' },
            G2_ISSUE_KINDS,
            G2_ISSUE_KIND_LABELS,
          ),
          labelledFilter(
            { key: 'status', label: 'Status', allLabel: 'Open' },
            G2_ISSUE_STATUSES.filter((s) => s !== 'open'),
            STATUS_LABELS,
          ),
        ]}
      />
      {settling ? (
        <SettleForm
          key={settling.issue.id}
          issue={settling.issue}
          action={settling.action}
          onClose={() => setSettling(null)}
          onDone={onDone}
        />
      ) : null}
      <SettlingProvider
        value={{
          open: readOnly
            ? null
            : (issue, action) => setSettling({ issue, action }),
        }}
      >
        <CountedListTable
          title="Problems"
          counted={`${STATUS_LABELS[status].toLowerCase()} problems`}
          columns={COLUMNS}
          rows={answer?.issues}
          list={list}
          spec={QUEUE_LIST}
          answer={issues}
          emptyText={noMatchText('problem')}
        />
      </SettlingProvider>
    </Panel>
  );
}
