import type { AuditEvent } from '@collective/api-client/contract';
import { resourceRoutes } from '../http/declare-route';

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
 * GET /api/audit-events (decisions D15): the audit trail, newest first, for
 * admins in their data scope — collective admins every event (or one
 * member's, with `member_id`), brand admins their member's — filtered by
 * entity and id (a record's history on its detail), action, actor and time.
 */
export const auditRoutes = resourceRoutes({
  async auditEvents({ query, scope, db }) {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? DEFAULT_AUDIT_PAGE_SIZE;
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
        query.from ?? null,
        query.to ?? null,
        pageSize,
        (page - 1) * pageSize,
      ],
    );
    return {
      success: true,
      events: rows.map(toContractEvent),
      page,
      page_size: pageSize,
      total: rows[0]?.total ?? 0,
    };
  },
});
