import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../button/button';
import { DataState } from '../data-state/data-state';
import { errorMessage } from '../error-message/error-message';
import { Stack } from '../stack/stack';
import styles from './record-detail.module.css';

/** Props of {@link RecordDetail}. */
export interface RecordDetailProps<T> {
  /** The way back to the list, e.g. "Back to members". */
  backLabel: string;
  onBack: () => void;
  /** What the last write on this view did, said politely ("Kiehl's was saved."). */
  notice: string;
  /** The record's query (TanStack Query's result or the same shape). */
  query: {
    status: 'pending' | 'error' | 'success';
    error: unknown;
    refetch: () => unknown;
  };
  /** The record once loaded. */
  record: T | undefined;
  /** Its heading, e.g. the member's name. */
  title: (record: T) => string;
  /** The id of the heading (unique on the page), naming the article. */
  headingId: string;
  /** Said while it loads, e.g. "Loading the member…". */
  loadingText: string;
  /** The record's facts, forms and trail, under its heading. */
  children: (record: T) => ReactNode;
}

/**
 * The frame of one record's view (a member, a store, a shipment): a way back
 * to the list, a polite notice of the last write, the loading and error
 * states (a 404 reads as the server's sentence, with Retry), and the record
 * as an article whose heading takes focus once it has loaded, so a screen
 * reader user hears which record opened.
 */
export function RecordDetail<T>({
  backLabel,
  onBack,
  notice,
  query,
  record,
  title,
  headingId,
  loadingText,
  children,
}: RecordDetailProps<T>) {
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = query.status === 'success';
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  return (
    <Stack className={styles.detail}>
      <Button variant="secondary" onClick={onBack}>
        {backLabel}
      </Button>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <DataState
        status={query.status}
        error={
          query.error
            ? {
                message: errorMessage(
                  query.error,
                  'The record could not be loaded.',
                ),
              }
            : null
        }
        onRetry={() => void query.refetch()}
        loadingText={loadingText}
      >
        {record ? (
          <Stack as="article" aria-labelledby={headingId}>
            <h2 id={headingId} ref={heading} tabIndex={-1}>
              {title(record)}
            </h2>
            {children(record)}
          </Stack>
        ) : null}
      </DataState>
    </Stack>
  );
}
