/**
 * One recorded write as an audit trail shows it (decisions D15): when, who,
 * what, and the record's fields before and after (`before` is `null` for a
 * creation). The shape of the contract's `AuditEvent`, which this library
 * does not import.
 */
export interface AuditTrailEvent {
  readonly id: number;
  readonly at: string;
  readonly action: string;
  readonly actor: {
    readonly name?: string | null;
    readonly email?: string | null;
  } | null;
  readonly before: Readonly<Record<string, unknown>> | null;
  readonly after: Readonly<Record<string, unknown>> | null;
}

/** How {@link auditChanges} words an event's fields. */
export interface AuditWords {
  /** A field's name for people, e.g. `contact_name` → "Contact name"; the key itself when absent. */
  readonly fieldLabels?: Readonly<Record<string, string>>;
  /** A value in words, e.g. a role's label; by default its text ("–" when empty). */
  readonly shown?: (field: string, value: unknown) => string;
}

/** A value of an event's before or after in text: "–" when empty, JSON for objects. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * What an event changed, one line a field: "Label: before → after" for each
 * field whose value differs (the optimistic `version` aside), or
 * "Label: after" for a field the record did not have before (a creation).
 */
export function auditChanges(
  event: Pick<AuditTrailEvent, 'before' | 'after'>,
  {
    fieldLabels = {},
    shown = (_field, value) => shownValue(value),
  }: AuditWords = {},
): string[] {
  const before = event.before ?? {};
  const after = event.after ?? {};
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter(
      (field) =>
        field !== 'version' &&
        JSON.stringify(before[field]) !== JSON.stringify(after[field]),
    )
    .map((field) => {
      const label = fieldLabels[field] ?? field;
      const now = shown(field, after[field]);
      return field in before
        ? `${label}: ${shown(field, before[field])} → ${now}`
        : `${label}: ${now}`;
    });
}
