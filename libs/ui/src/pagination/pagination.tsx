import { Button } from '../button/button';
import styles from './pagination.module.css';

/** Props of {@link Pagination}. */
export interface PaginationProps {
  /** The page shown, from 1. */
  page: number;
  /** How many pages there are (0 or 1: nothing to page). */
  pageCount: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark, e.g. "Store list pages". */
  label: string;
}

/** Previous and Next buttons with "Page 2 of 7", announced when it changes. */
export function Pagination({
  page,
  pageCount,
  onPage,
  label,
}: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={styles.pagination}>
      <Button
        variant="secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </Button>
      <p aria-live="polite" className={styles.status}>
        Page {page} of {pageCount}
      </p>
      <Button
        variant="secondary"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
