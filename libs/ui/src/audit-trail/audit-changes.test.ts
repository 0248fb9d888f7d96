import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditChanges, shownValue } from './audit-changes';

const value = fc.oneof(
  fc.constant(null),
  fc.string({ maxLength: 6 }),
  fc.integer({ min: -5, max: 5 }),
  fc.boolean(),
);
const record = fc.dictionary(
  fc.constantFrom('name', 'role', 'status', 'version', 'contact'),
  value,
);

describe('auditChanges', () => {
  it('names exactly the fields whose value differs, version aside, each once', () => {
    fc.assert(
      fc.property(fc.option(record, { nil: null }), record, (before, after) => {
        const lines = auditChanges({ before, after });
        const fields = lines.map((line) => line.slice(0, line.indexOf(':')));
        const differing = [
          ...new Set([...Object.keys(before ?? {}), ...Object.keys(after)]),
        ].filter(
          (field) =>
            field !== 'version' &&
            JSON.stringify(before?.[field]) !== JSON.stringify(after[field]),
        );
        expect(fields.sort()).toEqual(differing.sort());
      }),
    );
  });

  it('words a change as before → after with labels and the caller’s words, a creation as its value', () => {
    const words = {
      fieldLabels: { role: 'Role' },
      shown: (field: string, v: unknown) =>
        field === 'role' ? `«${String(v)}»` : shownValue(v),
    };
    expect(
      auditChanges(
        {
          before: { role: 'viewer', name: 'A', version: 1 },
          after: { role: 'admin', name: 'A', version: 2 },
        },
        words,
      ),
    ).toEqual(['Role: «viewer» → «admin»']);
    expect(
      auditChanges({ before: null, after: { name: 'Kiehl’s', code: '' } }),
    ).toEqual(['name: Kiehl’s', 'code: –']);
    expect(
      auditChanges({ before: { tags: ['a'] }, after: { tags: ['a', 'b'] } }),
    ).toEqual(['tags: ["a"] → ["a","b"]']);
  });
});
