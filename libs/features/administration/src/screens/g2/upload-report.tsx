import {
  G2_COLUMNS,
  G2_ISSUE_KIND_LABELS,
  G2_ISSUE_KINDS,
  G2_SEVERITIES,
  type G2Issue,
  type G2IssueKind,
  type G2Severity,
  type G2Upload,
} from '@collective/api-client/contract';
import {
  Alert,
  answerState,
  Button,
  DataTable,
  errorMessage,
  ExportButton,
  Figures,
  formatDateTime,
  isStaleWrite,
  Panel,
  SelectField,
  VisuallyHidden,
  type DataTableColumn,
} from '@collective/ui';
import { useEffect, useRef, useState } from 'react';
import {
  useCommitG2Upload,
  useDiscardG2Upload,
  useG2Report,
  useG2ReportCsv,
  useRollbackG2Upload,
} from '../../data/g2';
import { TableRegion } from '../table-region';
import { kg, rowsText, UPLOAD_STATUS_LABELS } from './g2-labels';
import styles from './g2.module.css';

const PAGE_SIZE = 25;
const NO_ISSUES: readonly G2Issue[] = [];

const ISSUE_COLUMNS: DataTableColumn<G2Issue>[] = [
  { id: 'row', header: 'Row', rowHeader: true, cell: (i) => i.row },
  { id: 'column', header: 'Column', cell: (i) => i.column || 'whole row' },
  {
    id: 'value',
    header: 'Value',
    cell: (i) => <code className={styles.value}>{i.value || '(empty)'}</code>,
  },
  { id: 'message', header: 'Problem', cell: (i) => i.message },
  {
    id: 'severity',
    header: 'Severity',
    cell: (i) => (i.severity === 'error' ? 'Error' : 'Warning'),
  },
];

type Write = 'commit' | 'rollback' | 'discard';

/** What each write asks and says. */
const WRITES: Record<
  Write,
  {
    allowed: readonly G2Upload['status'][];
    label: string;
    ask: (u: G2Upload) => string;
    done: string;
  }
> = {
  commit: {
    allowed: ['ready', 'rolled_back'],
    label: 'Commit',
    ask: (u) =>
      `Commit ${u.file_name}? ${rowsText(u.totals.valid + u.totals.warnings)} (${kg(u.totals.weight_kg)}) reach the program's figures; rows with errors stay out.`,
    done: 'committed: its rows are in the figures.',
  },
  rollback: {
    allowed: ['committed'],
    label: 'Roll back',
    ask: (u) =>
      `Roll back ${u.file_name}? Its ${kg(u.totals.weight_kg)} leave the program's figures.`,
    done: 'rolled back: its rows left the figures.',
  },
  discard: {
    allowed: ['validating', 'ready', 'failed', 'rolled_back'],
    label: 'Discard',
    ask: (u) =>
      `Discard ${u.file_name}? Its staged rows and report are deleted; the same file may be uploaded again.`,
    done: 'discarded.',
  },
};

/** Commit, roll back and discard, each behind a confirmation naming what it does. */
function UploadWrites({
  upload,
  onDone,
}: {
  upload: G2Upload;
  onDone: (text: string, gone: boolean) => void;
}) {
  const writes = {
    commit: useCommitG2Upload(),
    rollback: useRollbackG2Upload(),
    discard: useDiscardG2Upload(),
  };
  const [asking, setAsking] = useState<Write | null>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);
  const failed = Object.values(writes).find((w) => w.isError);
  const run = (write: Write) =>
    writes[write].mutate(
      { params: { id: upload.id }, body: { version: upload.version } },
      {
        onSuccess: () => {
          setAsking(null);
          onDone(
            `${upload.file_name} was ${WRITES[write].done}`,
            write === 'discard',
          );
        },
      },
    );
  return (
    <div className={styles.stack}>
      {failed?.error ? (
        <Alert>
          {errorMessage(failed.error, 'Nothing was changed. Try again.')}
          {isStaleWrite(failed.error)
            ? ' The upload changed meanwhile; it is shown as it is now.'
            : ''}
        </Alert>
      ) : null}
      {asking ? (
        <div
          className={styles.confirm}
          role="group"
          aria-label={`${WRITES[asking].label} ${upload.file_name}`}
        >
          <p>{WRITES[asking].ask(upload)}</p>
          <Button
            ref={confirm}
            disabled={writes[asking].isPending}
            onClick={() => run(asking)}
          >
            {`Yes, ${WRITES[asking].label.toLowerCase()}`}
          </Button>
          <Button variant="secondary" onClick={() => setAsking(null)}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className={styles.actions}>
          {(Object.keys(WRITES) as Write[])
            .filter((write) => WRITES[write].allowed.includes(upload.status))
            .map((write) => (
              <Button
                key={write}
                variant={write === 'commit' ? 'primary' : 'secondary'}
                onClick={() => {
                  for (const w of Object.values(writes)) w.reset();
                  setAsking(write);
                }}
              >
                {WRITES[write].label}…
              </Button>
            ))}
        </div>
      )}
    </div>
  );
}

