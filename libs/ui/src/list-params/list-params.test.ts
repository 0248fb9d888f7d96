import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apiSort,
  hasUnsafeText,
  listParamsToSearch,
  normalizeListState,
  parseListParams,
  type ListSpec,
  type ListState,
} from './list-params';

const storeSpec: ListSpec = {
  sortable: ['name', 'weight', 'region'],
  defaultSort: { id: 'name', desc: false },
  defaultPageSize: 20,
  pageSizes: [20, 50, 100],
  filters: { search: 'text', region: ['west', 'east', 'south'] },
  columns: ['name', 'region', 'weight', 'bins'],
};

const unsortedSpec: ListSpec = {
  sortable: ['date'],
  defaultPageSize: 25,
  filters: { status: ['open', 'closed'] },
};

/** Valid states of a spec: the codec must give each back unchanged. */
function validState(spec: ListSpec): fc.Arbitrary<ListState> {
  const sorts = fc.record({
    id: fc.constantFrom(...spec.sortable),
    desc: fc.boolean(),
  });
  const filterEntries = Object.entries(spec.filters ?? {}).map(
    ([key, allowed]) =>
      [
        key,
        allowed === 'text'
          ? fc
              .string({ unit: 'grapheme', minLength: 1, maxLength: 60 })
              .filter((text) => !hasUnsafeText(text))
          : fc.constantFrom(...allowed),
      ] as const,
  );
  return fc.record(
    {
      sort: spec.defaultSort ? sorts : fc.option(sorts, { nil: null }),
      page: fc.integer({ min: 1, max: 1_000_000 }),
      pageSize: fc.constantFrom(
        spec.defaultPageSize,
        ...(spec.pageSizes ?? []),
      ),
      filters: fc.record(Object.fromEntries(filterEntries), {
        requiredKeys: [],
      }) as fc.Arbitrary<Record<string, string>>,
      ...(spec.columns?.length
        ? { columns: fc.subarray([...spec.columns], { minLength: 1 }) }
        : {}),
    },
    { requiredKeys: ['sort', 'page', 'pageSize', 'filters'] },
  );
}

/** Query strings an attacker or a broken link could produce. */
const hostileQuery = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          'sort',
          'page',
          'page_size',
          'columns',
          'search',
          'region',
          '__proto__',
          'constructor',
        ),
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.constantFrom(
            '-',
            '--name',
            '-weight',
            '0',
            '-1',
            '1e3',
            '2.5',
            ' 3',
            '999999999999',
            'NaN',
            'Infinity',
            'west,east',
            ',,,',
            'name,name,nope',
          ),
          fc.string({ minLength: 201, maxLength: 400 }),
        ),
      ),
    )
    .map((pairs) => new URLSearchParams(pairs).toString()),
);

function isValid(state: ListState, spec: ListSpec): boolean {
  return (
    JSON.stringify(normalizeListState(state, spec)) === JSON.stringify(state)
  );
}

