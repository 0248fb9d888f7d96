import { errorMessage } from '../error-message/error-message';
import type { ServerError } from './use-form';

/** The server's `error` title of a stale write (D15): the record changed since it was read. */
const STALE = 'Conflict';

/** The status and `error` title of a refused call, read by their shape (ui imports no API client). */
function refusal(error: unknown): { status?: number; title: string } {
  const { status, serverError } = (error ?? {}) as {
    status?: unknown;
    serverError?: unknown;
  };
  return {
    ...(typeof status === 'number' ? { status } : {}),
    title: typeof serverError === 'string' ? serverError : '',
  };
}

/** Whether a failed write was made against an older version of its record (409 "Conflict"). */
export function isStaleWrite(error: unknown): boolean {
  const { status, title } = refusal(error);
  return status === 409 && title === STALE;
}

/**
 * A refused write as the form kit shows it (throw it from `onSubmit`): a
 * stale version keeps status 409, so `FormError` says the record changed
 * and offers the latest; any other refusal shows the server's sentence, on
 * the field `fieldOf` names for it (by the server's `error` title and
 * status) or else at the top of the form.
 */
export function formRefusal(
  error: unknown,
  fieldOf?: (title: string, status: number) => string | undefined,
): ServerError {
  const message = errorMessage(error, 'Nothing was saved. Try again.');
  const { status, title } = refusal(error);
  if (status === undefined) return { message };
  if (isStaleWrite(error)) return { status, message };
  // Not a stale version: no 409 status, or the form would offer a reload
  // that cannot help (e.g. "Already a user", "Last admin").
  const field = fieldOf?.(title, status);
  return field === undefined
    ? { message }
    : {
        message: 'Nothing was saved: see the field marked below.',
        fields: { [field]: message },
      };
}
