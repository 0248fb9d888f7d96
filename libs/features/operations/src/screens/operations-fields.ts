import { MATERIALS } from '@collective/api-client/contract';
import * as v from 'valibot';

/** The name of each material for people (`pet1` → "PET #1"), by code. */
export const MATERIAL_NAMES: Readonly<Record<string, string>> =
  Object.fromEntries(MATERIALS.map((m) => [m.code, m.label]));

/**
 * A weight typed into a field, `label` naming it in the message: a number
 * from 0 with at most `wholeDigits` digits before the point and three
 * after (grams), given to the form as a number.
 */
export const TypedWeight = (label: string, wholeDigits = 5) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(
      new RegExp(`^\\d{1,${wholeDigits}}(\\.\\d{1,3})?$`),
      `Enter the ${label} as a number, e.g. 12.5.`,
    ),
    v.transform(Number),
  );
