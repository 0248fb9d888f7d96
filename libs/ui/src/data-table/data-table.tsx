/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role --
   the table roles are repeated on purpose: shown as cards, the table's
   parts change `display`, which makes some browsers drop their table
   semantics unless the roles are explicit (jsx-a11y takes <td> for a grid cell). */
import {
  columnVisibilityFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnVisibilityState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { DataState } from '../data-state/data-state';
import type { ListSort } from '../list-params/list-params';
import { Pagination, type PaginationProps } from '../pagination/pagination';
import { visuallyHiddenClass } from '../visually-hidden/visually-hidden';
import { useCardLayout } from './card-layout';
import { ColumnChooser } from './column-chooser';
import styles from './data-table.module.css';

/** One column of a {@link DataTable}. */
export interface DataTableColumn<TRow> {
  /** Stable id: the API's sort key, and the name kept in the URL's `columns`. */
  id: string;
  /** The column's heading; also the label of its value on a phone's card. */
  header: string;
  /** Renders the row's value in this column (text, a formatted figure, a link). */
  cell: (row: TRow) => ReactNode;
  /** The server can sort by this column: its heading becomes a sort button. */
  sortable?: boolean;
  /** Sorting by it starts descending (figures: the largest first). */
  sortDescFirst?: boolean;
  /** The user may hide it with the Columns chooser. */
  hideable?: boolean;
  /** Hidden until the user shows it (only for a hideable column). */
  hiddenByDefault?: boolean;
  /** The cell names its row: a row header (`<th scope="row">`), the title of a phone's card. */
  rowHeader?: boolean;
  /**
   * The link this column's cell renders covers the whole row, so a click
   * anywhere on the row follows it; the link stays the one thing to Tab to
   * and the one thing read. Use it on one column at most.
   */
  rowLink?: boolean;
  /** `end` for figures, so digits line up. */
  align?: 'start' | 'end';
}

/** Props of {@link DataTable}. */
export interface DataTableProps<TRow> {
  /** Names the table (its `<caption>`), e.g. "Stores". */
  caption: string;
  /** Keeps the caption for screen readers only, when a heading above says the same. */
  hideCaption?: boolean;
  /** The columns, in order; keep the array stable (module scope or `useMemo`). */
  columns: readonly DataTableColumn<TRow>[];
  /** The page of rows the server sent, in its order. Keep the array stable (the query's data). */
  rows: readonly TRow[];
  getRowId: (row: TRow) => string;
  /** The sort the server applied (from the list state); `null` for its own order. */
  sort?: ListSort | null;
  /** Asks for another sort: the list state changes and the server answers. */
  onSortChange?: (sort: ListSort) => void;
  /**
   * Ids of the columns shown (the list state's `columns`); `undefined` for
   * every column not `hiddenByDefault`. Columns that are not hideable are
   * always shown.
   */
  visibleColumns?: readonly string[] | undefined;
  /** Receives the new choice of columns; without it the table keeps the choice itself. */
  onVisibleColumnsChange?: (ids: string[]) => void;
  /** Where the rows are: `pending` before any arrive, `error`, or `success`. */
  status: 'pending' | 'error' | 'success';
  /**
   * The rows are the previous page's, shown while the next one loads (React
   * Query's `isPlaceholderData`): the table stays and is marked busy.
   */
  isPlaceholder?: boolean;
  error?: { message: string } | null;
  onRetry?: () => void;
  /** What to say when the server sent no rows, e.g. "No stores match these filters." */
  emptyText?: string;
  /** Page N of M, Previous and Next, and the page size, under the table. */
  pagination?: Omit<PaginationProps, 'label'>;
  className?: string;
}

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature });
type Features = typeof features;

function resolve<T>(updater: Updater<T>, old: T): T {
  return typeof updater === 'function'
    ? (updater as (old: T) => T)(old)
    : updater;
}

function ariaSort(sorted: false | 'asc' | 'desc') {
  if (sorted === 'asc') return 'ascending';
  if (sorted === 'desc') return 'descending';
  return undefined;
}

/**
 * A server-side data table on TanStack Table (headless: sorting and column
 * visibility state) with our own accessible markup: a caption, sort buttons
 * in the headings with `aria-sort`, row links that are real links, a Columns
 * chooser, a sticky header, loading / empty / error states, and the
 * pagination under it. Below 40rem of width, or where its columns do not
 * fit ({@link useCardLayout}), each row becomes a card that labels every
 * value: the page never scrolls sideways and no word is cut.
 */
