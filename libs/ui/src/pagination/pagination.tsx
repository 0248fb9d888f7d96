import { Button } from '../button/button';
import { SelectField } from '../select-field/select-field';
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
  /** Rows per page; with `pageSizes` and `onPageSize`, a "Rows per page" select changes it. */
  pageSize?: number | undefined;
  /** The sizes offered, e.g. `[20, 50, 100]`. */
  pageSizes?: readonly number[] | undefined;
  /** Changes the page size (the list goes back to page 1). */
  onPageSize?: ((pageSize: number) => void) | undefined;
}

/**
 * Previous and Next buttons with "Page 2 of 7", announced when it changes,
 * and optionally a "Rows per page" select (shown even on a single page, so a
 * larger size can be undone).
 */
export function Pagination({
  page,
  pageCount,
  onPage,
  label,
  pageSize,
  pageSizes,
  onPageSize,
}: PaginationProps) {
  const sizes =
    pageSize !== undefined && pageSizes && pageSizes.length > 1 && onPageSize
      ? pageSizes
      : null;
  if (pageCount <= 1 && !sizes) return null;
  return (
    <nav aria-label={label} className={styles.pagination}>
      {pageCount > 1 ? (
        <>
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
        </>
      ) : null}
      {sizes && onPageSize ? (
        <SelectField
          label="Rows per page"
          className={styles.size}
          value={String(pageSize)}
          options={sizes.map((size) => ({
            value: String(size),
            label: String(size),
          }))}
          onChange={(event) => onPageSize(Number(event.target.value))}
        />
      ) : null}
    </nav>
  );
}
