/**
 * The fields of an edit that change a record: each contact field
 * (`contact_…`) as sent, an empty one as `null` (it clears the field); the
 * others as sent; the fields equal to the record's `current` value left out
 * (decisions D15: an edit that changes nothing writes nothing).
 */
export function changedFields(
  fields: object,
  current: object,
): Record<string, unknown> {
  const was = current as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(fields)
      .map(([name, value]) => [
        name,
        name.startsWith('contact_') ? value || null : value,
      ])
      .filter(([name, value]) => was[name as string] !== value),
  );
}
