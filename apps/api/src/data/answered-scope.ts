import type { AnsweredScope } from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import { notFound } from '../http/error-replies';

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
