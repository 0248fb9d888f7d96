import type { ReactNode } from 'react';
import { Alert } from '../alert/alert';
import { Button } from '../button/button';
import styles from './data-state.module.css';

/** Props of {@link DataState}. */
export interface DataStateProps {
  /** Where the data is: still coming, failed, or here. */
  status: 'pending' | 'error' | 'success';
  /** What failed, in words for people (an `ApiError`'s message). */
  error?: { message: string } | null;
  /** Whether the data, once here, is empty. */
  empty?: boolean;
  /** What to say when it is empty. */
  emptyText?: string;
  /** What to say while loading; "Loading…" by default. */
  loadingText?: string;
  /** Tries again after a failure. */
  onRetry?: () => void;
  /** The data's view, shown when it is here and not empty. */
  children: ReactNode;
}

/**
 * The loading, empty and error states every data view has, so none shows a
 * blank area: a polite status while loading, a message when empty, and on
 * failure the reason with a Retry button.
 */
export function DataState({
  status,
  error,
  empty = false,
  emptyText = 'Nothing to show yet.',
  loadingText = 'Loading…',
  onRetry,
  children,
}: DataStateProps) {
  if (status === 'pending') {
    return (
      <p role="status" className={styles.note}>
        {loadingText}
      </p>
    );
  }
  if (status === 'error') {
    return (
      <div className={styles.error}>
        <Alert>{error?.message ?? 'The data could not be loaded.'}</Alert>
        {onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        ) : null}
      </div>
    );
  }
  if (empty) return <p className={styles.note}>{emptyText}</p>;
  return children;
}
