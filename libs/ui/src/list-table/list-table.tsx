import {
  answerState,
  DataTable,
  type DataTableProps,
  type TableAnswer,
} from '../data-table/data-table';
import type { ListSpec } from '../list-params/list-params';
import {
  listPagination,
  type ListParams,
} from '../list-params/use-list-params';

/** Props of {@link ListTable}. */
export interface ListTableProps<TRow extends { id: number | string }>
  extends Pick<
    DataTableProps<TRow>,
    'caption' | 'hideCaption' | 'columns' | 'emptyText' | 'className'
  > {
  /** The list's state and its changes, from `useListParams`: sort and page. */
  list: ListParams;
  /** The list's spec, for its page sizes. */
  spec: Pick<ListSpec, 'pageSizes'>;
  /** The query of the page shown (React Query's result); its `total` counts the pages. */
  answer: TableAnswer & { data: { total: number } | undefined };
  /** The page's rows, `undefined` until the first answer; each row's `id` is its key. */
  rows: readonly TRow[] | undefined;
}

const NO_ROWS: readonly never[] = [];

/**
 * The {@link DataTable} of a list screen: sorted and paged by the list's
 * URL state (`useListParams`), its rows, loading, error and Retry from the
 * page's query.
 *
 * @example
 * <ListTable caption="Stores" columns={COLUMNS} rows={page?.stores}
 *   list={list} spec={SPEC} answer={stores} />
 */
export function ListTable<TRow extends { id: number | string }>({
  list,
  spec,
  answer,
  rows,
  ...table
}: ListTableProps<TRow>) {
  return (
    <DataTable
      {...table}
      rows={rows ?? NO_ROWS}
      getRowId={(row) => String(row.id)}
      sort={list.state.sort}
      onSortChange={list.setSort}
      {...answerState(answer)}
      pagination={listPagination(list, spec, answer.data?.total)}
    />
  );
}