/**
 * One upload: its status and totals (validation progress while it is
 * checked), the validation report with filters and its CSV, and, unless
 * `readOnly`, the writes its status allows.
 */
export function UploadReport({
  id,
  readOnly,
  onClose,
  onDone,
}: {
  id: number;
  readOnly: boolean;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const [severity, setSeverity] = useState<G2Severity | undefined>();
  const [column, setColumn] = useState<string | undefined>();
  const [kind, setKind] = useState<G2IssueKind | undefined>();
  const [page, setPage] = useState(1);
  const filters = { severity, column, kind };
  const report = useG2Report(id, { ...filters, page, pageSize: PAGE_SIZE });
  const csv = useG2ReportCsv(id, filters);
  const upload = report.data?.upload;
  const validation = upload?.validation;
  return (
    <Panel
      title={upload ? `Upload ${upload.file_name}` : 'Upload'}
      actions={
        <Button variant="secondary" onClick={onClose}>
          Close <VisuallyHidden>the upload</VisuallyHidden>
        </Button>
      }
    >
      {report.isError && !upload ? (
        <Alert>
          {errorMessage(report.error, 'The upload could not be read.')}
        </Alert>
      ) : null}
      {upload ? (
        <div className={styles.stack}>
          <Figures
            figures={[
              { term: 'Status', value: UPLOAD_STATUS_LABELS[upload.status] },
              { term: 'Rows', value: rowsText(upload.totals.rows) },
              { term: 'Valid', value: rowsText(upload.totals.valid) },
              { term: 'With errors', value: rowsText(upload.totals.errors) },
              {
                term: 'With warnings',
                value: rowsText(upload.totals.warnings),
              },
              { term: 'Weight to commit', value: kg(upload.totals.weight_kg) },
            ]}
          />
          <p>
            Period {upload.period_start} to {upload.period_end}; uploaded{' '}
            {formatDateTime(upload.uploaded_at)}
            {upload.uploaded_by ? ` by ${upload.uploaded_by}` : ''}.
          </p>
          {upload.status === 'validating' ? (
            <div>
              <label htmlFor={`validation-${id}`}>Checking the rows</label>{' '}
              <progress
                id={`validation-${id}`}
                max={1}
                value={validation?.progress ?? 0}
              />{' '}
              <span aria-live="polite">
                {validation?.message ??
                  (validation ? 'Checking…' : 'Waiting to start…')}
              </span>
            </div>
          ) : null}
          {upload.failure ? <Alert>{upload.failure}</Alert> : null}
          {readOnly ? null : (
            <UploadWrites
              upload={upload}
              onDone={(text, gone) => {
                onDone(text);
                if (gone) onClose();
              }}
            />
          )}
          <div
            className={styles.filters}
            role="search"
            aria-label="Filter the report"
          >
            <SelectField
              label="Severity"
              value={severity ?? ''}
              options={[
                { value: '', label: 'Any severity' },
                ...G2_SEVERITIES.map((s) => ({
                  value: s,
                  label: s === 'error' ? 'Errors' : 'Warnings',
                })),
              ]}
              onChange={(event) => {
                setSeverity(
                  (event.target.value || undefined) as G2Severity | undefined,
                );
                setPage(1);
              }}
            />
            <SelectField
              label="Column"
              value={column ?? ''}
              options={[
                { value: '', label: 'Any column' },
                ...G2_COLUMNS.map((c) => ({ value: c, label: c })),
              ]}
              onChange={(event) => {
                setColumn(event.target.value || undefined);
                setPage(1);
              }}
            />
            <SelectField
              label="Problem"
              value={kind ?? ''}
              options={[
                { value: '', label: 'Any problem' },
                ...G2_ISSUE_KINDS.map((k) => ({
                  value: k,
                  label: G2_ISSUE_KIND_LABELS[k],
                })),
              ]}
              onChange={(event) => {
                setKind(
                  (event.target.value || undefined) as G2IssueKind | undefined,
                );
                setPage(1);
              }}
            />
            <ExportButton getDownloadUrl={csv} label="Download report CSV" />
          </div>
        </div>
      ) : null}
      <TableRegion>
        <DataTable
          caption={
            report.data
              ? `Validation report: ${report.data.total} problems`
              : 'Validation report'
          }
          columns={ISSUE_COLUMNS}
          rows={report.data?.issues ?? NO_ISSUES}
          getRowId={(issue) => String(issue.id)}
          {...answerState(report)}
          emptyText={
            upload?.status === 'validating'
              ? 'The rows are being checked…'
              : 'No problem matches.'
          }
          pagination={{
            page,
            pageCount: report.data
              ? Math.ceil(report.data.total / PAGE_SIZE)
              : 0,
            onPage: setPage,
          }}
        />
      </TableRegion>
    </Panel>
  );
}
