import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ListSpec } from './list-params';
import {
  listPagination,
  useListParams,
  type SearchParamsChange,
} from './use-list-params';

const spec: ListSpec = {
  sortable: ['name', 'weight'],
  defaultPageSize: 20,
  pageSizes: [20, 50],
  filters: { search: 'text', region: ['west', 'east'] },
  columns: ['name', 'weight', 'region'],
};

/** A URL kept in state, with a log of how each change was made. */
function useFakeUrl(
  initial: string,
  log: (query: string, change?: SearchParamsChange) => void,
) {
  const [params, setParams] = useState(() => new URLSearchParams(initial));
  return useListParams(spec, [
    params,
    (next, change) => {
      log(next.toString(), change);
      setParams(next);
    },
  ]);
}

describe('useListParams', () => {
  it('keeps both of two changes made before the URL shows the first (two filters picked at once)', () => {
    const log = vi.fn();
    const { result } = renderHook(() => useFakeUrl('tab=info', log));
    act(() => {
      result.current.setFilter('region', 'east');
      result.current.setFilter('search', 'seattle');
    });
    expect(log).toHaveBeenLastCalledWith(
      'tab=info&search=seattle&region=east',
      {},
    );
    expect(result.current.state.filters).toEqual({
      region: 'east',
      search: 'seattle',
    });
    // A change after the URL moved on builds on the URL, not on the old ask.
    act(() => result.current.setFilter('region', ''));
    expect(result.current.state.filters).toEqual({ search: 'seattle' });
  });

  it('goes back to page 1 when the sort, a filter or the size changes, not when the page does', () => {
    const log = vi.fn();
    const { result } = renderHook(() => useFakeUrl('page=4&tab=info', log));
    expect(result.current.state.page).toBe(4);

    act(() => result.current.setSort({ id: 'weight', desc: true }));
    expect(result.current.state).toMatchObject({
      sort: { id: 'weight', desc: true },
      page: 1,
    });

    act(() => result.current.setPage(3));
    act(() => result.current.setFilter('region', 'east'));
    expect(result.current.state).toMatchObject({
      page: 1,
      filters: { region: 'east' },
    });

    act(() => result.current.setPage(2));
    act(() => result.current.setPageSize(50));
    expect(result.current.state).toMatchObject({ page: 1, pageSize: 50 });
    expect(log).toHaveBeenLastCalledWith(
      'tab=info&sort=-weight&page_size=50&region=east',
      {},
    );
  });

  it('replaces the history entry while the user types, and pushes otherwise', () => {
    const log = vi.fn();
    const { result } = renderHook(() => useFakeUrl('', log));
    act(() => result.current.setFilter('search', 'port', { replace: true }));
    expect(log).toHaveBeenLastCalledWith('search=port', { replace: true });
    act(() => result.current.setFilter('region', 'west'));
    expect(log).toHaveBeenLastCalledWith('search=port&region=west', {});
  });

  it('clears every filter at once, and makes no history entry for a change that changes nothing', () => {
    const log = vi.fn();
    const { result } = renderHook(() =>
      useFakeUrl('search=a&region=west&page=2', log),
    );
    act(() => result.current.clearFilters());
    expect(result.current.state).toMatchObject({ filters: {}, page: 1 });
    log.mockClear();
    act(() => result.current.clearFilters());
    act(() => result.current.setFilter('search', ''));
    expect(log).not.toHaveBeenCalled();
  });

  it('keeps the chosen columns, replacing the entry, and forgets them when reset', () => {
    const log = vi.fn();
    const { result } = renderHook(() => useFakeUrl('', log));
    act(() => result.current.setColumns(['weight', 'name']));
    expect(result.current.state.columns).toEqual(['name', 'weight']);
    expect(log).toHaveBeenLastCalledWith('columns=name%2Cweight', {
      replace: true,
    });
    act(() => result.current.setColumns(undefined));
    expect(result.current.state.columns).toBeUndefined();
  });
});

describe('listPagination', () => {
  it("counts the pages of the answer's total at the URL's size, none before an answer, and pages through the URL", () => {
    const log = vi.fn();
    const { result } = renderHook(() => useFakeUrl('page=2&page_size=50', log));

    expect(listPagination(result.current, spec, 101)).toMatchObject({
      page: 2,
      pageCount: 3,
      pageSize: 50,
      pageSizes: [20, 50],
    });
    expect(listPagination(result.current, spec, undefined).pageCount).toBe(0);
    act(() => listPagination(result.current, spec, 101).onPage(3));
    expect(result.current.state.page).toBe(3);
  });
});
