import type { Ref, TableHTMLAttributes } from 'react';
import styles from './plain-table.module.css';

/** Props of {@link PlainTable}: those of a `<table>`, its `ref` included. */
export interface PlainTableProps extends TableHTMLAttributes<HTMLTableElement> {
  ref?: Ref<HTMLTableElement>;
  /**
   * Names the frame as a region the keyboard can reach (`tabIndex` 0), so
   * a table wider than a phone can be scrolled sideways without a mouse
   * (WCAG 2.1.1; axe's `scrollable-region-focusable`). Give it for tables
   * that may be wider than the page.
   */
  scrollLabel?: string;
}

/**
 * A native `<table>` in a bordered frame that scrolls sideways when the table
 * is wider than the page, with the theme's cell padding, rules and muted
 * column headings: for short tables that need none of {@link DataTable}'s
 * sorting, paging or cards. The caller writes the caption, head and body;
 * `className` adds to the table's own class.
 */
export function PlainTable({
  className,
  scrollLabel,
  ...rest
}: PlainTableProps) {
  return (
    <div
      className={styles.frame}
      {...(scrollLabel === undefined
        ? {}
        : // A scrolling region must take focus to be scrolled by keyboard.
          { role: 'region', 'aria-label': scrollLabel, tabIndex: 0 })}
    >
      <table
        className={[styles.table, className ?? ''].filter(Boolean).join(' ')}
        {...rest}
      />
    </div>
  );
}
