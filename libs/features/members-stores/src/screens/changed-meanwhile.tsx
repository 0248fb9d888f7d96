import { sentenceRowClass } from '@collective/ui';

/** Props of {@link ChangedMeanwhile}. */
export interface ChangedMeanwhileProps<K extends string> {
  /** Whether the last save was refused because someone saved first (409). */
  stale: boolean;
  /** The fields the form edits. */
  fields: readonly K[];
  /** Each field's label, as the form shows it. */
  labels: Readonly<Partial<Record<K, string>>>;
  /** The fields as the form read them. */
  was: Readonly<Record<K, string>>;
  /** The fields as the server has them now. */
  now: Readonly<Record<K, string>>;
}

/**
 * What a record form says after a stale save (409): each field someone else
 * changed meanwhile, "Label: “before” → “after”", so the person can compare
 * before loading the latest version. Nothing when none changed.
 */
export function ChangedMeanwhile<K extends string>({
  stale,
  fields,
  labels,
  was,
  now,
}: ChangedMeanwhileProps<K>) {
  const changed = stale ? fields.filter((name) => was[name] !== now[name]) : [];
  if (changed.length === 0) return null;
  return (
    <div className={sentenceRowClass}>
      <p>Changed meanwhile:</p>
      <ul>
        {changed.map((name) => (
          <li key={name}>
            {labels[name]}: “{was[name] || '–'}” → “{now[name] || '–'}”
          </li>
        ))}
      </ul>
    </div>
  );
}
