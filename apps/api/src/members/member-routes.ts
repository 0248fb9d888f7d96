import type {
  DataScope,
  Member,
  MemberProfile,
} from '@collective/api-client/contract';
import { answerScopedPage } from '../data/answered-scope';
import { changedFields } from '../data/changed-fields';
import type { SqlRunner } from '../db/database';
import { resourceRoutes } from '../http/declare-route';
import {
  alreadyOff,
  notFound,
  Refusal,
  staleVersion,
} from '../http/error-replies';
import {
  auditedMember,
  readMemberProfile,
  readMemberProfiles,
} from './member-records';

/** Member profiles per page of GET /api/members/profiles unless asked. */
const DEFAULT_MEMBER_PROFILES_PAGE_SIZE = 20;

/** A member as the names-only list sends it. */
export type MemberName = Pick<Member, 'id' | 'name'>;

function noMember(id: number): never {
  return notFound(`There is no member ${id} in your data scope.`);
}

/**
 * The member `id`, locked for a write: 404 when there is none in the
 * caller's scope (on the kiehls tenant, Kiehl's only), 409 with the current
 * member when `version` is stale (decisions D12, D15).
 */
async function lockedMember(
  db: SqlRunner,
  id: number,
  scope: DataScope,
  version: number,
  now: Date,
): Promise<MemberProfile> {
  const current = await readMemberProfile(db, id, scope.memberId, now, true);
  if (!current) noMember(id);
  if (current.version !== version)
    staleVersion(current.name, version, current.version, current);
  return current;
}

/** The end of every write to a member: it as it is now, and the audited change from `before`. */
async function written(db: SqlRunner, before: MemberProfile, now: Date) {
  const after = await readMemberProfile(db, before.id, null, now);
  if (!after)
    throw new Error(`member ${before.id} vanished while it was written`);
  return {
    answer: { success: true, member: after },
    change: {
      id: before.id,
      memberId: before.id,
      before: auditedMember(before),
      after: auditedMember(after),
    },
  };
}

/**
 * GET /api/members (specification §6–7, decisions D4 and D11), enforcing on
 * the server what the client gates:
 * - `?all=true`: every member with its code, for the super admin only (403 otherwise);
 * - otherwise (`?names_only=true`): id and name; collective admins get every
 *   member, brand users only their own, users of no member none.
 *
 * Member management (decisions D14, D15; docs/decisions/0093): the members
 * in scope with tier, status, contact and figures (GET /api/members/profiles)
 * and one member (GET /api/members/:id; another member's answers 404 to a
 * brand admin); collective admins create, edit and deactivate, each write
 * versioned (409 when stale) and one audit event with before and after.
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
  memberProfiles(call) {
    const { query, scope, db, now } = call;
    return answerScopedPage(
      call,
      DEFAULT_MEMBER_PROFILES_PAGE_SIZE,
      async (paging) => {
        const { profiles, total } = await readMemberProfiles(
          db,
          {
            memberId: scope.memberId,
            search: query.search,
            status: query.status,
            tier: query.tier,
            sort: query.sort ?? 'name',
            paging,
          },
          now,
        );
        return { year: now.getUTCFullYear(), member_profiles: profiles, total };
      },
    );
  },

  async memberProfile({ params: { id }, scope, db, now }) {
    const member = await readMemberProfile(db, id, scope.memberId, now);
    return { success: true, member: member ?? noMember(id) };
  },

  async createMember({ body, db, now }) {
    const [made] = await db.query<{ id: number }>(
      `INSERT INTO members (name, code, tier, status, contact_name, contact_email, contact_phone)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (code) DO NOTHING RETURNING id`,
      [
        body.name,
        body.code,
        body.tier,
        body.status,
        body.contact_name || null,
        body.contact_email || null,
        body.contact_phone || null,
      ],
    );
    if (!made) {
      const [holder] = await db.query<{ name: string }>(
        'SELECT name FROM members WHERE code = $1',
        [body.code],
      );
      throw new Refusal(
        409,
        'Code taken',
        `The code ${body.code} belongs to ${holder?.name ?? 'another member'}; choose another code.`,
      );
    }
    const member = await readMemberProfile(db, made.id, null, now);
    if (!member)
      throw new Error(`member ${made.id} vanished while it was made`);
    return {
      answer: { success: true, member },
      change: {
        id: member.id,
        memberId: member.id,
        before: null,
        after: auditedMember(member),
      },
    };
  },

  async updateMember({ params: { id }, body, scope, db, now }) {
    const before = await lockedMember(db, id, scope, body.version, now);
    const { version: _read, ...fields } = body;
    const next = changedFields(fields, before) as Partial<
      Record<keyof typeof fields, string | null>
    >;
    if (Object.keys(next).length === 0) {
      return { answer: { success: true, member: before }, change: null };
    }
    const reactivated =
      before.status === 'deactivated' && next.status !== undefined;
    await db.query(
      `UPDATE members SET
              name = coalesce($2, name),
              tier = coalesce($3, tier),
              status = coalesce($4, status),
              contact_name = CASE WHEN $5::boolean THEN $6 ELSE contact_name END,
              contact_email = CASE WHEN $7::boolean THEN $8 ELSE contact_email END,
              contact_phone = CASE WHEN $9::boolean THEN $10 ELSE contact_phone END,
              deactivated_at = CASE WHEN $11::boolean THEN NULL ELSE deactivated_at END,
              version = version + 1
        WHERE id = $1`,
      [
        id,
        next.name ?? null,
        next.tier ?? null,
        next.status ?? null,
        'contact_name' in next,
        next.contact_name ?? null,
        'contact_email' in next,
        next.contact_email ?? null,
        'contact_phone' in next,
        next.contact_phone ?? null,
        reactivated,
      ],
    );
    return written(db, before, now);
  },

  async deactivateMember({ params: { id }, body, scope, db, now }) {
    const before = await lockedMember(db, id, scope, body.version, now);
    if (before.status === 'deactivated') alreadyOff(before, 'deactivated');
    await db.query(
      `UPDATE members SET status = 'deactivated', deactivated_at = $2,
              version = version + 1
        WHERE id = $1`,
      [id, now.toISOString()],
    );
    return written(db, before, now);
  },
});
