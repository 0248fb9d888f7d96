import type { ReportRun } from '@collective/api-client/contract';
import { Alert, Button, errorMessage, ExportButton } from '@collective/ui';
import { useState } from 'react';
import { useReportFileUrl } from '../../data/reports';
import styles from './report-generator.module.css';

/** Formats a byte count for people: "12 kB". */
function size(bytes: number): string {
  return bytes < 1024
    ? `${bytes} B`
    : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString()} kB`;
}

/**
 * Opens the run's printable page in a new tab: the tab is opened at the
 * click (so no pop-up blocker stops it), then sent to a single-use link.
 */
function PrintableButton({ run, label }: { run: ReportRun; label: string }) {
  const fileUrl = useReportFileUrl();
  const [error, setError] = useState<string | null>(null);
  async function open() {
    setError(null);
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    try {
      const url = new URL(await fileUrl(run.id, 'html'), window.location.href)
        .href;
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (failure) {
      tab?.close();
      setError(
        `The printable page could not be opened: ${errorMessage(failure, 'The server did not answer.')} Try again.`,
      );
    }
  }
  return (
    <>
      <Button variant="secondary" onClick={() => void open()}>
        {label}
      </Button>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </>
  );
}

/**
 * A finished run's files: CSV and XLSX downloads and its printable page
 * (print it to PDF), each through a single-use link. `compact` labels them
 * by format only, for the history's rows.
 */
export function RunFiles({
  run,
  compact = false,
}: {
  run: ReportRun;
  compact?: boolean;
}) {
  const fileUrl = useReportFileUrl();
  if (run.files.length === 0) return null;
  const bytes = (format: string) =>
    run.files.find((file) => file.format === format)?.bytes ?? 0;
  const has = (format: string) =>
    run.files.some((file) => file.format === format);
  const { template, from, to } = run.parameters;
  // The server's own name for the file, for browsers that use this one.
  const name = `${template}-${from}${from === to ? '' : `-to-${to}`}`;
  return (
    <div className={styles.files}>
      {has('csv') ? (
        <ExportButton
          label={compact ? 'CSV' : `Download CSV (${size(bytes('csv'))})`}
          fileName={`${name}.csv`}
          getDownloadUrl={() => fileUrl(run.id, 'csv')}
        />
      ) : null}
      {has('xlsx') ? (
        <ExportButton
          label={compact ? 'XLSX' : `Download XLSX (${size(bytes('xlsx'))})`}
          fileName={`${name}.xlsx`}
          getDownloadUrl={() => fileUrl(run.id, 'xlsx')}
        />
      ) : null}
      {has('html') ? (
        <PrintableButton
          run={run}
          label={compact ? 'Printable page' : 'Open printable page (PDF)'}
        />
      ) : null}
    </div>
  );
}
