import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scopedQueryKey } from './data-scope';

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
