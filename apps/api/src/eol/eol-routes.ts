import {
  drawFromOnHand,
  EOL_OUTCOMES,
  gramsToKg,
  kgToGrams,
  MATERIALS,
  outcomeRates,
  type EolOutcome,
  type LotDetail,
} from '@collective/api-client/contract';
import { DEFAULT_STORES_PAGE_SIZE } from '../constants';
import type { SqlRunner } from '../db/database';
import { isoUtc } from '../data/program-queries';
import { addMonths, lastTwelveMonths, type MonthStart } from '../data/months';
import { rebuildRollups } from '../data/rollups';
import { resourceRoutes } from '../http/declare-route';
import { askedPage, pageClause } from '../http/paging';
import { ORIGIN_NAME } from '../shipments/shipment-queries';
import { notFound, Refusal, staleVersion } from '../http/error-replies';

/** A lot's columns as the contract sends them (`l` lots, `m` members, `p` processors). */
const LOT_COLUMNS = `l.id, l.member_id, m.name AS member_name, l.material, p.name AS processor,
  l.weight_kg::float8 AS weight_kg, l.status, l.outcome, l.certificate_ref,
  l.confirmed_weight_kg::float8 AS confirmed_weight_kg, ${isoUtc('l.created_at')} AS created_at,
  ${isoUtc('l.shipped_at')} AS shipped_at, ${isoUtc('l.confirmed_at')} AS confirmed_at, l.version`;

const LOT_TABLES = `eol_lots l JOIN members m ON m.id = l.member_id
  JOIN processors p ON p.id = l.processor_id`;

function noLot(id: number): never {
  return notFound(`There is no lot ${id} in your data scope.`);
}

/** One lot of the scope with its chain of custody, or `null`. */
async function readLot(
  db: SqlRunner,
  id: number,
  memberId: number | null,
): Promise<LotDetail | null> {
  const [lot] = await db.query<LotDetail['lot']>(
    `SELECT ${LOT_COLUMNS} FROM ${LOT_TABLES}
      WHERE l.id = $1 ${memberId === null ? '' : 'AND l.member_id = $2'}`,
    memberId === null ? [id] : [id, memberId],
  );
  if (!lot) return null;
  const sources = await db.query<LotDetail['sources'][number]>(
    `SELECT ls.shipment_id, sh.tracking_number, ${ORIGIN_NAME} AS store_name,
            ${isoUtc('sh.received_at')} AS received_at, ls.weight_kg::float8 AS weight_kg
       FROM lot_sources ls
       JOIN shipments sh ON sh.id = ls.shipment_id
       LEFT JOIN stores s ON s.id = sh.store_id
      WHERE ls.lot_id = $1
      ORDER BY sh.received_at, ls.shipment_id`,
    [id],
  );
  return { success: true, lot, sources };
}

/** The lot `id` of the scope, locked at `version`: 404 outside the scope, 409 when stale or not in `status`. */
async function lotAt(
  db: SqlRunner,
  id: number,
  memberId: number | null,
  version: number,
  status: LotDetail['lot']['status'],
): Promise<LotDetail> {
  const locked = await db.query(
    `SELECT id FROM eol_lots WHERE id = $1 ${memberId === null ? '' : 'AND member_id = $2'} FOR UPDATE`,
    memberId === null ? [id] : [id, memberId],
  );
  const current = locked.length > 0 ? await readLot(db, id, memberId) : null;
  if (!current) noLot(id);
  if (current.lot.version !== version) {
    staleVersion(`Lot ${id}`, version, current.lot.version, current);
  }
  if (current.lot.status !== status) {
    throw new Refusal(
      409,
      'Conflict',
      `Lot ${id} is ${current.lot.status}; this step needs it ${status}.`,
      { current },
    );
  }
  return current;
}

/**
 * The first day of a summary's period and the first day after it: a year
 * (`2026`), a month (`2026-11`), or the last twelve months up to `now`.
 */
function periodBounds(period: string | undefined, now: Date): [string, string] {
  if (period === undefined) {
    const months = lastTwelveMonths(now);
    return [months[0] as string, addMonths(months[11] as MonthStart, 1)];
  }
  if (period.length === 4)
    return [`${period}-01-01`, `${Number(period) + 1}-01-01`];
  const month = `${period}-01` as MonthStart;
  return [month, addMonths(month, 1)];
}

