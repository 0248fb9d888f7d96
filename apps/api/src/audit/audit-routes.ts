import type { AuditEvent } from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import { resourceRoutes } from '../http/declare-route';
import { askedPage, pageOffset } from '../http/paging';
import { notFound } from '../http/error-replies';

/** Events per page of the audit trail unless asked. */
const DEFAULT_AUDIT_PAGE_SIZE = 50;

interface AuditEventRow {
  id: string;
  at: Date;
  actor_user_id: number | null;
  actor_email: string | null;
  actor_name: string | null;
  actor_api_key_id: number | null;
  tenant: string | null;
  member_id: number | null;
  action: string;
  entity: string;
  entity_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  request_id: string;
  total: number;
}

function toContractEvent(row: AuditEventRow): AuditEvent {
  return {
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    actor:
      row.actor_user_id === null
        ? null
        : {
            user_id: row.actor_user_id,
            email: row.actor_email ?? '',
            name: row.actor_name ?? '',
          },
    api_key_id: row.actor_api_key_id,
    tenant: row.tenant,
    member_id: row.member_id,
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    before: row.before,
    after: row.after,
    request_id: row.request_id,
  };
}

/**
 * How to find the member of a record whose history can be asked for by
 * `entity` and `entity_id`, for the entities that belong to one member.
 */
const RECORD_MEMBER_SQL: Readonly<Record<string, string>> = {
  user: 'SELECT member_id FROM users WHERE id = $1',
};

/**
 * Answers 404 when a member-scoped caller asks for the history of a record
 * outside their member (or of none), so the trail of another member's user
 * is neither shown nor revealed to exist (decisions D12, D16).
 */
async function checkRecordInScope(
  db: SqlRunner,
  memberId: number | null,
  entity: string | undefined,
  entityId: string | undefined,
): Promise<void> {
  const sql = entity === undefined ? undefined : RECORD_MEMBER_SQL[entity];
  if (memberId === null || sql === undefined || entityId === undefined) return;
  const [row] = /^[1-9]\d{0,9}$/.test(entityId)
    ? await db.query<{ member_id: number | null }>(sql, [Number(entityId)])
    : [];
  if (row?.member_id !== memberId)
    notFound(`There is no ${entity} ${entityId} in your member.`);
}

/**
 * GET /api/audit-events (decisions D15): the audit trail, newest first, for
 * admins in their data scope — collective admins every event (or one
 * member's, with `member_id`), brand admins their member's — filtered by
 * entity and id (a record's history on its detail), action, actor and time.
 * A member-scoped caller asking for the history of a user outside their
 * member gets 404.
 */
export const auditRoutes = resourceRoutes({
  async auditEvents({ query, scope, db }) {
    const asked = askedPage(query, DEFAULT_AUDIT_PAGE_SIZE);
    await checkRecordInScope(db, scope.memberId, query.entity, query.entity_id);
    const rows = await db.query<AuditEventRow>(
      `SELECT e.id::text, e.at, e.actor_user_id, u.email AS actor_email,
              u.name AS actor_name, e.actor_api_key_id, e.tenant, e.member_id,
              e.action, e.entity, e.entity_id, e.before, e.after, e.request_id,
              count(*) OVER ()::int AS total
         FROM audit_events e LEFT JOIN users u ON u.id = e.actor_user_id
        WHERE ($1::int IS NULL OR e.member_id = $1)
          AND ($2::text IS NULL OR e.entity = $2)
          AND ($3::text IS NULL OR e.entity_id = $3)
          AND ($4::text IS NULL OR e.action = $4)
          AND ($5::int IS NULL OR e.actor_user_id = $5)
          AND ($6::timestamptz IS NULL OR e.at >= $6)
          AND ($7::timestamptz IS NULL OR e.at < $7)
        ORDER BY e.id DESC
        LIMIT $8 OFFSET $9`,
      [
        scope.memberId,
        query.entity ?? null,
        query.entity_id ?? null,
        query.action ?? null,
        query.actor_user_id ?? null,
        // As moments, not text: the database reads a Date the way the
        // contract's check did (Date.parse), whatever offset was written.
        query.from === undefined ? null : new Date(query.from),
        query.to === undefined ? null : new Date(query.to),
        asked.page_size,
        pageOffset(asked),
      ],
    );
    return {
      success: true,
      events: rows.map(toContractEvent),
      ...asked,
      total: rows[0]?.total ?? 0,
    };
  },
});
