import type { Member } from '@collective/api-client/contract';
import { resourceRoutes } from '../http/declare-route';
import { Refusal } from '../http/error-replies';

/** A member as the names-only list sends it. */
export type MemberName = Pick<Member, 'id' | 'name'>;

/**
 * GET /api/members (specification §6–7, decisions D4 and D11), enforcing on
 * the server what the client gates:
 * - `?all=true`: every member with its code, for the super admin only (403 otherwise);
 * - otherwise (`?names_only=true`): id and name; collective admins get every
 *   member, brand users only their own, users of no member none.
 */
export const memberRoutes = resourceRoutes({
  async members({ query, caller, db }) {
    const { access } = caller;
    if (query.all === 'true') {
      if (!access.can.loadAllMembers) {
        throw new Refusal(
          403,
          'Forbidden',
          'Only the super admin may list all members.',
        );
      }
      const members = await db.query<Member>(
        'SELECT id, name, code FROM members ORDER BY id',
      );
      return { success: true, members };
    }
    let members: MemberName[] = [];
    if (access.isCollectiveAdmin) {
      members = await db.query<MemberName>(
        'SELECT id, name FROM members ORDER BY id',
      );
    } else if (access.ownMemberId !== null) {
      members = await db.query<MemberName>(
        'SELECT id, name FROM members WHERE id = $1',
        [access.ownMemberId],
      );
    }
    return { success: true, members };
  },
});
