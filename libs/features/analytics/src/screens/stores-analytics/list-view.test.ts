import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listViewParams, readListView, readStoreId } from './list-view';

describe('the store list view in the URL', () => {
  it('reads back what it writes, for any view', () => {
    fc.assert(
      fc.property(
        fc.record({
          search: fc.string({ maxLength: 100 }),
          sort: fc.constantFrom('name', '-name', 'city', '-weight', 'weight'),
          page: fc.integer({ min: 1, max: 100_000 }),
        }),
        (view) => {
          expect(readListView(listViewParams(view))).toEqual(view);
        },
      ),
    );
  });

  it('falls back to the defaults for anything malformed', () => {
    expect(
      readListView(new URLSearchParams('sort=evil&page=-3&search=')),
    ).toEqual({ search: '', sort: 'name', page: 1 });
    expect(readListView(new URLSearchParams('page=1.5'))).toMatchObject({
      page: 1,
    });
  });

  it('reads a store id only when it is one', () => {
    expect(readStoreId(new URLSearchParams('store=204'))).toBe(204);
    for (const bad of ['0', '-1', '2e3', 'abc', '../x', '99999999999'])
      expect(readStoreId(new URLSearchParams({ store: bad }))).toBeNull();
  });
});
