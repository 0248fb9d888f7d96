import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '../constants';
import type { ListSpec } from '../list-params/list-params';
import {
  useListParams,
  type SearchParamsChange,
} from '../list-params/use-list-params';
import { FilterBar } from './filter-bar';
import { labelledFilter } from './select-filters';

const spec: ListSpec = {
  sortable: ['name'],
  defaultPageSize: 20,
  filters: { search: 'text', region: ['west', 'east'] },
};

let changes: { query: string; replace: boolean }[] = [];
let navigate: (query: string) => void = () => undefined;
/** URL changes held back, as a router may apply them a moment later. */
let held: (() => void)[] | null = null;

/**
 * A store list's filters over a URL kept in state (as react-router keeps
 * it); the search field writes the list's `search` filter, the default key.
 */
function StoreFilters({ initial = '' }: { initial?: string }) {
  const [params, setParams] = useState(() => new URLSearchParams(initial));
  navigate = (query) => setParams(new URLSearchParams(query));
  const list = useListParams(spec, [
    params,
    (next: URLSearchParams, change?: SearchParamsChange) => {
      changes.push({
        query: next.toString(),
        replace: change?.replace === true,
      });
      if (held) held.push(() => setParams(next));
      else setParams(next);
    },
  ]);
  return (
    <>
      <FilterBar
        label="Filter stores"
        list={list}
        search={{ label: 'Search stores' }}
        selects={[
          labelledFilter(
            { key: 'region', label: 'Region', allLabel: 'All regions' },
            ['west', 'east'],
            { west: 'West', east: 'East' },
          ),
        ]}
      />
      <output aria-label="URL">{params.toString()}</output>
    </>
  );
}

describe('FilterBar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Testing Library advances fake timers only when it sees Jest's API;
    // without it, its act() wrapper waits on a timer that never fires.
    vi.stubGlobal('jest', {
      advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms),
    });
    changes = [];
    held = null;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

  it('is a search landmark whose fields are labelled', () => {
    render(<StoreFilters />);
    const bar = screen.getByRole('search', { name: 'Filter stores' });
    expect(bar).toContainElement(
      screen.getByRole('searchbox', { name: 'Search stores' }),
    );
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveValue('');
  });

  it('filters after a pause in typing, replacing the history entry instead of adding one per key', async () => {
    render(<StoreFilters initial="page=3" />);
    await user().type(
      screen.getByRole('searchbox', { name: 'Search stores' }),
      'port',
    );
    expect(changes).toEqual([]);
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(changes).toEqual([{ query: 'search=port', replace: true }]);
  });

  it('filters at once on Enter, keeping focus and text in the field', async () => {
    render(<StoreFilters />);
    const field = screen.getByRole('searchbox', { name: 'Search stores' });
    await user().type(field, 'boston{Enter}');
    expect(changes).toEqual([{ query: 'search=boston', replace: false }]);
    expect(field).toHaveFocus();
    expect(field).toHaveValue('boston');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(changes).toHaveLength(1);
  });

  it('keeps what the user goes on typing when the URL catches up with an earlier pause', async () => {
    render(<StoreFilters />);
    const field = screen.getByRole('searchbox', { name: 'Search stores' });
    const typing = user();
    held = [];
    await typing.type(field, 'po');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await typing.type(field, 'rt');
    const late = held;
    held = null;
    act(() => late.forEach((apply) => apply()));
    expect(screen.getByRole('status', { name: 'URL' })).toHaveTextContent(
      'search=po',
    );
    expect(field).toHaveValue('port');
  });

  it('filters by a select, and shows text the URL brings (Back, a saved view)', async () => {
    render(<StoreFilters />);
    await user().selectOptions(
      screen.getByRole('combobox', { name: 'Region' }),
      'East',
    );
    expect(changes).toEqual([{ query: 'region=east', replace: false }]);
    act(() => navigate('search=seattle'));
    expect(
      screen.getByRole('searchbox', { name: 'Search stores' }),
    ).toHaveValue('seattle');
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveValue('');
  });

  it('clears every filter at once and leaves focus in the bar', async () => {
    render(<StoreFilters initial="search=port&region=west&page=2" />);
    const clear = screen.getByRole('button', { name: 'Clear filters' });
    await user().click(clear);
    expect(screen.getByRole('status', { name: 'URL' })).toHaveTextContent(/^$/);
    expect(
      screen.getByRole('searchbox', { name: 'Search stores' }),
    ).toHaveValue('');
    expect(
      screen.getByRole('searchbox', { name: 'Search stores' }),
    ).toHaveFocus();
    expect(clear).toBeDisabled();
  });
});
