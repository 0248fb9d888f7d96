import { formatNumber, ListTable, type ListTableProps } from '@collective/ui';
import type { ReactNode } from 'react';
import styles from './table-region.module.css';

/**
 * The frame of a table that may be wider than the screen (before it turns
 * into cards): the table scrolls sideways in it, not the page.
 */
export function TableRegion({ children }: { children: ReactNode }) {
  return <div className={styles.region}>{children}</div>;
}

/** Props of {@link CountedListTable}: a `ListTable`'s, its caption made of two words. */
export interface CountedListTableProps<TRow extends { id: number | string }>
  extends Omit<ListTableProps<TRow>, 'caption'> {
  /** The caption until the first answer, e.g. `Uploads`. */
  title: string;
  /** What the list's total counts, e.g. `uploads`: the caption is then "12 uploads". */
  counted: string;
}

/**
 * A list screen's `ListTable` in a {@link TableRegion}, captioned by the
 * number of rows of the list (all its pages), or by its title until the
 * first answer.
 */
export function CountedListTable<TRow extends { id: number | string }>({
  title,
  counted,
  ...table
}: CountedListTableProps<TRow>) {
  const total = table.answer.data?.total;
  return (
    <TableRegion>
      <ListTable
        {...table}
        caption={
          total === undefined ? title : `${formatNumber(total)} ${counted}`
        }
      />
    </TableRegion>
  );
}
