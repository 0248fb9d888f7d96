/**
 * Member management's reads (decisions D14): a member with its tier,
 * status, contact and figures, each figure in the words of D14 and from
 * the same rollups as the dashboard, so the same number shows everywhere.
 * One statement answers a whole page: the figures are subqueries on
 * indexed columns, never a query per row.
 */
import {
  MemberProfileSchema,
  type MemberProfile,
  type MemberProfileSort,
  type MemberStatus,
  type MemberTier,
} from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import { pageClause, type AskedPage } from '../http/paging';
import { containsPattern, Where } from '../db/where';
import { isoTime } from '../db/iso-time';
import { contractFields } from '../http/contract-fields';

/** A member row with its figures, as the database answers it. */
interface MemberProfileRow {
  id: number;
  name: string;
  code: string | null;
  tier: MemberTier;
  status: MemberStatus;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  stores: number;
  active_stores: number;
  users: number;
  collected_kg_this_year: number;
  last_shipment_at: Date | null;
  deactivated_at: Date | null;
  version: number;
  total: number;
}

/**
 * The columns of a profile over `members m`; `$1` is the first day of the
 * year collected weight counts (net received, by month of receipt, from
 * `member_months`). Users are those who may sign in (invited or active).
 */
const PROFILE_SELECT = `
  SELECT m.id, m.name, m.code, m.tier, m.status, m.contact_name,
         m.contact_email, m.contact_phone, m.deactivated_at, m.version,
         st.stores, st.active_stores,
         (SELECT count(*) FROM users u
           WHERE u.member_id = m.id AND u.status <> 'deactivated')::int AS users,
         (SELECT coalesce(sum(mm.weight_kg), 0) FROM member_months mm
           WHERE mm.member_id = m.id AND mm.month >= $1::date)::float8
           AS collected_kg_this_year,
         (SELECT max(sh.shipped_at) FROM shipments sh
           WHERE sh.member_id = m.id) AS last_shipment_at,
         count(*) OVER ()::int AS total
    FROM members m
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS stores,
             (count(*) FILTER (WHERE s.active))::int AS active_stores
        FROM stores s WHERE s.member_id = m.id) st`;

const SORT_SQL: Readonly<Record<MemberProfileSort, string>> = {
  name: 'm.name ASC, m.id ASC',
  '-name': 'm.name DESC, m.id DESC',
  collected_kg: 'collected_kg_this_year ASC, m.id ASC',
  '-collected_kg': 'collected_kg_this_year DESC, m.id DESC',
  last_shipment_at: 'last_shipment_at ASC NULLS FIRST, m.id ASC',
  '-last_shipment_at': 'last_shipment_at DESC NULLS LAST, m.id DESC',
  stores: 'st.stores ASC, m.id ASC',
  '-stores': 'st.stores DESC, m.id DESC',
};

/** A row as the contract's profile: its figures rounded as sent, its times in ISO 8601. */
function toProfile(row: MemberProfileRow): MemberProfile {
  return contractFields(MemberProfileSchema, {
    ...row,
    collected_kg_this_year:
      Math.round(row.collected_kg_this_year * 1000) / 1000,
    last_shipment_at: isoTime(row.last_shipment_at),
    deactivated_at: isoTime(row.deactivated_at),
  });
}

/** The first day of `now`'s calendar year (UTC), as the figures count it. */
function yearStart(now: Date): string {
  return `${now.getUTCFullYear()}-01-01`;
}

/** What a page of member profiles is asked for. */
export interface MemberProfilesRequest {
  /** The scope's member, or `null` for the whole collective. */
  memberId: number | null;
  search?: string | undefined;
  status?: MemberStatus | undefined;
  tier?: MemberTier | undefined;
  sort: MemberProfileSort;
  paging: AskedPage;
}

/** One page of the members in scope with their figures, and how many match in all. */
export async function readMemberProfiles(
  db: SqlRunner,
  request: MemberProfilesRequest,
  now: Date,
): Promise<{ profiles: MemberProfile[]; total: number }> {
  const where = new Where();
  where.param(yearStart(now)); // $1 of PROFILE_SELECT
  if (request.memberId !== null)
    where.add(`m.id = ${where.param(request.memberId)}`);
  if (request.status) where.add(`m.status = ${where.param(request.status)}`);
  if (request.tier) where.add(`m.tier = ${where.param(request.tier)}`);
  if (request.search) {
    const pattern = where.param(containsPattern(request.search.toLowerCase()));
    where.add(
      `(lower(m.name) LIKE ${pattern} OR lower(coalesce(m.code, '')) LIKE ${pattern})`,
    );
  }
  const rows = await db.query<MemberProfileRow>(
    `${PROFILE_SELECT} ${where.sql}
     ORDER BY ${SORT_SQL[request.sort]}
     ${pageClause(request.paging, where.param)}`,
    where.params,
  );
  return { profiles: rows.map(toProfile), total: rows[0]?.total ?? 0 };
}

/**
 * One member with its figures, in the scope of `memberId` (`null`: the
 * whole collective), optionally locked for the caller's transaction;
 * `null` when there is none in that scope.
 */
export async function readMemberProfile(
  db: SqlRunner,
  id: number,
  memberId: number | null,
  now: Date,
  lock = false,
): Promise<MemberProfile | null> {
  if (memberId !== null && memberId !== id) return null;
  if (lock) {
    await db.query('SELECT id FROM members WHERE id = $1 FOR UPDATE', [id]);
  }
  const [row] = await db.query<MemberProfileRow>(
    `${PROFILE_SELECT} WHERE m.id = $2`,
    [yearStart(now), id],
  );
  return row ? toProfile(row) : null;
}

/**
 * What the audit trail keeps of a member (decisions D15): its own fields
 * and version, not the figures, which other records' events explain.
 */
export function auditedMember(
  profile: MemberProfile,
): Record<string, string | number | null> {
  return {
    name: profile.name,
    code: profile.code,
    tier: profile.tier,
    status: profile.status,
    contact_name: profile.contact_name,
    contact_email: profile.contact_email,
    contact_phone: profile.contact_phone,
    deactivated_at: profile.deactivated_at,
    version: profile.version,
  };
}
