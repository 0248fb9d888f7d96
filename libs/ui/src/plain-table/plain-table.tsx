import type { Ref, TableHTMLAttributes } from 'react';
import styles from './plain-table.module.css';

/** Props of {@link PlainTable}: those of a `<table>`, its `ref` included. */
export interface PlainTableProps extends TableHTMLAttributes<HTMLTableElement> {
  ref?: Ref<HTMLTableElement>;
}

/**
 * A native `<table>` in a bordered frame that scrolls sideways when the table
 * is wider than the page, with the theme's cell padding, rules and muted
 * column headings: for short tables that need none of {@link DataTable}'s
 * sorting, paging or cards. The caller writes the caption, head and body;
 * `className` adds to the table's own class.
 */
export function PlainTable({ className, ...rest }: PlainTableProps) {
  return (
    <div className={styles.frame}>
      <table
        className={[styles.table, className ?? ''].filter(Boolean).join(' ')}
        {...rest}
      />
    </div>
  );
}
