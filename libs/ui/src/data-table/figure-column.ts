import type { ReactNode } from 'react';
import type { DataTableColumn } from './data-table';

/**
 * A column of figures the server sorts by (weights, counts, growth): its
 * digits lined up at the end, and sorting by it starts with the largest.
 *
 * @example
 * figureColumn('collected_kg', 'Collected', (row) => formatWeight(row.collected_kg))
 */
export function figureColumn<TRow>(
  id: string,
  header: string,
  cell: (row: TRow) => ReactNode,
): DataTableColumn<TRow> {
  return {
    id,
    header,
    align: 'end',
    sortable: true,
    sortDescFirst: true,
    cell,
  };
}
