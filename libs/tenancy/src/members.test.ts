import {
  dataFilterFor,
  deriveAccess,
  isRefusal,
  resolveDataScope,
} from '@collective/api-client/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chipMember,
  KIEHLS_FALLBACK_MEMBER,
  shownMember,
  sortMembersByName,
} from './members';

const members = [
  { id: 5, name: 'solstice Beauty', code: 'SOL' },
  { id: 2, name: "Kiehl's", code: 'KIEHLS' },
  { id: 3, name: 'Lumen Skincare', code: 'LUM' },
];

describe('sortMembersByName', () => {
  it('sorts by name whatever the case, leaving the input alone', () => {
    expect(sortMembersByName(members).map((m) => m.id)).toEqual([2, 3, 5]);
    expect(members[0]?.id).toBe(5);
  });

  it('keeps every member exactly once', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.integer(),
            name: fc.string(),
            code: fc.constant(null),
          }),
        ),
        (list) => {
          const sorted = sortMembersByName(list);
          expect(sorted).toHaveLength(list.length);
          expect(new Set(sorted)).toEqual(new Set(list));
        },
      ),
    );
  });
});

describe('chipMember', () => {
  const brand = deriveAccess({ role: 'admin', member_id: 3 });
  const kiehlsBrand = deriveAccess({ role: 'brand_operator', member_id: 2 });

  it("names the brand user's own member", () => {
    expect(chipMember(brand, 'pact', members)?.name).toBe('Lumen Skincare');
  });

  it("falls back to Kiehl's (id 2, KIEHLS) on the kiehls tenant when the member is not found", () => {
    expect(chipMember(kiehlsBrand, 'kiehls', [])).toEqual(
      KIEHLS_FALLBACK_MEMBER,
    );
    expect(KIEHLS_FALLBACK_MEMBER).toMatchObject({ id: 2, code: 'KIEHLS' });
  });

  it('shows nothing for collective admins, or when nothing is known outside kiehls', () => {
    expect(
      chipMember(
        deriveAccess({ role: 'admin', member_id: null }),
        'pact',
        members,
      ),
    ).toBeNull();
    expect(chipMember(brand, 'pact', [])).toBeNull();
  });
});

describe('shownMember', () => {
  it('names the member of the data filter, on either tenant', () => {
    expect(shownMember('pact', { member_id: 3 }, members)?.name).toBe(
      'Lumen Skincare',
    );
    expect(shownMember('kiehls', { member_id: 2 }, members)?.name).toBe(
      "Kiehl's",
    );
  });

  it('is the whole collective without a filter on the pact tenant', () => {
    expect(shownMember('pact', {}, members)).toBeNull();
  });

  it("is Kiehl's without a filter on the kiehls tenant, where the server limits every answer to it (D12)", () => {
    expect(shownMember('kiehls', {}, members)).toEqual(members[1]);
    expect(shownMember('kiehls', {}, [])).toEqual(KIEHLS_FALLBACK_MEMBER);
  });

  it('says which member it is when the list does not hold it', () => {
    expect(shownMember('pact', { member_id: 9 }, [])).toEqual({
      id: 9,
      code: null,
      name: 'member 9',
    });
  });
});

describe('shownMember and the server scope', () => {
  it("names the member the contract's resolveDataScope gives, for any user, tenant and selected member the server accepts", () => {
    fc.assert(
      fc.property(
        fc.record({
          role: fc.constantFrom(
            'super_admin',
            'admin',
            'brand_operator',
            'viewer',
          ),
          member_id: fc.option(fc.constantFrom(2, 3, 5, 1009), { nil: null }),
        }),
        fc.constantFrom('pact' as const, 'kiehls' as const),
        fc.option(fc.constantFrom(2, 3, 5), { nil: null }),
        (user, tenant, selected) => {
          const access = deriveAccess(user);
          const filter = dataFilterFor(access, selected);
          const sent = 'member_id' in filter ? filter.member_id : undefined;
          const scope = resolveDataScope(access, tenant, sent);
          fc.pre(!isRefusal(scope));
          expect(shownMember(tenant, filter, members)?.id ?? null).toBe(
            isRefusal(scope) ? undefined : scope.memberId,
          );
        },
      ),
    );
  });
});
