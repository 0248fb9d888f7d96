import type { ShipmentCsvRow } from '@collective/api-client/contract';
import { memberName } from '../data/answered-scope';
import { resourceRoutes } from '../http/declare-route';
import { notFound, Refusal } from '../http/error-replies';
import {
  answerShipmentPage,
  readShipmentDetail,
  readShipmentsInOrder,
} from './shipment-queries';
import {
  lockedShipment,
  noShipment,
  OPEN_STATUSES,
  recordedWrite,
} from './shipment-writes';

/**
 * Shipments (decisions D14): the list (search, filters, sort, pages), its
 * CSV export, one shipment's detail, and the corrections collective admins
 * make — an exception, the origin store — each versioned and audited.
 */
export const shipmentRoutes = resourceRoutes({
  shipments({ query, scope: { memberId }, db, now }) {
    return answerShipmentPage(
      db,
      { ...query, memberId },
      query.sort ?? '-shipped_at',
      query,
      now,
    );
  },

  async shipmentsExport({ query, scope: { memberId }, db, now }) {
    // Check the scope before the first byte is sent: a 404 must stay a 404.
    if (memberId !== null && (await memberName(db, memberId)) === null)
      notFound(`There is no member ${memberId}.`);
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
      rows: rows(),
    };
  },

  async shipment({ params: { id }, scope: { memberId }, db, now }) {
    return (await readShipmentDetail(db, id, memberId, now)) ?? noShipment(id);
  },

  async recordShipmentException(write) {
    const {
      params: { id },
      body,
      db,
      now,
    } = write;
    const before = await lockedShipment(write);
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
    return recordedWrite(write, before, {
      kind: 'exception',
      note: [body.exception, body.note].filter(Boolean).join(': '),
    });
  },

  async correctShipmentOrigin(write) {
    const {
      params: { id },
      body,
      scope: { memberId },
      db,
    } = write;
    const before = await lockedShipment(write);
    if (before.shipment.store_id === null) {
      throw new Refusal(
        409,
        'Conflict',
        `Shipment ${before.shipment.tracking_number} is a mail-back box from a consumer: it has no origin store to correct.`,
        { current: before },
      );
    }
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
    return recordedWrite(
      write,
      before,
      {
        kind: 'origin_corrected',
        note: [`From ${before.shipment.store_name} to ${store.name}`, body.note]
          .filter(Boolean)
          .join(': '),
      },
      { alsoStoreIds: [store.id] },
    );
  },
});
