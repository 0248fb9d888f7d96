import {
  checkSorting,
  checkWeighIn,
  DELIVERED_NOT_RECEIVED_DAYS,
  gramsToKg,
  kgToGrams,
  netOf,
  toGrams,
  type WeightProblem,
} from '@collective/api-client/contract';
import { resourceRoutes } from '../http/declare-route';
import { notFound, Refusal } from '../http/error-replies';
import { answerShipmentPage } from '../shipments/shipment-queries';
import {
  auditedReceipt,
  lockedReceipt,
  lockedShipment,
  recordedWrite,
} from '../shipments/shipment-writes';

/** Refuses weights that break the rules of D14, naming each field. */
function refuseWeights(problems: readonly WeightProblem[]): void {
  if (problems.length === 0) return;
  throw new Refusal(
    422,
    'Unprocessable Content',
    problems.map((p) => p.message).join(' '),
    {
      fields: Object.fromEntries(problems.map((p) => [p.field, p.message])),
    },
  );
}

/** The weights of a weigh-in as entered, in grams. */
function weighInGrams(body: {
  gross: number;
  tare: number;
  contamination: number;
  unit: 'kg' | 'lb';
}) {
  return {
    gross: toGrams(body.gross, body.unit),
    tare: toGrams(body.tare, body.unit),
    contamination: toGrams(body.contamination, body.unit),
  };
}

/** A receipt's weight columns (gross, tare, net, contamination in kg), unit and scale, as query values. */
function receiptValues(
  grams: ReturnType<typeof weighInGrams>,
  body: { unit: 'kg' | 'lb'; scale_id: string },
) {
  return [
    gramsToKg(grams.gross),
    gramsToKg(grams.tare),
    gramsToKg(netOf(grams)),
    gramsToKg(grams.contamination),
    body.unit,
    body.scale_id,
  ];
}

/** Grams already in lots per material of a shipment's lines. */
function drawnOf(lines: readonly { material: string; in_lots_kg: number }[]) {
  return Object.fromEntries(
    lines.map((line) => [line.material, kgToGrams(line.in_lots_kg)]),
  );
}

/**
 * The warehouse (decisions D14, D15; flag warehouseOperations): the
 * receiving queue, today's throughput and backlog, and the writes of
 * collective admins — weighing a shipment in, correcting the receipt,
 * sorting it into material lines or correcting them — each checked
 * against the rules of the mass balance (`mass-balance.ts`, and the
 * database's own CHECKs), versioned and audited.
 */
