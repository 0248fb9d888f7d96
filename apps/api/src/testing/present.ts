/**
 * Returns `value`, or throws naming `what` when it is null or undefined: a
 * test's lookup that must find something fails loudly instead of being
 * asserted away with `!`.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) {
    throw new Error(`Expected ${what}, found none.`);
  }
  return value;
}
