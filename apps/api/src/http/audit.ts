import type { AuditedWrite } from '@collective/api-client/contract';
import type { FastifyRequest } from 'fastify';
import type { SqlRunner } from '../db/database';
import { requestTenant } from './tenant-header';

/**
 * What one write changed, as its handler tells the route layer: the record
 * and its fields before and after (`null` before a create, after a delete).
 * Secrets and password hashes are never in it.
 */
export interface AuditedChange {
  /** The record's id. */
  id: number | string;
  /** The member the record belongs to, or `null` for a collective record. */
  memberId: number | null;
  before: Readonly<Record<string, unknown>> | null;
  after: Readonly<Record<string, unknown>> | null;
}

/**
 * What a write records: one change, several (a bulk write on several
 * records records one event per record, so each record's trail is found by
 * its own entity id), or `null` (or none) when it changed nothing.
 */
export type AuditedChanges = AuditedChange | readonly AuditedChange[] | null;

/**
 * Adds the audit events of a write (decisions D15) in the write's own
 * transaction `tx`: one per changed record, each with when, who (user and
 * API key), tenant, member, action, entity and id, before and after,
 * request id. Called by the route layer only, never by a handler; a write
 * that changed nothing (`null`, `[]`) records nothing.
 */
export async function recordAudit(
  tx: SqlRunner,
  request: FastifyRequest,
  write: AuditedWrite,
  changes: AuditedChanges,
): Promise<void> {
  const list: readonly AuditedChange[] =
    changes === null ? [] : 'id' in changes ? [changes] : changes;
  for (const change of list) {
    await tx.query(
      `INSERT INTO audit_events
         (actor_user_id, actor_api_key_id, tenant, member_id, action, entity,
          entity_id, before, after, request_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        request.caller?.user.id ?? null,
        request.caller?.apiKeyId ?? null,
        requestTenant(request) ?? null,
        change.memberId,
        write.action,
        write.entity,
        String(change.id),
        change.before === null ? null : JSON.stringify(change.before),
        change.after === null ? null : JSON.stringify(change.after),
        request.id,
      ],
    );
  }
}
