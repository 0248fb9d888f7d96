import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ListSort } from '../list-params/list-params';
import {
  answerState,
  DataTable,
  type DataTableColumn,
  type DataTableProps,
} from './data-table';

interface Store {
  id: number;
  name: string;
  region: string;
  weight: number;
  bins: number;
}

const stores: Store[] = [
  { id: 1, name: 'Portland Pearl', region: 'West', weight: 1200, bins: 3 },
  { id: 2, name: 'Boston Back Bay', region: 'East', weight: 800, bins: 2 },
];

const columns: DataTableColumn<Store>[] = [
  {
    id: 'name',
    header: 'Store',
    rowHeader: true,
    rowLink: true,
    sortable: true,
    cell: (store) => <a href={`/stores/${store.id}`}>{store.name}</a>,
  },
  {
    id: 'region',
    header: 'Region',
    hideable: true,
    cell: (store) => store.region,
  },
  {
    id: 'weight',
    header: 'Weight',
    sortable: true,
    sortDescFirst: true,
    align: 'end',
    hideable: true,
    cell: (store) => `${store.weight} kg`,
  },
  {
    id: 'bins',
    header: 'Bins',
    hideable: true,
    hiddenByDefault: true,
    cell: (store) => store.bins,
  },
];

type Props = Partial<DataTableProps<Store>>;

function StoreTable(props: Props) {
  return (
    <DataTable
      caption="Stores"
      columns={columns}
      rows={stores}
      getRowId={(store) => String(store.id)}
      status="success"
      {...props}
    />
  );
}

/** A table whose sort is kept outside it, as the URL keeps it. */
function SortedStores({
  onSortChange,
}: {
  onSortChange: (sort: ListSort) => void;
}) {
  const [sort, setSort] = useState<ListSort | null>({
    id: 'name',
    desc: false,
  });
  return (
    <StoreTable
      sort={sort}
      onSortChange={(next) => {
        onSortChange(next);
        setSort(next);
      }}
    />
  );
}

function headerTexts() {
  return screen
    .getAllByRole('columnheader')
    .map((header) => header.textContent?.replace(/[▲▼↕]/g, ''));
}

describe('DataTable', () => {
  it('is a table named by its caption, with a row header and a real link per row', () => {
    render(<StoreTable />);
    const table = screen.getByRole('table', { name: 'Stores' });
    expect(headerTexts()).toEqual(['Store', 'Region', 'Weight']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = rows[1] as HTMLElement;
    expect(within(first).getByRole('rowheader')).toHaveTextContent(
      'Portland Pearl',
    );
    expect(
      within(first).getByRole('link', { name: 'Portland Pearl' }),
    ).toHaveAttribute('href', '/stores/1');
    expect(first).not.toHaveAttribute('onclick');
  });

  it('sorts with buttons in the headings and says the sort with aria-sort', async () => {
    const onSortChange = vi.fn();
    render(<SortedStores onSortChange={onSortChange} />);
    const store = screen.getByRole('columnheader', { name: /Store/ });
    const weight = screen.getByRole('columnheader', { name: /Weight/ });
    expect(store).toHaveAttribute('aria-sort', 'ascending');
    expect(weight).not.toHaveAttribute('aria-sort');
    expect(
      within(screen.getByRole('columnheader', { name: 'Region' })).queryByRole(
        'button',
      ),
    ).toBeNull();

    await userEvent.click(
      within(weight).getByRole('button', { name: 'Weight' }),
    );
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'weight', desc: true });
    expect(weight).toHaveAttribute('aria-sort', 'descending');
    expect(store).not.toHaveAttribute('aria-sort');

    within(weight).getByRole('button').focus();
    await userEvent.keyboard('{Enter}');
    expect(onSortChange).toHaveBeenLastCalledWith({
      id: 'weight',
      desc: false,
    });
    await userEvent.keyboard(' ');
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'weight', desc: true });
  });

  it('reaches the sort buttons and the row links with Tab, in reading order', async () => {
    render(<StoreTable sort={null} onSortChange={vi.fn()} />);
    await userEvent.tab();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Columns of Stores' }),
    );
    await userEvent.tab();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Store' }),
    );
    await userEvent.tab();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Weight' }),
    );
    await userEvent.tab();
    expect(document.activeElement).toBe(
      screen.getByRole('link', { name: 'Portland Pearl' }),
    );
  });

  it('shows and hides columns from the Columns disclosure; Escape closes it and returns focus', async () => {
    render(<StoreTable />);
    const button = screen.getByRole('button', { name: 'Columns of Stores' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const group = screen.getByRole('group', { name: 'Show columns' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).checked),
    ).toEqual([true, true, false]);

    await userEvent.click(
      within(group).getByRole('checkbox', { name: 'Bins' }),
    );
    await userEvent.click(
      within(group).getByRole('checkbox', { name: 'Region' }),
    );
    expect(headerTexts()).toEqual(['Store', 'Weight', 'Bins']);
    expect(screen.getAllByRole('row')[1]).toHaveTextContent(
      /Portland Pearl.*1200 kg.*3/,
    );

    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(button);
  });

  it('takes its columns from the list state when told to, and reports a new choice', async () => {
    const onVisibleColumnsChange = vi.fn();
    render(
      <StoreTable
        visibleColumns={['name', 'bins']}
        onVisibleColumnsChange={onVisibleColumnsChange}
      />,
    );
    expect(headerTexts()).toEqual(['Store', 'Bins']);
    await userEvent.click(
      screen.getByRole('button', { name: 'Columns of Stores' }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Weight' }));
    expect(onVisibleColumnsChange).toHaveBeenCalledWith([
      'name',
      'weight',
      'bins',
    ]);
  });

  it('keeps the previous rows while the next page loads, marked busy', () => {
    render(<StoreTable isPlaceholder />);
    expect(screen.getByRole('table', { name: 'Stores' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(
      screen.getByRole('link', { name: 'Portland Pearl' }),
    ).toBeInTheDocument();
  });

  it('says when it is loading, empty or failed, with a Retry', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(<StoreTable status="pending" rows={[]} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(
      'Loading…',
    );

    rerender(
      <StoreTable rows={[]} emptyText="No stores match these filters." />,
    );
    expect(
      screen.getByText('No stores match these filters.'),
    ).toBeInTheDocument();

    rerender(
      <StoreTable
        status="error"
        error={{ message: 'Could not reach the server.' }}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Could not reach the server.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('pages under the table, named after it', async () => {
    const onPage = vi.fn();
    render(<StoreTable pagination={{ page: 2, pageCount: 5, onPage }} />);
    const nav = screen.getByRole('navigation', { name: 'Stores: pages' });
    expect(nav).toHaveTextContent('Page 2 of 5');
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('labels each value for the card layout, hidden from screen readers who have the headers', () => {
    render(<StoreTable />);
    const cell = screen.getAllByRole('cell')[0] as HTMLElement;
    expect(cell).toHaveTextContent('RegionWest');
    expect(within(cell).getByText('Region')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  });
});

describe('answerState', () => {
  it("passes a query's status, previous-page flag and error to the table, and retries by refetching", () => {
    const refetch = vi.fn();
    const state = answerState({
      status: 'error',
      isPlaceholderData: true,
      error: { message: 'The server failed.' },
      refetch,
    });

    expect(state).toMatchObject({
      status: 'error',
      isPlaceholder: true,
      error: { message: 'The server failed.' },
    });
    state.onRetry?.();
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
