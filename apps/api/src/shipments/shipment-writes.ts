/**
 * What every write to a shipment shares (decisions D15): the locked read
 * at a version (404 outside the scope, 409 when stale), the timeline
 * event, the rollups, and the audited change.
 */
import {
  gramsToKg,
  kgToGrams,
  type ShipmentDetail,
} from '@collective/api-client/contract';
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
 * why), the rollups of the stores it touched (and of its member when it is
 * a mail-back shipment with no store), and the shipment as it is now with
 * the audited change from `before`.
 */
export async function recorded(
  db: SqlRunner,
  before: ShipmentDetail,
  event: { kind: string; note: string; actorUserId: number },
  storeIds: readonly (number | null)[],
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
  await rebuildRollups(
    db,
    storeIds.filter((storeId) => storeId !== null),
    before.shipment.store_id === null ? [before.shipment.member_id] : [],
  );
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

/** A mail-back box at the warehouse, as its submission knows it (decisions D19). */
export interface MailbackArrival {
  /** The prepaid label's tracking number: the shipment's. */
  trackingNumber: string;
  /** The member the box belongs to (the brand it declares most items of). */
  memberId: number;
  /** Items declared, the shipment's units. */
  items: number;
  /** Net weight on the scale, in kg. */
  weightKg: number;
  labelSentAt: Date | null;
  /** When the carrier took it, if known. */
  shippedAt: Date | null;
  receivedBy: { id: number; name: string };
  now: Date;
}

/**
 * Records a mail-back box's arrival as a shipment (decisions D14, D19):
 * channel `mail-back`, no store, its member's; received now with a receipt
 * of its weight (collected = net received), its timeline from the label,
 * and its member's rollups rebuilt, in the caller's transaction. Refuses
 * (409) a tracking number another shipment has. Returns the shipment's id.
 */
export async function receiveMailbackShipment(
  db: SqlRunner,
  arrival: MailbackArrival,
): Promise<number> {
  const { trackingNumber, memberId, now, receivedBy } = arrival;
  const [taken] = await db.query<{ id: number }>(
    'SELECT id FROM shipments WHERE tracking_number = $1',
    [trackingNumber],
  );
  if (taken) {
    throw new Refusal(
      409,
      'Conflict',
      `Shipment ${taken.id} already has the tracking number ${trackingNumber}.`,
    );
  }
  const net = gramsToKg(kgToGrams(arrival.weightKg));
  const at = now.toISOString();
  const [shipment] = await db.query<{ id: number }>(
    `INSERT INTO shipments (store_id, member_id, channel, tracking_number, shipped_at,
                            delivered_at, received_at, status, units)
     VALUES (NULL, $1, 'mail-back', $2, $3, $4, $4, 'received', $5)
     RETURNING id`,
    [
      memberId,
      trackingNumber,
      (arrival.shippedAt ?? now).toISOString(),
      at,
      arrival.items,
    ],
  );
  const id = shipment!.id;
  await db.query(
    `INSERT INTO receipts (shipment_id, gross_kg, tare_kg, net_kg, contamination_kg, unit,
                           scale_id, received_by, received_by_user_id)
     VALUES ($1, $2, 0, $2, 0, 'kg', 'mail-back', $3, $4)`,
    [id, net, receivedBy.name, receivedBy.id],
  );
  const events: [string, Date | null, string | null, number | null][] = [
    ['label_created', arrival.labelSentAt, 'Prepaid mail-back label', null],
    ['in_transit', arrival.shippedAt, null, null],
    ['delivered', now, null, receivedBy.id],
    ['received', now, `Net ${net} kg at the mail-back desk`, receivedBy.id],
  ];
  for (const [kind, when, note, actor] of events) {
    if (!when) continue;
    await db.query(
      `INSERT INTO shipment_events (shipment_id, at, kind, note, actor_user_id)
       VALUES ($1, $2, $3, $4, $5)`,
      [id, when.toISOString(), kind, note, actor],
    );
  }
  await rebuildRollups(db, [], [memberId]);
  return id;
}
