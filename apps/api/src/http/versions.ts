import { Refusal } from './error-replies';

/**
 * Refuses a stale edit (decisions D15, docs/decisions/0067): when the
 * version the caller read is not the record's `current` one, throws the
 * 409 whose body holds `details` (the current record, so the screen can
 * say what changed). Call it on the row locked `FOR UPDATE`, before
 * writing anything, so nothing is lost.
 */
export function refuseStale(
  subject: string,
  read: number,
  current: number,
  details: Readonly<Record<string, unknown>>,
): void {
  if (read === current) return;
  throw new Refusal(
    409,
    'Conflict',
    `${subject} changed since you read it (version ${read}, now ${current}); nothing was saved. Reload it and try again.`,
    { ...details },
  );
}
