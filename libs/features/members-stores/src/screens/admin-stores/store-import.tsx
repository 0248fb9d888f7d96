import {
  MAX_STORE_IMPORT_BYTES,
  MAX_STORE_IMPORT_ROWS,
  STORE_IMPORT_OPTIONAL_COLUMNS,
  STORE_IMPORT_REQUIRED_COLUMNS,
  type StoreImportReport,
} from '@collective/api-client/contract';
import {
  Alert,
  Button,
  errorMessage,
  formatNumber,
  RowIssuesTable,
  Stack,
} from '@collective/ui';
import { useId, useState, type FormEvent } from 'react';
import {
  useImportStores,
  usePreviewStoreImport,
} from '../../data/store-records';
import { counted } from '../record-list-text';
import styles from './admin-stores.module.css';

const stores = (n: number) => counted(n, 'store', 'stores');

/** The row-by-row report of a checked file: counts, then each problem. */
function Report({ report }: { report: StoreImportReport }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>Row report</h3>
      <p>
        {counted(report.rows, 'row', 'rows')} read: {formatNumber(report.valid)}{' '}
        valid, {formatNumber(report.invalid)} with problems.
      </p>
      {report.issues.length > 0 ? (
        <RowIssuesTable
          className={styles.report}
          aria-labelledby={headingId}
          scrollLabel="Row report table, scrolls sideways"
          issues={report.issues}
          wholeRowText="whole row"
        />
      ) : null}
    </section>
  );
}

/**
 * The CSV import of stores (collective admins; docs/decisions/0095), in two
 * steps: "Check file" sends it for a row-by-row report and saves nothing;
 * only a file without problems offers "Import N stores", which sends the
 * same file again to be checked and saved all at once (nothing is saved
 * if a row has a problem by then).
 */
export function StoreImport({
  onImported,
}: {
  onImported: (text: string) => void;
}) {
  const preview = usePreviewStoreImport();
  const commit = useImportStores();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<StoreImportReport | null>(null);
  const inputId = useId();
  const hintId = useId();
  const failure = preview.error ?? commit.error;
  function check(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    commit.reset();
    preview.mutate({ file }, { onSuccess: setReport });
  }
  function save() {
    if (!file) return;
    commit.mutate(
      { file },
      {
        onSuccess: (answer) => {
          setReport(answer);
          if (answer.imported > 0) {
            onImported(`${stores(answer.imported)} imported.`);
          }
        },
      },
    );
  }
  const ready =
    report !== null &&
    report.issues.length === 0 &&
    report.valid > 0 &&
    report.imported === 0;
  return (
    <Stack className={styles.view}>
      <form
        onSubmit={check}
        className={styles.actions}
        aria-label="Check a CSV of stores"
      >
        <label htmlFor={inputId}>CSV file of stores</label>
        <input
          id={inputId}
          className={styles.file}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={hintId}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setReport(null);
            preview.reset();
            commit.reset();
          }}
        />
        <Button type="submit" disabled={!file || preview.isPending}>
          {preview.isPending ? 'Checking…' : 'Check file'}
        </Button>
      </form>
      <p id={hintId}>
        A header line, then one store per line; at most{' '}
        {formatNumber(MAX_STORE_IMPORT_ROWS)} rows and{' '}
        {formatNumber(MAX_STORE_IMPORT_BYTES / 1024)} KiB. Columns:{' '}
        {STORE_IMPORT_REQUIRED_COLUMNS.join(', ')} (required);{' '}
        {STORE_IMPORT_OPTIONAL_COLUMNS.join(', ')} (optional). Nothing is saved
        until you import a file without problems.
      </p>
      {failure ? (
        <Alert>
          {errorMessage(failure, 'The file could not be checked. Try again.')}
        </Alert>
      ) : null}
      {report ? <Report report={report} /> : null}
      {report && report.imported > 0 ? (
        <p role="status">{stores(report.imported)} imported.</p>
      ) : null}
      {report && report.issues.length > 0 ? (
        <p role="status">
          Nothing was saved. Correct the rows above and check the file again.
        </p>
      ) : null}
      {ready ? (
        <Button onClick={save} disabled={commit.isPending}>
          {commit.isPending ? 'Importing…' : `Import ${stores(report.valid)}`}
        </Button>
      ) : null}
    </Stack>
  );
}
