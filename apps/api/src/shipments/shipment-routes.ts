import type {
  ShipmentCsvRow,
  ShipmentDetail,
} from '@collective/api-client/contract';
import { DEFAULT_STORES_PAGE_SIZE } from '../constants';
import type { SqlRunner } from '../db/database';
import { rebuildRollups } from '../data/rollups';
import { resourceRoutes } from '../http/declare-route';
import { notFound, Refusal } from '../http/error-replies';
import {
  readShipmentDetail,
  readShipmentPage,
  readShipmentsInOrder,
} from './shipment-queries';

/** Statuses a shipment may still be lost, damaged or refused in. */
const OPEN_STATUSES = new Set(['label_created', 'in_transit', 'delivered']);

function noShipment(id: number): never {
  return notFound(`There is no shipment ${id} in your data scope.`);
}

/**
 * The shipment `id` of the scope, locked for a change: 404 outside the
 * scope (decisions D12), 409 with the current shipment when `version` is
 * stale (D15).
 */
async function shipmentAt(
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
    throw new Refusal(
      409,
      'Conflict',
      `Shipment ${current.shipment.tracking_number} changed since you read it (version ${version}, now ${current.shipment.version}); nothing was saved. Reload it and try again.`,
      { current },
    );
  }
  return current;
}

/** What the audit trail keeps of a shipment. */
function audited(detail: ShipmentDetail) {
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
 * The end of every write to a shipment: its timeline event (who, what,
 * why), the rollups of the stores it touched, and the shipment as it is
 * now with the audited change from `before`.
 */
async function recorded(
  db: SqlRunner,
  before: ShipmentDetail,
  event: { kind: string; note: string; actorUserId: number },
  storeIds: readonly number[],
  memberId: number | null,
  now: Date,
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
      before: audited(before),
      after: audited(after),
    },
  };
}

/**
 * Shipments (decisions D14): the list (search, filters, sort, pages), its
 * CSV export, one shipment's detail, and the corrections collective admins
 * make — an exception, the origin store — each versioned and audited.
 */
export const shipmentRoutes = resourceRoutes({
  async shipments({ query, scope: { memberId }, db, now }) {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? DEFAULT_STORES_PAGE_SIZE;
    const found = await readShipmentPage(
      db,
      { ...query, memberId },
      query.sort ?? '-shipped_at',
      page,
      pageSize,
      now,
    );
    if (!found) notFound(`There is no member ${memberId}.`);
    return { success: true, ...found, page, page_size: pageSize };
  },

  async shipmentsExport({ query, scope: { memberId }, db, now }) {
    // Check the scope before the first byte is sent: a 404 must stay a 404.
    const first = await readShipmentPage(
      db,
      { ...query, memberId },
      '-shipped_at',
      1,
      1,
      now,
    );
    if (!first) notFound(`There is no member ${memberId}.`);
    async function* rows(): AsyncGenerator<ShipmentCsvRow> {
      for await (const s of readShipmentsInOrder(
        db,
        { ...query, memberId },
        query.sort ?? '-shipped_at',
        now,
      )) {
        yield {
          id: s.id,
          tracking_number: s.tracking_number,
          store: s.store_name,
          member: s.member_name,
          channel: s.channel,
          status: s.status,
          shipped_at: s.shipped_at,
          delivered_at: s.delivered_at,
          received_at: s.received_at,
          declared_weight_kg: s.declared_weight_kg,
          net_kg: s.net_kg,
          flags: s.flags.join(' '),
        };
      }
    }
    return {
      filename: `shipments-${now.toISOString().slice(0, 10)}.csv`,
      columns: [
        'id',
        'tracking_number',
        'store',
        'member',
        'channel',
        'status',
        'shipped_at',
        'delivered_at',
        'received_at',
        'declared_weight_kg',
        'net_kg',
        'flags',
      ],
      rows: rows(),
    };
  },

  async shipment({ params: { id }, scope: { memberId }, db, now }) {
    return (await readShipmentDetail(db, id, memberId, now)) ?? noShipment(id);
  },

  async recordShipmentException({
    params: { id },
    body,
    scope: { memberId },
    caller,
    db,
    now,
  }) {
    const before = await shipmentAt(db, id, memberId, body.version, now);
    if (!OPEN_STATUSES.has(before.shipment.status)) {
      throw new Refusal(
        409,
        'Conflict',
        `Shipment ${before.shipment.tracking_number} is ${before.shipment.status}; only a shipment not yet received can be lost, damaged or refused.`,
        { current: before },
      );
    }
    await db.query(
      `UPDATE shipments SET status = 'exception', exception = $2, exception_at = $3,
              version = version + 1
        WHERE id = $1`,
      [id, body.exception, now.toISOString()],
    );
    return recorded(
      db,
      before,
      {
        kind: 'exception',
        note: [body.exception, body.note].filter(Boolean).join(': '),
        actorUserId: caller.user.id,
      },
      [before.shipment.store_id],
      memberId,
      now,
    );
  },

  async correctShipmentOrigin({
    params: { id },
    body,
    scope: { memberId },
    caller,
    db,
    now,
  }) {
    const before = await shipmentAt(db, id, memberId, body.version, now);
    const [store] = await db.query<{
      id: number;
      name: string;
      member_id: number;
      channel: string;
    }>(
      `SELECT id, name, member_id, channel FROM stores
        WHERE id = $1 ${memberId === null ? '' : 'AND member_id = $2'}`,
      memberId === null ? [body.store_id] : [body.store_id, memberId],
    );
    if (!store) {
      throw new Refusal(
        422,
        'Unprocessable Content',
        `There is no store ${body.store_id} in your data scope; choose the store the shipment came from.`,
      );
    }
    const inLots = before.lines.some((line) => line.in_lots_kg > 0);
    if (inLots && store.member_id !== before.shipment.member_id) {
      throw new Refusal(
        409,
        'Conflict',
        `Material of shipment ${before.shipment.tracking_number} is already in end-of-life lots of ${before.shipment.member_name}; it cannot move to another member.`,
        { current: before },
      );
    }
    await db.query(
      `UPDATE shipments SET store_id = $2, member_id = $3,
              channel = CASE WHEN channel = 'mail-back' THEN channel ELSE $4 END,
              version = version + 1
        WHERE id = $1`,
      [id, store.id, store.member_id, store.channel],
    );
    return recorded(
      db,
      before,
      {
        kind: 'origin_corrected',
        note: [`From ${before.shipment.store_name} to ${store.name}`, body.note]
          .filter(Boolean)
          .join(': '),
        actorUserId: caller.user.id,
      },
      [before.shipment.store_id, store.id],
      memberId,
      now,
    );
  },
});
