import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memberScopeOf, scopedQueryKey } from './data-scope';

const scope = fc.record({
  tenant: fc.constantFrom('pact' as const, 'kiehls' as const),
  filter: fc.oneof(
    fc.constant({}),
    fc.integer({ min: 1 }).map((member_id) => ({ member_id })),
  ),
});

describe('scopedQueryKey', () => {
  it('starts with the tenant code and the data filter', () => {
    expect(
      scopedQueryKey({ tenant: 'pact', filter: { member_id: 2 } }, 'stores', 1),
    ).toEqual(['pact', { member_id: 2 }, 'stores', 1]);
  });

  it('gives two different scopes two different keys for the same query', () => {
    fc.assert(
      fc.property(scope, scope, (a, b) => {
        const same =
          a.tenant === b.tenant &&
          JSON.stringify(a.filter) === JSON.stringify(b.filter);
        expect(
          JSON.stringify(scopedQueryKey(a, 'q')) ===
            JSON.stringify(scopedQueryKey(b, 'q')),
        ).toBe(same);
      }),
    );
  });
});

describe('memberScopeOf', () => {
  it('asks for the member of the filter, or for everything', () => {
    expect(memberScopeOf({ tenant: 'pact', filter: { member_id: 7 } })).toEqual(
      { memberId: 7 },
    );
    expect(memberScopeOf({ tenant: 'pact', filter: {} })).toEqual({});
  });
});
