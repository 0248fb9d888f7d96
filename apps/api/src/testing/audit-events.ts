import type { SqlRunner } from '../db/database';

/** One audit event as the write tests read it back. */
export interface AuditEventRow {
  action: string;
  member_id: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The audit events of one record, `entity` and `id` (e.g. `'store'`, 12), oldest first. */
export function auditEventsOf(
  db: SqlRunner,
  entity: string,
  id: number | string,
): Promise<AuditEventRow[]> {
  return db.query<AuditEventRow>(
    `SELECT action, member_id, before, after FROM audit_events
      WHERE entity = $1 AND entity_id = $2 ORDER BY id`,
    [entity, String(id)],
  );
}