/** The lot as the audit trail keeps it. */
const audited = (detail: LotDetail) => ({ ...detail.lot });

/** After a write to a lot: the lot as it is now, and the audited change. */
async function written(
  db: SqlRunner,
  id: number,
  memberId: number | null,
  before: LotDetail | null,
) {
  const after = await readLot(db, id, memberId);
  if (!after) throw new Error(`lot ${id} vanished while it was written`);
  return {
    answer: after,
    change: {
      id,
      memberId: after.lot.member_id,
      before: before && audited(before),
      after: audited(after),
    },
  };
}

/**
 * End-of-life processing (decisions D14): the mass balance and material
 * on hand, the lots with their chain of custody, and the writes of
 * collective admins — a lot made from a member's material on hand (drawn
 * oldest first, recorded line by line), shipped, then confirmed with the
 * processor's outcome, certificate and weight — each versioned and
 * audited.
 */
export const eolRoutes = resourceRoutes({
  async eolSummary({ query, scope: { memberId }, db, now }) {
    const member = memberId === null ? '' : 'AND sh.member_id = $2';
    const [first, after] = periodBounds(query.period, now);
    const params = memberId === null ? [first] : [first, memberId];
    const [totals] = await db.query<{
      member_name: string | null;
      received: number;
      sorted: number;
      in_lots: number;
    }>(
      `SELECT ${memberId === null ? 'NULL::text' : '(SELECT name FROM members WHERE id = $2)'} AS member_name,
              (SELECT coalesce(sum(r.net_kg), 0)::float8 FROM receipts r
                 JOIN shipments sh ON sh.id = r.shipment_id WHERE $1::date IS NOT NULL ${member}) AS received,
              (SELECT coalesce(sum(ml.weight_kg), 0)::float8 FROM shipment_materials ml
                 JOIN shipments sh ON sh.id = ml.shipment_id WHERE true ${member}) AS sorted,
              (SELECT coalesce(sum(ml.in_lots_kg), 0)::float8 FROM shipment_materials ml
                 JOIN shipments sh ON sh.id = ml.shipment_id WHERE true ${member}) AS in_lots`,
      params,
    );
    if (!totals || (memberId !== null && totals.member_name === null)) {
      notFound(`There is no member ${memberId}.`);
    }
    const onHand = await db.query<{ material: string; kg: number }>(
      `SELECT ml.material, sum(ml.weight_kg - ml.in_lots_kg)::float8 AS kg
         FROM shipment_materials ml JOIN shipments sh ON sh.id = ml.shipment_id
        WHERE ml.in_lots_kg < ml.weight_kg AND $1::date IS NOT NULL ${member}
        GROUP BY ml.material`,
      params,
    );
    // What confirmed lots made of the material received in the period (the
    // last 12 months by default: the dashboard's recycling rate), by
    // material and outcome.
    const confirmed = await db.query<{
      material: string;
      outcome: EolOutcome;
      kg: number;
    }>(
      `SELECT ls.material, l.outcome, sum(ls.weight_kg)::float8 AS kg
         FROM lot_sources ls
         JOIN eol_lots l ON l.id = ls.lot_id AND l.status = 'confirmed'
         JOIN shipments sh ON sh.id = ls.shipment_id
        WHERE sh.received_at >= $1::date ${member}
          AND sh.received_at < $${params.length + 1}::date
        GROUP BY ls.material, l.outcome`,
      [...params, after],
    );
    const byOutcome = Object.fromEntries(
      EOL_OUTCOMES.map((o) => [o, 0]),
    ) as Record<EolOutcome, number>;
    for (const row of confirmed) byOutcome[row.outcome] += row.kg;
    const rates = outcomeRates(byOutcome);
    const round = (kg: number) => Math.round(kg * 1000) / 1000;
    return {
      success: true,
      scope: { member_id: memberId, member_name: totals.member_name },
      balance: {
        received_kg: round(totals.received),
        sorted_kg: round(totals.sorted),
        residue_kg: round(totals.received - totals.sorted),
        in_lots_kg: round(totals.in_lots),
        on_hand_kg: round(totals.sorted - totals.in_lots),
      },
      materials: MATERIALS.map(({ code }) => ({
        material: code,
        on_hand_kg: round(onHand.find((r) => r.material === code)?.kg ?? 0),
        confirmed: Object.fromEntries(
          EOL_OUTCOMES.map((o) => [
            o,
            round(
              confirmed.find((r) => r.material === code && r.outcome === o)
                ?.kg ?? 0,
            ),
          ]),
        ) as Record<EolOutcome, number>,
      })),
      recycling_rate: Math.round(rates.recycling * 10_000) / 10_000,
      diversion_rate: Math.round(rates.diversion * 10_000) / 10_000,
    };
  },

  async eolOnHand({ scope: { memberId }, db }) {
    const [scoped] =
      memberId === null
        ? [{ name: null }]
        : await db.query<{ name: string }>(
            'SELECT name FROM members WHERE id = $1',
            [memberId],
          );
    if (!scoped) notFound(`There is no member ${memberId}.`);
    const rows = await db.query<{
      member_id: number;
      member_name: string;
      material: (typeof MATERIALS)[number]['code'];
      on_hand_kg: number;
      oldest_received_at: string | null;
    }>(
      `SELECT sh.member_id, m.name AS member_name, ml.material,
              round(sum(ml.weight_kg - ml.in_lots_kg), 3)::float8 AS on_hand_kg,
              ${isoUtc('min(sh.received_at)')} AS oldest_received_at
         FROM shipment_materials ml
         JOIN shipments sh ON sh.id = ml.shipment_id
         JOIN members m ON m.id = sh.member_id
        WHERE ml.in_lots_kg < ml.weight_kg ${memberId === null ? '' : 'AND sh.member_id = $1'}
        GROUP BY sh.member_id, m.name, ml.material
        ORDER BY m.name, sh.member_id`,
      memberId === null ? [] : [memberId],
    );
    const order = (code: string) => MATERIALS.findIndex((m) => m.code === code);
    return {
      success: true,
      scope: { member_id: memberId, member_name: scoped.name },
      // Stable: members stay in the database's order, materials in the contract's.
      on_hand: rows.sort((a, b) =>
        a.member_id === b.member_id ? order(a.material) - order(b.material) : 0,
      ),
    };
  },

  async processors({ db }) {
    const processors = await db.query<{
      id: number;
      name: string;
      city: string;
    }>('SELECT id, name, city FROM processors ORDER BY name, id');
    return { success: true, processors };
  },

  async lots({ query, scope: { memberId }, db }) {
    const asked = askedPage(query, DEFAULT_STORES_PAGE_SIZE);
    const params: unknown[] = [];
    const where: string[] = [];
    if (memberId !== null)
      where.push(`l.member_id = $${params.push(memberId)}`);
    if (query.status) where.push(`l.status = $${params.push(query.status)}`);
    if (query.material)
      where.push(`l.material = $${params.push(query.material)}`);
    const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const [count] = await db.query<{
      total: number;
      member_name: string | null;
    }>(
      `SELECT (SELECT count(*)::int FROM eol_lots l ${filter}) AS total,
              ${memberId === null ? 'NULL::text' : '(SELECT name FROM members WHERE id = $1)'} AS member_name`,
      params,
    );
    if (memberId !== null && !count?.member_name) {
      notFound(`There is no member ${memberId}.`);
    }
    const lots = await db.query<LotDetail['lot']>(
      `SELECT ${LOT_COLUMNS} FROM ${LOT_TABLES} ${filter}
        ORDER BY l.created_at DESC, l.id DESC
        ${pageClause(asked, (value) => `$${params.push(value)}`)}`,
      params,
    );
    return {
      success: true,
      scope: { member_id: memberId, member_name: count?.member_name ?? null },
      lots,
      ...asked,
      total: count?.total ?? 0,
    };
  },

  async lot({ params: { id }, scope: { memberId }, db }) {
    return (await readLot(db, id, memberId)) ?? noLot(id);
  },

  async createLot({ body, scope: { memberId }, db, now }) {
    if (memberId !== null && body.member_id !== memberId) {
      notFound(`There is no member ${body.member_id} in your data scope.`);
    }
    const [known] = await db.query<{ member: boolean; processor: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM members WHERE id = $1) AS member,
              EXISTS (SELECT 1 FROM processors WHERE id = $2) AS processor`,
      [body.member_id, body.processor_id],
    );
    if (!known?.member || !known.processor) {
      throw new Refusal(
        422,
        'Unprocessable Content',
        !known?.member
          ? `There is no member ${body.member_id}.`
          : `There is no processor ${body.processor_id}; choose one of the list.`,
      );
    }
    const lines = await db.query<{
      shipment_id: number;
      available: string;
    }>(
      `SELECT ml.shipment_id, (ml.weight_kg - ml.in_lots_kg)::text AS available
         FROM shipment_materials ml JOIN shipments sh ON sh.id = ml.shipment_id
        WHERE sh.member_id = $1 AND ml.material = $2 AND ml.in_lots_kg < ml.weight_kg
        ORDER BY sh.received_at, ml.shipment_id
        FOR UPDATE OF ml`,
      [body.member_id, body.material],
    );
    const onHand = lines.map((line) => ({
      key: line.shipment_id,
      available: kgToGrams(Number(line.available)),
    }));
    const draws = drawFromOnHand(onHand, kgToGrams(body.weight_kg));
    if (!draws) {
      const total = onHand.reduce((sum, line) => sum + line.available, 0);
      throw new Refusal(
        422,
        'Unprocessable Content',
        `Only ${gramsToKg(total)} kg of ${body.material} is on hand for this member; make a smaller lot.`,
        { fields: { weight_kg: `At most ${gramsToKg(total)} kg is on hand.` } },
      );
    }
    const [lot] = await db.query<{ id: number }>(
      `INSERT INTO eol_lots (member_id, material, processor_id, weight_kg, status, created_at)
       VALUES ($1, $2, $3, $4, 'open', $5) RETURNING id`,
      [
        body.member_id,
        body.material,
        body.processor_id,
        gramsToKg(kgToGrams(body.weight_kg)),
        now.toISOString(),
      ],
    );
    if (!lot) throw new Error('INSERT INTO eol_lots returned no row');
    await db.query(
      `INSERT INTO lot_sources (lot_id, shipment_id, material, weight_kg)
       SELECT $1, d.shipment_id, $2, d.kg FROM unnest($3::int[], $4::numeric[]) AS d (shipment_id, kg)`,
      [
        lot.id,
        body.material,
        draws.map((d) => d.key),
        draws.map((d) => gramsToKg(d.weight)),
      ],
    );
    await db.query(
      `UPDATE shipment_materials ml SET in_lots_kg = ml.in_lots_kg + d.kg
         FROM unnest($2::int[], $3::numeric[]) AS d (shipment_id, kg)
        WHERE ml.shipment_id = d.shipment_id AND ml.material = $1`,
      [
        body.material,
        draws.map((d) => d.key),
        draws.map((d) => gramsToKg(d.weight)),
      ],
    );
    return written(db, lot.id, memberId, null);
  },

  async shipLot({ params: { id }, body, scope: { memberId }, db, now }) {
    const before = await lotAt(db, id, memberId, body.version, 'open');
    await db.query(
      `UPDATE eol_lots SET status = 'shipped', shipped_at = $2, version = version + 1 WHERE id = $1`,
      [id, now.toISOString()],
    );
    return written(db, id, memberId, before);
  },

  async confirmLot({ params: { id }, body, scope: { memberId }, db, now }) {
    const before = await lotAt(db, id, memberId, body.version, 'shipped');
    await db.query(
      `UPDATE eol_lots SET status = 'confirmed', outcome = $2, certificate_ref = $3,
              confirmed_weight_kg = $4, confirmed_at = $5, version = version + 1
        WHERE id = $1`,
      [
        id,
        body.outcome,
        body.certificate_ref,
        gramsToKg(kgToGrams(body.confirmed_weight_kg)),
        now.toISOString(),
      ],
    );
    // The recycling rate counts confirmed lots: their stores' rollups change.
    const sources = await db.query<{
      store_id: number | null;
      member_id: number;
    }>(
      `SELECT DISTINCT sh.store_id, sh.member_id FROM lot_sources ls
         JOIN shipments sh ON sh.id = ls.shipment_id WHERE ls.lot_id = $1`,
      [id],
    );
    // A mail-back shipment has no store: its member's rollups count it.
    await rebuildRollups(
      db,
      sources.flatMap((s) => (s.store_id === null ? [] : [s.store_id])),
      sources.flatMap((s) => (s.store_id === null ? [s.member_id] : [])),
    );
    return written(db, id, memberId, before);
  },
});
