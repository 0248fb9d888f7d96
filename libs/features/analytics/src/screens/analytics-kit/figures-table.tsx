import { ColumnHeadings, PlainTable } from '@collective/ui';
import type { ReactNode } from 'react';
import styles from './analytics.module.css';

/** Props of {@link FiguresTable}. */
export interface FiguresTableProps {
  /** What the table holds, as its panel's heading says it ("By program"). */
  label: string;
  /** The column headings, the rows' own first. */
  headings: readonly string[];
  /** The rows, each headed by a `<th scope="row">`. */
  children: ReactNode;
}

/**
 * A table of an analytics screen's figures, named by its panel's heading:
 * plain column headings, figures aligned as numbers, and a frame that
 * scrolls sideways on a narrow screen as the region "<label> table".
 */
export function FiguresTable({ label, headings, children }: FiguresTableProps) {
  return (
    <PlainTable
      className={styles.table}
      scrollLabel={`${label} table, scrolls sideways`}
    >
      <ColumnHeadings names={headings} />
      <tbody>{children}</tbody>
    </PlainTable>
  );
}