describe('parseListParams', () => {
  it('reads sort, page, size, filters and columns from a URL', () => {
    expect(
      parseListParams(
        '?sort=-weight&page=3&page_size=50&search=portland&region=west&columns=weight,name',
        storeSpec,
      ),
    ).toEqual({
      sort: { id: 'weight', desc: true },
      page: 3,
      pageSize: 50,
      filters: { search: 'portland', region: 'west' },
      columns: ['name', 'weight'],
    });
  });

  it('gives the defaults for an empty URL', () => {
    expect(parseListParams('', storeSpec)).toEqual({
      sort: { id: 'name', desc: false },
      page: 1,
      pageSize: 20,
      filters: {},
    });
    expect(
      parseListParams(new URLSearchParams(), unsortedSpec).sort,
    ).toBeNull();
  });

  it.each([
    ['an unknown sort', 'sort=password', { sort: { id: 'name', desc: false } }],
    ['a bare minus', 'sort=-', { sort: { id: 'name', desc: false } }],
    ['a negative page', 'page=-2', { page: 1 }],
    ['page zero', 'page=0', { page: 1 }],
    ['a fractional page', 'page=2.5', { page: 1 }],
    ['an exponent', 'page=1e3', { page: 1 }],
    ['a huge page', 'page=99999999999', { page: 1 }],
    ['a size not offered', 'page_size=7', { pageSize: 20 }],
    ['a value no select offers', 'region=mars', { filters: {} }],
    ['a 201-character search', `search=${'a'.repeat(201)}`, { filters: {} }],
    ['a control character', 'search=a%00b', { filters: {} }],
    ['unknown columns only', 'columns=secret,,', {}],
  ])('falls back to the default for %s', (_name, query, expected) => {
    expect(parseListParams(query, storeSpec)).toEqual({
      sort: { id: 'name', desc: false },
      page: 1,
      pageSize: 20,
      filters: {},
      ...expected,
    });
  });

  it('drops a search with a lone surrogate, which no URL could carry back', () => {
    const state = normalizeListState(
      { sort: null, page: 1, pageSize: 20, filters: { search: 'x\ud800' } },
      storeSpec,
    );
    expect(state.filters).toEqual({});
  });

  it('never takes a filter the spec does not name, not even __proto__', () => {
    const state = parseListParams(
      '__proto__=x&constructor=y&admin=1',
      storeSpec,
    );
    expect(Object.keys(state.filters)).toEqual([]);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('turns any query into a valid state, without throwing', () => {
    for (const spec of [storeSpec, unsortedSpec]) {
      fc.assert(
        fc.property(hostileQuery, (query) => {
          const state = parseListParams(query, spec);
          expect(isValid(state, spec)).toBe(true);
          expect(state.page).toBeGreaterThanOrEqual(1);
        }),
      );
    }
  });
});

describe('hasUnsafeText', () => {
  it('finds control characters and unpaired surrogates, and lets any other text through', () => {
    expect(
      ['a\u0000', '\u001b[31m', 'x\u0085', '\ud800', 'a\udc00b'].map(
        hasUnsafeText,
      ),
    ).toEqual([true, true, true, true, true]);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const plain = [...text].every((char) => {
          const code = char.codePointAt(0) ?? 0;
          return code >= 0xa0 || (code >= 0x20 && code < 0x7f);
        });
        expect(hasUnsafeText(text)).toBe(!plain);
      }),
    );
  });
});

describe('listParamsToSearch', () => {
  it('writes only what differs from the defaults', () => {
    expect(
      listParamsToSearch(
        {
          sort: { id: 'name', desc: false },
          page: 1,
          pageSize: 20,
          filters: {},
        },
        storeSpec,
      ).toString(),
    ).toBe('');
    expect(
      listParamsToSearch(
        {
          sort: { id: 'weight', desc: true },
          page: 2,
          pageSize: 50,
          filters: { region: 'east', search: 'a&b=c' },
          columns: ['weight', 'name'],
        },
        storeSpec,
      ).toString(),
    ).toBe(
      'sort=-weight&page=2&page_size=50&search=a%26b%3Dc&region=east&columns=name%2Cweight',
    );
  });

  it("keeps the URL's other parameters and replaces the list's own", () => {
    const search = listParamsToSearch(
      { sort: null, page: 4, pageSize: 25, filters: {} },
      unsortedSpec,
      '?tab=details&page=9&status=open',
    );
    expect(search.toString()).toBe('tab=details&page=4');
  });

  it('gives back every valid state unchanged after a trip through the URL', () => {
    for (const spec of [storeSpec, unsortedSpec]) {
      fc.assert(
        fc.property(validState(spec), (state) => {
          const query = listParamsToSearch(state, spec).toString();
          expect(parseListParams(query, spec)).toEqual(state);
        }),
      );
    }
  });

  it('writes nothing invalid, whatever state it is given', () => {
    const anyState = fc.record({
      sort: fc.option(fc.record({ id: fc.string(), desc: fc.boolean() }), {
        nil: null,
      }),
      page: fc.oneof(fc.integer(), fc.double()),
      pageSize: fc.integer(),
      filters: fc.dictionary(fc.string(), fc.string({ unit: 'binary' })),
      columns: fc.option(fc.array(fc.string()), { nil: undefined }),
    }) as fc.Arbitrary<ListState>;
    fc.assert(
      fc.property(anyState, (state) => {
        const query = listParamsToSearch(state, storeSpec).toString();
        const read = parseListParams(query, storeSpec);
        expect(read).toEqual(normalizeListState(state, storeSpec));
        expect(listParamsToSearch(read, storeSpec).toString()).toBe(query);
      }),
    );
  });
});

describe('apiSort', () => {
  const known = ['name', '-name', 'weight'] as const;

  it('gives the sort as the API writes it, `-` first when descending', () => {
    expect(apiSort({ id: 'name', desc: false }, known)).toBe('name');
    expect(apiSort({ id: 'name', desc: true }, known)).toBe('-name');
  });

  it('leaves the order to the server when the endpoint does not know the sort or there is none', () => {
    expect(apiSort({ id: 'weight', desc: true }, known)).toBeUndefined();
    expect(apiSort({ id: 'region', desc: false }, known)).toBeUndefined();
    expect(apiSort(null, known)).toBeUndefined();
  });
});
