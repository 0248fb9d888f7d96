import { describe, expect, it } from 'vitest';
import { listQuery } from './list-query';

describe('listQuery', () => {
  it('asks for the search, sort, page and page size as text', () => {
    expect(
      listQuery({ search: 'ann', sort: '-name', page: 2, pageSize: 50 }),
    ).toEqual({ search: 'ann', sort: '-name', page: '2', page_size: '50' });
  });

  it('leaves out an empty search and a default sort', () => {
    expect(
      listQuery({ search: '', sort: undefined, page: 1, pageSize: 20 }),
    ).toEqual({
      search: undefined,
      sort: undefined,
      page: '1',
      page_size: '20',
    });
  });
});
