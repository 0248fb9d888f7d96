import type { User } from './schemas';

const isInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean =>
  typeof value === 'boolean';

const REFUSED = Symbol('refused');

/** `value` when it passes `is`, `fallback` when null or absent, else REFUSED. */
function nullish<T, F>(
  value: unknown,
  is: (value: unknown) => value is T,
  fallback: F,
): T | F | typeof REFUSED {
  if (value === null || value === undefined) return fallback;
  return is(value) ? value : REFUSED;
}

/**
 * Reads `data` as {@link UserSchema} does, without valibot: the user with
 * its optional fields normalised (absent or null name, member code, member
 * and tenant ids become null; a missing `isPactStaff` becomes false) in a
 * fresh object holding only the known fields, or null when a field has the
 * wrong type. The session store reads the stored user with it on the
 * sign-in page, whose script budget valibot does not fit (decision 0107);
 * a property test holds it equal to `v.safeParse(UserSchema, data)`.
 */
export function readUser(data: unknown): User | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  const user = {
    name: nullish(record['name'], isString, null),
    email: record['email'],
    role: record['role'],
    member_id: nullish(record['member_id'], isInteger, null),
    member_code: nullish(record['member_code'], isString, null),
    allowed_tenant_id: nullish(record['allowed_tenant_id'], isInteger, null),
    isPactStaff: nullish(record['isPactStaff'], isBoolean, false),
  };
  if (!isString(user.email) || !isString(user.role)) return null;
  for (const value of Object.values(user)) if (value === REFUSED) return null;
  return user as User;
}
