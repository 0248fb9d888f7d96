import type { AnsweredScope } from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import { notFound } from '../http/error-replies';
import { askedPage, type AskedPage } from '../http/paging';

/** A member's name, or `null` when there is no such member. */
export async function memberName(
  db: SqlRunner,
  memberId: number,
): Promise<string | null> {
  const [row] = await db.query<{ name: string }>(
    'SELECT name FROM members WHERE id = $1',
    [memberId],
  );
  return row?.name ?? null;
}

/**
 * The scope an answer states: the whole collective (`null`) or a member and
 * its name; a member that does not exist is not found (decisions D12).
 */
export async function answeredScope(
  db: SqlRunner,
  memberId: number | null,
): Promise<AnsweredScope> {
  if (memberId === null) return { member_id: null, member_name: null };
  const name = await memberName(db, memberId);
  if (name === null) notFound(`There is no member ${memberId}.`);
  return { member_id: memberId, member_name: name };
}

/**
 * The answer of a list call that reads a page in its scope: the page the
 * call's query asks for (`defaultSize` items unless it says otherwise) is
 * handed to `read`, and the answer states the scope, what `read` found, the
 * page and the total. A member that does not exist is not found before
 * anything is read.
 */
export async function answerScopedPage<Found extends { total: number }>(
  call: {
    db: SqlRunner;
    scope: { memberId: number | null };
    query: { page?: number | undefined; page_size?: number | undefined };
  },
  defaultSize: number,
  read: (paging: AskedPage) => Promise<Found>,
) {
  const asked = askedPage(call.query, defaultSize);
  const scope = await answeredScope(call.db, call.scope.memberId);
  const { total, ...found } = await read(asked);
  return { success: true as const, scope, ...found, ...asked, total };
}