export const warehouseRoutes = resourceRoutes({
  receivingQueue({ query, scope: { memberId }, db, now }) {
    return answerShipmentPage(
      db,
      { memberId, status: 'delivered' },
      'delivered_at',
      query,
      now,
    );
  },

  async warehouseSummary({ scope: { memberId }, db, now }) {
    const params: unknown[] = [now.toISOString()];
    if (memberId !== null) params.push(memberId);
    const member = memberId === null ? '' : 'AND sh.member_id = $2';
    const [row] = await db.query<{
      member_name: string | null;
      received: number;
      received_kg: number;
      sorted_kg: number;
      to_receive: number;
      to_receive_late: number;
      to_sort: number;
      to_sort_kg: number;
    }>(
      `WITH today AS (SELECT date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS start)
       SELECT ${memberId === null ? 'NULL::text' : '(SELECT name FROM members WHERE id = $2)'} AS member_name,
              (SELECT count(*)::int FROM shipments sh, today
                WHERE sh.received_at >= today.start ${member}) AS received,
              (SELECT coalesce(sum(r.net_kg), 0)::float8 FROM shipments sh
                 JOIN receipts r ON r.shipment_id = sh.id, today
                WHERE sh.received_at >= today.start ${member}) AS received_kg,
              (SELECT coalesce(sum(r.sorted_kg), 0)::float8 FROM shipments sh
                 JOIN receipts r ON r.shipment_id = sh.id, today
                WHERE sh.received_at >= today.start - interval '30 days'
                  AND sh.sorted_at >= today.start ${member}) AS sorted_kg,
              (SELECT count(*)::int FROM shipments sh
                WHERE sh.status = 'delivered' ${member}) AS to_receive,
              (SELECT count(*)::int FROM shipments sh
                WHERE sh.status = 'delivered'
                  AND sh.delivered_at < $1::timestamptz - interval '${DELIVERED_NOT_RECEIVED_DAYS} days'
                  ${member}) AS to_receive_late,
              (SELECT count(*)::int FROM shipments sh
                WHERE sh.status = 'received' ${member}) AS to_sort,
              (SELECT coalesce(sum(r.net_kg), 0)::float8 FROM shipments sh
                 JOIN receipts r ON r.shipment_id = sh.id
                WHERE sh.status = 'received' ${member}) AS to_sort_kg`,
      params,
    );
    if (!row || (memberId !== null && row.member_name === null)) {
      notFound(`There is no member ${memberId}.`);
    }
    return {
      success: true,
      scope: { member_id: memberId, member_name: row.member_name },
      today: {
        received: row.received,
        received_kg: row.received_kg,
        sorted_kg: row.sorted_kg,
      },
      backlog: {
        to_receive: row.to_receive,
        to_receive_late: row.to_receive_late,
        to_sort: row.to_sort,
        to_sort_kg: row.to_sort_kg,
      },
    };
  },

  async receiveShipment(write) {
    const {
      params: { id },
      body,
      caller,
      db,
      now,
    } = write;
    const before = await lockedShipment(write);
    const { status, tracking_number: tracking } = before.shipment;
    if (status !== 'delivered' && status !== 'in_transit') {
      throw new Refusal(
        409,
        'Conflict',
        `Shipment ${tracking} is ${status}; only a shipment in transit or delivered can be received.`,
        { current: before },
      );
    }
    const grams = weighInGrams(body);
    refuseWeights(checkWeighIn(grams));
    await db.query(
      `INSERT INTO receipts (shipment_id, gross_kg, tare_kg, net_kg, contamination_kg, unit,
                             scale_id, received_by, received_by_user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, ...receiptValues(grams, body), caller.user.name, caller.user.id],
    );
    if (status === 'in_transit') {
      // Received straight off the truck: its delivery is now too.
      await db.query(
        `INSERT INTO shipment_events (shipment_id, at, kind, actor_user_id)
         VALUES ($1, $2, 'delivered', $3)`,
        [id, now.toISOString(), caller.user.id],
      );
    }
    await db.query(
      `UPDATE shipments SET status = 'received', received_at = $2,
              delivered_at = coalesce(delivered_at, $2), version = version + 1
        WHERE id = $1`,
      [id, now.toISOString()],
    );
    return recordedWrite(
      write,
      before,
      {
        kind: 'received',
        note: `Net ${gramsToKg(netOf(grams))} kg on ${body.scale_id}`,
      },
      { audited: auditedReceipt },
    );
  },

  async correctReceipt(write) {
    const {
      params: { id },
      body,
      db,
    } = write;
    const before = await lockedReceipt(write);
    const grams = weighInGrams(body);
    refuseWeights(checkWeighIn(grams));
    const lines = before.lines.map((line) => ({
      material: line.material,
      weight: kgToGrams(line.weight_kg),
    }));
    refuseWeights(checkSorting(netOf(grams), lines, drawnOf(before.lines)));
    await db.query(
      `UPDATE receipts SET gross_kg = $2, tare_kg = $3, net_kg = $4, contamination_kg = $5,
              unit = $6, scale_id = $7, version = version + 1
        WHERE shipment_id = $1`,
      [id, ...receiptValues(grams, body)],
    );
    return recordedWrite(
      write,
      before,
      {
        kind: 'receipt_corrected',
        note: `Net ${before.receipt.net_kg} kg → ${gramsToKg(netOf(grams))} kg`,
      },
      { audited: auditedReceipt },
    );
  },

  async sortShipment(write) {
    const {
      params: { id },
      body,
      db,
      now,
    } = write;
    const before = await lockedReceipt(write);
    const lines = body.lines
      .map((line) => ({
        material: line.material,
        weight: toGrams(line.weight, body.unit),
      }))
      .filter((line) => line.weight > 0);
    refuseWeights(
      checkSorting(
        kgToGrams(before.receipt.net_kg),
        lines,
        drawnOf(before.lines),
      ),
    );
    await db.query(
      `DELETE FROM shipment_materials WHERE shipment_id = $1 AND material <> ALL($2::text[])`,
      [id, lines.map((line) => line.material)],
    );
    for (const line of lines) {
      await db.query(
        `INSERT INTO shipment_materials (shipment_id, material, weight_kg)
         VALUES ($1, $2, $3)
         ON CONFLICT (shipment_id, material) DO UPDATE SET weight_kg = EXCLUDED.weight_kg`,
        [id, line.material, gramsToKg(line.weight)],
      );
    }
    const sorted = lines.reduce((sum, line) => sum + line.weight, 0);
    await db.query(
      'UPDATE receipts SET sorted_kg = $2, version = version + 1 WHERE shipment_id = $1',
      [id, gramsToKg(sorted)],
    );
    const first = before.shipment.status === 'received';
    if (first) {
      await db.query(
        `UPDATE shipments SET status = 'sorted', sorted_at = $2, version = version + 1
          WHERE id = $1`,
        [id, now.toISOString()],
      );
    }
    return recordedWrite(
      write,
      before,
      {
        kind: first ? 'sorted' : 'lines_corrected',
        note: `${gramsToKg(sorted)} kg sorted into ${lines.length} ${lines.length === 1 ? 'line' : 'lines'}`,
      },
      { audited: auditedReceipt },
    );
  },
});
