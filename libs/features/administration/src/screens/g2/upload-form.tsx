import {
  CALENDAR_DAYS,
  MAX_G2_UPLOAD_BYTES,
  MAX_G2_UPLOAD_ROWS,
  type G2Upload,
} from '@collective/api-client/contract';
import { Alert, Button, errorMessage, formatNumber } from '@collective/ui';
import { useId, useState, type FormEvent } from 'react';
import { useCreateG2Upload } from '../../data/g2';
import { FileField } from './file-field';
import styles from './g2.module.css';

/** The first and last day of last month, `YYYY-MM-DD`: the usual period of a partner file. */
function lastMonth(now = new Date()): { start: string; end: string } {
  const start = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1),
  );
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return {
    start: start.toISOString().slice(0, 10),
    end: end.toISOString().slice(0, 10),
  };
}

/**
 * The upload of a partner file (CSV or XLSX) for a period: the share of
 * the file sent while it goes, then the new upload is opened so its
 * validation can be followed.
 */
export function UploadForm({
  onUploaded,
}: {
  onUploaded: (upload: G2Upload) => void;
}) {
  const [sent, setSent] = useState<number | null>(null);
  const create = useCreateG2Upload(setSent);
  const [file, setFile] = useState<File | null>(null);
  const [period, setPeriod] = useState(lastMonth);
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setSent(0);
    create.mutate(
      {
        query: { period_start: period.start, period_end: period.end },
        file,
      },
      {
        onSuccess: (answer) => onUploaded(answer.upload),
        onSettled: () => setSent(null),
      },
    );
  }
  return (
    <form
      className={styles.form}
      onSubmit={submit}
      aria-label="Upload a G2 file"
    >
      <FileField
        id={`${id}-file`}
        label="G2 file (CSV or XLSX)"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        describedBy={`${id}-hint`}
        onFile={(picked) => {
          setFile(picked);
          create.reset();
        }}
      />
      <div className={styles.field}>
        <label htmlFor={`${id}-start`}>Period from</label>
        <input
          id={`${id}-start`}
          type="date"
          required
          min={CALENDAR_DAYS.first}
          max={CALENDAR_DAYS.last}
          value={period.start}
          onChange={(event) =>
            setPeriod({ ...period, start: event.target.value })
          }
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-end`}>Period to</label>
        <input
          id={`${id}-end`}
          type="date"
          required
          min={CALENDAR_DAYS.first}
          max={CALENDAR_DAYS.last}
          value={period.end}
          onChange={(event) =>
            setPeriod({ ...period, end: event.target.value })
          }
        />
      </div>
      <Button type="submit" disabled={!file || create.isPending}>
        {create.isPending ? 'Uploading…' : 'Upload'}
      </Button>
      <p id={`${id}-hint`} className={styles.wide}>
        Columns Store id, Date, Material and Weight (kg); at most{' '}
        {formatNumber(MAX_G2_UPLOAD_BYTES / 1024 / 1024)} MB and{' '}
        {formatNumber(MAX_G2_UPLOAD_ROWS)} rows. Nothing reaches the figures
        until you commit it.
      </p>
      {sent !== null ? (
        <div className={styles.wide}>
          <label htmlFor={`${id}-sent`}>Sending the file</label>{' '}
          <progress id={`${id}-sent`} max={1} value={sent}>
            {Math.round(sent * 100)}%
          </progress>{' '}
          <span aria-live="polite">{Math.round(sent * 100)}%</span>
        </div>
      ) : null}
      {create.isError ? (
        <div className={styles.wide}>
          <Alert>
            {errorMessage(
              create.error,
              'The file was not uploaded. Try again.',
            )}
          </Alert>
        </div>
      ) : null}
    </form>
  );
}
