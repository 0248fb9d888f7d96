import { isApiError } from '@collective/api-client';
import { errorMessage, type ServerError } from '@collective/ui';

/** The server's `error` title of a stale write (D15): the record changed since it was read. */
const STALE = 'Conflict';

/**
 * A refused write as the form kit shows it: a stale version (409
 * "Conflict") keeps status 409, so `FormError` says the user changed and
 * offers the latest version; any other refusal shows the server's sentence,
 * on the field `fieldOf` names for it (by the server's `error` title and
 * status) or else at the top of the form.
 */
export function refusalOf(
  error: unknown,
  fieldOf: (title: string, status: number) => string | undefined,
): ServerError {
  const message = errorMessage(error, 'Nothing was saved. Try again.');
  if (!isApiError(error) || error.status === undefined) return { message };
  const title = error.serverError ?? '';
  if (error.status === 409 && title === STALE) return { status: 409, message };
  // Not a stale version: no 409 status, or the form would offer a reload
  // that cannot help (e.g. "Already a user", "Last admin").
  const field = fieldOf(title, error.status);
  return field === undefined
    ? { message }
    : {
        message: 'Nothing was saved: see the field marked below.',
        fields: { [field]: message },
      };
}

/** Whether a failed write was made against an older version of its record (409 "Conflict"). */
export const isStale = (error: unknown): boolean =>
  isApiError(error) && error.status === 409 && error.serverError === STALE;
