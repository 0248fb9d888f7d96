import { endpoints, type Member } from '@collective/api-client/contract';
import type { FastifyPluginAsync } from 'fastify';
import { authenticated, type SessionContext } from '../auth/authenticate';
import { callerScope } from '../auth/users';
import type { Database } from '../db/database';
import { pathInsideApi } from '../http/api-path';
import { sendError } from '../http/error-replies';
import { validate } from '../http/validation';

/** Options of {@link memberRoutes}. */
export interface MemberRoutesOptions extends SessionContext {
  db: Database;
}

/** A member as the names-only list sends it. */
export type MemberName = Pick<Member, 'id' | 'name'>;

/**
 * GET /api/members (specification §6–7, decisions D4 and D11), enforcing on
 * the server what the client gates:
 * - `?all=true`: every member with its code, for the super admin only (403 otherwise);
 * - otherwise (`?names_only=true`): id and name; collective admins get every
 *   member, brand users only their own, users of no member none.
 */
export const memberRoutes: FastifyPluginAsync<MemberRoutesOptions> = async (
  app,
  options,
) => {
  const { db } = options;
  app.get(
    pathInsideApi(endpoints.members.path),
    authenticated(options, async (request, reply, caller) => {
      const query = validate(endpoints.members.query, request.query, 'Query');
      if (!query.ok) return sendError(reply, 400, query.error);
      const scope = callerScope(caller);

      if (query.value.all === 'true') {
        if (scope.kind !== 'collective' || !scope.superAdmin) {
          return sendError(
            reply,
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
      if (scope.kind === 'collective') {
        members = await db.query<MemberName>(
          'SELECT id, name FROM members ORDER BY id',
        );
      } else if (scope.kind === 'member') {
        members = await db.query<MemberName>(
          'SELECT id, name FROM members WHERE id = $1',
          [scope.memberId],
        );
      }
      return { success: true, members };
    }),
  );
};
