import { ColumnHeadings } from '../plain-table/column-headings';
import { PlainTable, type PlainTableProps } from '../plain-table/plain-table';
import styles from './row-issues-table.module.css';

/** One problem an import found in a file: where it is and what is wrong. */
export interface RowIssue {
  /** The file's line number. */
  row: number;
  /** The column's name; empty when the problem is the whole row's. */
  column: string;
  /** The value as the file has it; empty for an empty cell. */
  value: string;
  message: string;
}

/** Props of {@link RowIssuesTable}. */
export interface RowIssuesTableProps
  extends Pick<
    PlainTableProps,
    'aria-label' | 'aria-labelledby' | 'className' | 'scrollLabel'
  > {
  issues: readonly RowIssue[];
  /** Shown in the Column cell of a problem with no column, e.g. "whole row". */
  wholeRowText?: string;
}

/**
 * The problems an import found, one a row: Row (the row's heading),
 * Column, Value (as code; "(empty)" for an empty cell) and Problem, in a
 * {@link PlainTable}. The caller names it (`aria-label` or
 * `aria-labelledby`) and decides when to show it.
 */
export function RowIssuesTable({
  issues,
  wholeRowText,
  ...table
}: RowIssuesTableProps) {
  return (
    <PlainTable {...table}>
      <ColumnHeadings names={['Row', 'Column', 'Value', 'Problem']} />
      <tbody>
        {issues.map((issue, index) => (
          <tr key={`${issue.row}-${issue.column}-${index}`}>
            <th scope="row">{issue.row}</th>
            <td>{issue.column || wholeRowText}</td>
            <td>
              <code className={styles.value}>{issue.value || '(empty)'}</code>
            </td>
            <td>{issue.message}</td>
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
}
