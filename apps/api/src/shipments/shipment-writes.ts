/**
 * What every write to a shipment shares (decisions D15): the locked read
 * at a version (404 outside the scope, 409 when stale), the timeline
 * event, the rollups, and the audited change.
 */
import type { ShipmentDetail } from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import { rebuildRollups } from '../data/rollups';
import { notFound, Refusal, staleVersion } from '../http/error-replies';
import { readShipmentDetail } from './shipment-queries';

/** Statuses a shipment may still be lost, damaged or refused in. */
export const OPEN_STATUSES = new Set([
  'label_created',
  'in_transit',
  'delivered',
]);

export function noShipment(id: number): never {
  return notFound(`There is no shipment ${id} in your data scope.`);
}

/**
 * The shipment `id` of the scope, locked for a change: 404 outside the
 * scope (decisions D12), 409 with the current shipment when `version` is
 * stale (D15).
 */
export async function shipmentAt(
  db: SqlRunner,
  id: number,
  memberId: number | null,
  version: number,
  now: Date,
): Promise<ShipmentDetail> {
  const current = await readShipmentDetail(db, id, memberId, now, {
    lock: true,
  });
  if (!current) noShipment(id);
  if (current.shipment.version !== version) {
    staleVersion(
      `Shipment ${current.shipment.tracking_number}`,
      version,
      current.shipment.version,
      current,
    );
  }
  return current;
}

/** What the audit trail keeps of a shipment. */
export function auditedShipment(detail: ShipmentDetail) {
  const { shipment } = detail;
  return {
    tracking_number: shipment.tracking_number,
    status: shipment.status,
    exception: shipment.exception,
    store_id: shipment.store_id,
    member_id: shipment.member_id,
    version: shipment.version,
  };
}

/**
 * What a shipment write's handler is given that the shared steps use: the
 * shipment's id, the version the caller read, the scope, the caller, the
 * database and the clock.
 */
export interface ShipmentWrite {
  params: { id: number };
  body: { version: number };
  scope: { memberId: number | null };
  caller: { user: { id: number } };
  db: SqlRunner;
  now: Date;
}

/** `shipmentAt` for the shipment and version a write names. */
export function lockedShipment(write: ShipmentWrite): Promise<ShipmentDetail> {
  const { params, body, scope, db, now } = write;
  return shipmentAt(db, params.id, scope.memberId, body.version, now);
}

/** `receiptAt` for the shipment and receipt version a write names. */
export function lockedReceipt(write: ShipmentWrite) {
  const { params, body, scope, db, now } = write;
  return receiptAt(db, params.id, scope.memberId, body.version, now);
}

/**
 * `recorded` for a write by its caller: the event is the caller's, the
 * rollups rebuilt are those of the shipment's store before the write and of
 * `alsoStoreIds`, and the shipment is read again in the caller's scope.
 */
export function recordedWrite(
  write: ShipmentWrite,
  before: ShipmentDetail,
  event: { kind: string; note: string },
  options: {
    alsoStoreIds?: readonly number[];
    audited?: (detail: ShipmentDetail) => Record<string, unknown>;
  } = {},
) {
  return recorded(
    write.db,
    before,
    { ...event, actorUserId: write.caller.user.id },
    [before.shipment.store_id, ...(options.alsoStoreIds ?? [])],
    write.scope.memberId,
    write.now,
    options.audited,
  );
}

/**
 * The end of every write to a shipment: its timeline event (who, what,
 * why), the rollups of the stores it touched, and the shipment as it is
 * now with the audited change from `before`.
 */
export async function recorded(
  db: SqlRunner,
  before: ShipmentDetail,
  event: { kind: string; note: string; actorUserId: number },
  storeIds: readonly number[],
  memberId: number | null,
  now: Date,
  auditedFields: (
    detail: ShipmentDetail,
  ) => Record<string, unknown> = auditedShipment,
) {
  const { id } = before.shipment;
  await db.query(
    `INSERT INTO shipment_events (shipment_id, at, kind, note, actor_user_id)
     VALUES ($1, $2, $3, $4, $5)`,
    [id, now.toISOString(), event.kind, event.note, event.actorUserId],
  );
  await rebuildRollups(db, storeIds);
  const after = await readShipmentDetail(db, id, memberId, now);
  if (!after) throw new Error(`shipment ${id} vanished while it was written`);
  return {
    answer: after,
    change: {
      id,
      memberId: after.shipment.member_id,
      before: auditedFields(before),
      after: auditedFields(after),
    },
  };
}

/**
 * The shipment `id` of the scope with its receipt, locked for a change of
 * the receipt or its lines: 404 outside the scope, 409 when it has no
 * receipt yet or the receipt's `version` is stale.
 */
export async function receiptAt(
  db: SqlRunner,
  id: number,
  memberId: number | null,
  version: number,
  now: Date,
): Promise<
  ShipmentDetail & { receipt: NonNullable<ShipmentDetail['receipt']> }
> {
  const current = await readShipmentDetail(db, id, memberId, now, {
    lock: true,
  });
  if (!current) noShipment(id);
  const { receipt } = current;
  if (!receipt) {
    throw new Refusal(
      409,
      'Conflict',
      `Shipment ${current.shipment.tracking_number} has not been received yet; weigh it in first.`,
      { current },
    );
  }
  if (receipt.version !== version) {
    staleVersion(
      `The receipt of ${current.shipment.tracking_number}`,
      version,
      receipt.version,
      current,
    );
  }
  return { ...current, receipt };
}

/** What the audit trail keeps of a receipt: the weights and the lines. */
export function auditedReceipt(detail: ShipmentDetail) {
  return {
    status: detail.shipment.status,
    receipt: detail.receipt,
    lines: detail.lines.map(({ material, weight_kg }) => ({
      material,
      weight_kg,
    })),
  };
}