export function DataTable<TRow>({
  caption,
  hideCaption = false,
  columns,
  rows,
  getRowId,
  sort = null,
  onSortChange,
  visibleColumns,
  onVisibleColumnsChange,
  status,
  isPlaceholder = false,
  error,
  onRetry,
  emptyText,
  pagination,
  className,
}: DataTableProps<TRow>) {
  const captionId = useId();
  const [ownChoice, setOwnChoice] = useState<readonly string[] | undefined>();
  const chosen = onVisibleColumnsChange ? visibleColumns : ownChoice;

  const byId = useMemo(
    () => new Map(columns.map((column) => [column.id, column])),
    [columns],
  );
  const definitions = useMemo(
    () =>
      columns.map(
        (column): ColumnDef<Features, TRow & object> => ({
          id: column.id,
          header: column.header,
          // The server sorts, so the value is never read; TanStack lets only
          // columns with an accessor sort.
          accessorFn: () => null,
          cell: (context) => column.cell(context.row.original),
          enableSorting: column.sortable ?? false,
          sortDescFirst: column.sortDescFirst ?? false,
          enableHiding: column.hideable ?? false,
        }),
      ),
    [columns],
  );
  const columnVisibility = useMemo(() => {
    const visibility: ColumnVisibilityState = {};
    for (const column of columns) {
      if (!column.hideable) continue;
      visibility[column.id] = chosen
        ? chosen.includes(column.id)
        : !column.hiddenByDefault;
    }
    return visibility;
  }, [columns, chosen]);
  const sorting: SortingState = useMemo(() => (sort ? [sort] : []), [sort]);

  const table = useTable({
    features,
    columns: definitions,
    data: rows as readonly (TRow & object)[],
    getRowId: (row) => getRowId(row),
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    state: { sorting, columnVisibility },
    onSortingChange: (updater) => {
      const [next] = resolve(updater, sorting);
      if (next) onSortChange?.({ id: next.id, desc: next.desc });
    },
    onColumnVisibilityChange: (updater) => {
      const next = resolve(updater, columnVisibility);
      const ids = columns
        .filter((column) => !column.hideable || next[column.id] !== false)
        .map((column) => column.id);
      if (onVisibleColumnsChange) onVisibleColumnsChange(ids);
      else setOwnChoice(ids);
    },
  });

  const layout = useCardLayout([rows, columnVisibility]);
  const hideable = table
    .getAllLeafColumns()
    .filter((column) => column.getCanHide());
  const rowLinkColumn = columns.find((column) => column.rowLink)?.id;

  return (
    <div
      ref={layout.place}
      className={[
        styles.root,
        layout.cards ? styles.cards : '',
        className ?? '',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      {hideable.length > 0 ? (
        <div className={styles.toolbar}>
          <ColumnChooser
            tableName={caption}
            choices={hideable.map((column) => ({
              id: column.id,
              label: byId.get(column.id)?.header ?? column.id,
              visible: column.getIsVisible(),
            }))}
            onChange={(id, visible) =>
              table.getColumn(id)?.toggleVisibility(visible)
            }
          />
        </div>
      ) : null}
      <p role="status" className={visuallyHiddenClass}>
        {isPlaceholder ? 'Loading…' : ''}
      </p>
      <DataState
        status={status}
        error={error ?? null}
        empty={rows.length === 0}
        emptyText={emptyText ?? 'Nothing matches.'}
        {...(onRetry ? { onRetry } : {})}
      >
        <table
          ref={layout.table}
          role="table"
          aria-labelledby={captionId}
          aria-busy={isPlaceholder || undefined}
          className={[styles.table, isPlaceholder ? styles.busy : '']
            .filter(Boolean)
            .join(' ')}
        >
          <caption
            id={captionId}
            className={hideCaption ? visuallyHiddenClass : styles.caption}
          >
            {caption}
          </caption>
          <thead role="rowgroup" className={styles.head}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} role="row">
                {group.headers.map((header) => {
                  const column = byId.get(header.column.id);
                  const canSort = header.column.getCanSort();
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      role="columnheader"
                      scope="col"
                      aria-sort={canSort ? ariaSort(sorted) : undefined}
                      className={[
                        styles.heading,
                        column?.align === 'end' ? styles.end : '',
                        canSort ? '' : styles.plainHeading,
                      ]
                        .filter(Boolean)
                        .join(' ')}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className={styles.sort}
                          onClick={() => header.column.toggleSorting()}
                        >
                          {column?.header}
                          <span aria-hidden="true" className={styles.arrow}>
                            {sorted === 'asc'
                              ? '▲'
                              : sorted === 'desc'
                                ? '▼'
                                : '↕'}
                          </span>
                        </button>
                      ) : (
                        column?.header
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody role="rowgroup">
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                role="row"
                className={[styles.row, rowLinkColumn ? styles.linked : '']
                  .filter(Boolean)
                  .join(' ')}
              >
                {row.getVisibleCells().map((cell) => {
                  const column = byId.get(cell.column.id);
                  const classes = [
                    styles.cell,
                    column?.align === 'end' ? styles.end : '',
                    column?.rowHeader ? styles.rowHeader : '',
                    column?.id === rowLinkColumn ? styles.rowLink : '',
                  ]
                    .filter(Boolean)
                    .join(' ');
                  const content = (
                    <>
                      {column?.rowHeader ? null : (
                        <span aria-hidden="true" className={styles.cellLabel}>
                          {column?.header}
                        </span>
                      )}
                      <span className={styles.value}>
                        <table.FlexRender cell={cell} />
                      </span>
                    </>
                  );
                  return column?.rowHeader ? (
                    <th
                      key={cell.id}
                      role="rowheader"
                      scope="row"
                      className={classes}
                    >
                      {content}
                    </th>
                  ) : (
                    <td key={cell.id} role="cell" className={classes}>
                      {content}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </DataState>
      {pagination && status === 'success' ? (
        <Pagination label={`${caption}: pages`} {...pagination} />
      ) : null}
    </div>
  );
}

/** What {@link answerState} reads of a query's answer (React Query's result). */
export interface TableAnswer {
  status: DataTableProps<unknown>['status'];
  isPlaceholderData: boolean;
  error: { message: string } | null;
  refetch: () => unknown;
}

/**
 * The props of a {@link DataTable} that follow its query: where the rows
 * are, whether they are the previous page's, the error and Retry. Spread
 * it: `<DataTable {...answerState(answer)} …/>`.
 */
export function answerState(
  answer: TableAnswer,
): Pick<
  DataTableProps<unknown>,
  'status' | 'isPlaceholder' | 'error' | 'onRetry'
> {
  return {
    status: answer.status,
    isPlaceholder: answer.isPlaceholderData,
    error: answer.error,
    onRetry: () => void answer.refetch(),
  };
}
