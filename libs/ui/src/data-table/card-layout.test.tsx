import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table';

interface Row {
  id: string;
  name: string;
}

const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', rowHeader: true, cell: (row) => row.name },
  { id: 'note', header: 'Note', hideable: true, cell: () => 'a note' },
];

/**
 * jsdom lays nothing out, so the widths are set here: the table's place
 * is `place` px wide; the table, shown as a table, needs `perColumn` px a
 * column (as a set of cards it takes its place's width). Resize
 * observers are kept to be called as the browser would.
 */
const layout = { place: 1000, perColumn: 400 };
let observers: (() => void)[] = [];

function isCards(element: Element): boolean {
  return /cards/.test(element.closest('table')?.parentElement?.className ?? '');
}

beforeEach(() => {
  layout.place = 1000;
  observers = [];
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(
    () => layout.place,
  );
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(
    function (this: HTMLElement) {
      if (!(this instanceof HTMLTableElement)) return layout.place;
      return isCards(this)
        ? layout.place
        : this.querySelectorAll('thead th').length * layout.perColumn;
    },
  );
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: () => void) {}
      observe() {
        observers.push(this.callback);
      }
      disconnect() {
        observers = observers.filter((callback) => callback !== this.callback);
      }
    },
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function resize(width: number) {
  layout.place = width;
  act(() => observers.forEach((callback) => callback()));
}

const cards = () => isCards(screen.getByRole('table'));

describe('DataTable: table or cards', () => {
  function renderTable(rows: Row[] = [{ id: '1', name: 'Portland Pearl' }]) {
    return render(
      <DataTable
        caption="Stores"
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        status="success"
      />,
    );
  }

  it('shows a table while its columns fit, and cards once they do not', () => {
    renderTable(); // two columns: 800 px of 1000
    expect(cards()).toBe(false);
    resize(700);
    expect(cards()).toBe(true);
  });

  it('goes back to a table only once the place holds what the table needed', () => {
    layout.place = 700;
    renderTable();
    expect(cards()).toBe(true);
    resize(790);
    expect(cards()).toBe(true);
    resize(800);
    expect(cards()).toBe(false);
  });

  it('shows cards under 40rem whatever the columns', () => {
    layout.perColumn = 100;
    layout.place = 600;
    renderTable();
    expect(cards()).toBe(true);
    layout.perColumn = 400;
  });

  it('measures again when the columns shown change: hiding one can bring the table back', async () => {
    layout.place = 700;
    renderTable();
    expect(cards()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: /Columns/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Note' }));
    expect(cards()).toBe(false);
  });
});
