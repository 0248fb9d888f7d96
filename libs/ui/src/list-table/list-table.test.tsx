import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DataTableColumn, TableAnswer } from '../data-table/data-table';
import type { ListParams } from '../list-params/use-list-params';
import { ListTable } from './list-table';
import { noMatchText } from './no-match-text';

interface Store {
  id: number;
  name: string;
}

const columns: DataTableColumn<Store>[] = [
  {
    id: 'name',
    header: 'Store',
    rowHeader: true,
    sortable: true,
    cell: (store) => store.name,
  },
];

/** A list on page 1 of 25 rows, sorted by name; its changes are spies. */
function fakeList(): ListParams {
  return {
    state: {
      sort: { id: 'name', desc: false },
      page: 1,
      pageSize: 25,
      filters: {},
    },
    setSort: vi.fn(),
    setPage: vi.fn(),
    setPageSize: vi.fn(),
    setFilter: vi.fn(),
    clearFilters: vi.fn(),
    setColumns: vi.fn(),
    setState: vi.fn(),
  };
}

function answer(
  part: Partial<TableAnswer> & { data?: { total: number } },
): TableAnswer & { data: { total: number } | undefined } {
  return {
    status: 'success',
    isPlaceholderData: false,
    error: null,
    refetch: vi.fn(),
    data: undefined,
    ...part,
  };
}

describe('ListTable', () => {
  it('shows the page, sorts and pages through the list state', async () => {
    const list = fakeList();
    render(
      <ListTable
        caption="Stores"
        columns={columns}
        rows={[{ id: 7, name: 'Portland Pearl' }]}
        list={list}
        spec={{ pageSizes: [25, 50] }}
        answer={answer({ data: { total: 60 } })}
      />,
    );
    expect(
      screen.getByRole('rowheader', { name: 'Portland Pearl' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Store/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(list.setPage).toHaveBeenCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: /Store/ }));
    expect(list.setSort).toHaveBeenCalledWith({ id: 'name', desc: true });
  });

  it('says when nothing matches, and offers Retry after a failure', async () => {
    const { rerender } = render(
      <ListTable
        caption="Stores"
        columns={columns}
        rows={[]}
        list={fakeList()}
        spec={{ pageSizes: [25] }}
        answer={answer({ data: { total: 0 } })}
        emptyText={noMatchText('store')}
      />,
    );
    expect(
      screen.getByText('No store matches these filters.'),
    ).toBeInTheDocument();

    const failed = answer({
      status: 'error',
      error: { message: 'The server is away.' },
    });
    rerender(
      <ListTable
        caption="Stores"
        columns={columns}
        rows={undefined}
        list={fakeList()}
        spec={{ pageSizes: [25] }}
        answer={failed}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(failed.refetch).toHaveBeenCalled();
  });
});

describe('noMatchText', () => {
  it('quotes the search, else speaks of the filters', () => {
    expect(noMatchText('user', 'ann')).toBe('No user matches "ann".');
    expect(noMatchText('user', '')).toBe('No user matches these filters.');
    expect(noMatchText('upload')).toBe('No upload matches these filters.');
  });
});
