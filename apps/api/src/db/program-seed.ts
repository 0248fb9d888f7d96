/**
 * The demo program (decisions D12, D14): stores of the member brands, 24
 * months of shipments to the warehouse in every status (some delivered and
 * waiting days to be received, some long in transit, some exceptions),
 * the receipt (weigh-in) and material lines of everything received, and
 * end-of-life lots, with their chain of custody, for most sorted material:
 * confirmed with an outcome and certificate, shipped, or still open, the
 * newest material still on hand. Generated from a seeded PRNG,
 * store by store, with dates relative to the seeding time, so the demo
 * always looks current and the same seed and time give the same rows.
 */
import type { MaterialCode } from '@collective/api-client/contract';
import { rebuildRollups, refreshStoreStats } from '../data/rollups';
import { seedStoreInventory } from './store-inventory-seed';
import { monthStartOf, addMonths } from '../data/months';
import type { SqlRunner } from './database';
import { createRandom, mixSeed, type Random } from './prng';

/** Stores per unit of `SEED_SCALE`: the demo data set has this many. */
export const STORES_PER_SCALE = 72;

/** Months of shipments, up to and including the seeding month. */
export const PROGRAM_MONTHS = 24;

/** Seed of the PRNG unless another is given. */
export const DEFAULT_PROGRAM_SEED = 20_261_122;

/**
 * Shipments of each member left waiting at the warehouse, delivered 3.5 to
 * 7 days before the seeding time, at the least (the tests and the demo's
 * receiving queue count on some in every member, at any hour).
 */
const WAITING_PER_MEMBER = 3;

/** `SEED_SCALE` of the benchmark's large data set (about 1,050,000 shipments). */
export const LARGE_SEED_SCALE = 100;

/**
 * `work_mem` and `maintenance_work_mem` of the seed's transaction, for
 * building the keys and the rollups of a large data set.
 */
const SEED_WORK_MEM = '64MB';

/** Shipments written per INSERT statement. */
const BATCH_SHIPMENTS = 10_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How many of each block of {@link STORES_PER_SCALE} stores belong to each
 * member (ids of the demo members: Kiehl's 2, Meridian Naturals 1009, ...).
 */
const STORES_PER_MEMBER: Readonly<Record<number, number>> = {
  2: 16,
  1009: 8,
  3: 12,
  4: 10,
  5: 12,
  6: 7,
  7: 7,
};

/** Member of the n-th store of a block, the members interleaved evenly. */
const MEMBER_OF_SLOT: readonly number[] = (() => {
  const counts = Object.entries(STORES_PER_MEMBER).map(
    ([id, count]) => [Number(id), count] as const,
  );
  const given = new Map<number, number>();
  return Array.from({ length: STORES_PER_SCALE }, (_, slot) => {
    let best = counts[0]?.[0] ?? 2;
    let bestLag = -Infinity;
    for (const [id, count] of counts) {
      const lag =
        (count * (slot + 1)) / STORES_PER_SCALE - (given.get(id) ?? 0);
      if (lag > bestLag) {
        bestLag = lag;
        best = id;
      }
    }
    given.set(best, (given.get(best) ?? 0) + 1);
    return best;
  });
})();

const CITIES: readonly (readonly [city: string, region: string])[] = [
  ['Portland', 'West'],
  ['Seattle', 'West'],
  ['San Francisco', 'West'],
  ['Los Angeles', 'West'],
  ['San Diego', 'West'],
  ['Sacramento', 'West'],
  ['Denver', 'Mountain'],
  ['Salt Lake City', 'Mountain'],
  ['Boise', 'Mountain'],
  ['Phoenix', 'Mountain'],
  ['Albuquerque', 'Mountain'],
  ['Chicago', 'Midwest'],
  ['Minneapolis', 'Midwest'],
  ['Detroit', 'Midwest'],
  ['Columbus', 'Midwest'],
  ['Milwaukee', 'Midwest'],
  ['St. Louis', 'Midwest'],
  ['Kansas City', 'Midwest'],
  ['Austin', 'South'],
  ['Houston', 'South'],
  ['Dallas', 'South'],
  ['Atlanta', 'South'],
  ['Miami', 'South'],
  ['Nashville', 'South'],
  ['Charlotte', 'South'],
  ['New Orleans', 'South'],
  ['Boston', 'Northeast'],
  ['New York', 'Northeast'],
  ['Philadelphia', 'Northeast'],
  ['Pittsburgh', 'Northeast'],
  ['Providence', 'Northeast'],
  ['Baltimore', 'Northeast'],
];

const PLACES = [
  'Downtown',
  'Union Square',
  'Riverside',
  'Market Street',
  'Northgate',
  'Harbor Point',
  'Old Town',
  'Midtown',
  'Westfield',
  'Lakeside',
  'Galleria',
  'Main Street',
  'Station Plaza',
  'Eastside',
] as const;

/** A typical store's material mix by weight, before each store's own leaning. */
const BASE_MIX: Readonly<Record<MaterialCode, number>> = {
  pp5: 0.3,
  pet1: 0.2,
  hdpe2: 0.15,
  glass: 0.2,
  aluminium: 0.05,
  mixed: 0.1,
};

/** The materials of {@link BASE_MIX}, in its order. */
const BASE_MIX_MATERIALS = Object.keys(BASE_MIX) as MaterialCode[];

/** End-of-life outcomes, as stored. */
export const OUTCOMES = [
  'recycled',
  'downcycled',
  'energy_recovery',
  'landfill',
] as const;
type Outcome = (typeof OUTCOMES)[number];

/** Where each material tends to go after sorting. */
const OUTCOME_ODDS: Readonly<
  Record<MaterialCode, Readonly<Record<Outcome, number>>>
> = {
  aluminium: { recycled: 92, downcycled: 5, energy_recovery: 0, landfill: 3 },
  glass: { recycled: 85, downcycled: 10, energy_recovery: 0, landfill: 5 },
  pet1: { recycled: 80, downcycled: 10, energy_recovery: 7, landfill: 3 },
  hdpe2: { recycled: 75, downcycled: 12, energy_recovery: 10, landfill: 3 },
  pp5: { recycled: 60, downcycled: 20, energy_recovery: 15, landfill: 5 },
  mixed: { recycled: 5, downcycled: 15, energy_recovery: 55, landfill: 25 },
};

/** The processors of the demo program (ids from 2; 1 is migration 8's legacy one). */
export const PROCESSORS: readonly {
  id: number;
  name: string;
  city: string;
}[] = [
  { id: 2, name: 'Circular Polymers', city: 'Chicago' },
  { id: 3, name: 'Glassworks Reclamation', city: 'Columbus' },
  { id: 4, name: 'MetalCycle', city: 'Pittsburgh' },
  { id: 5, name: 'Regrind Products', city: 'Dallas' },
  { id: 6, name: 'Harbor Energy Recovery', city: 'Baltimore' },
  { id: 7, name: 'Valley Landfill Services', city: 'Sacramento' },
];

/** Which processor takes a material for an outcome. */
function processorFor(material: MaterialCode, outcome: Outcome): number {
  if (outcome === 'landfill') return 7;
  if (outcome === 'energy_recovery') return 6;
  if (material === 'glass') return 3;
  if (material === 'aluminium') return 4;
  if (outcome === 'downcycled' || material === 'mixed') return 5;
  return 2;
}

/** Exceptions a shipment may end in. */
const EXCEPTIONS = ['lost', 'damaged', 'refused'] as const;
/** Scales of the warehouse. */
const SCALES = ['WH-SCALE-1', 'WH-SCALE-2', 'WH-DOCK-3'] as const;
/** Who weighs shipments in (single words: written as array literals). */
const RECEIVERS = ['Ortega', 'Chen', 'Novak', 'Haddad', 'Okafor'] as const;

/** Day of the next month that the second half of a month's sorted material goes into lots. */
const LOT_DAY = 4;

/** A shipment's tracking number, unique and stable: `1ZP` and ten digits. */
export function trackingNumber(id: number): string {
  return `1ZP${String((id * 2_654_435_761) % 10_000_000_000).padStart(10, '0')}`;
}

/** Busier months: the holidays bring gift packaging back in January. */
const SEASON = [1.2, 1.05, 1, 0.95, 0.95, 0.9, 0.85, 0.9, 1, 1.05, 1.1, 1.3];

/** What to seed. */
export interface ProgramSeedOptions {
  /** Blocks of {@link STORES_PER_SCALE} stores; 1 is the demo data set. */
  scale: number;
  /** The seeding time: shipments end here and months count back from it. */
  now: Date;
  /** PRNG seed; {@link DEFAULT_PROGRAM_SEED} by default. */
  seed?: number;
}

/** How much was seeded. */
export interface ProgramSeedCounts {
  stores: number;
  shipments: number;
  materialRows: number;
  lots: number;
}

interface StoreRow {
  id: number;
  memberId: number;
  name: string;
  city: string;
  region: string;
  channel: 'in-store' | 'kiosk';
  active: boolean;
  openedAt: Date;
}

/** Rows waiting to be written, as columns (one array per column). */
class PendingRows {
  shipments = {
    id: [] as number[],
    store: [] as number[],
    member: [] as number[],
    channel: [] as string[],
    tracking: [] as string[],
    shipped: [] as string[],
    delivered: [] as (string | null)[],
    received: [] as (string | null)[],
    sorted: [] as (string | null)[],
    status: [] as string[],
    units: [] as number[],
    declared: [] as string[],
    exception: [] as (string | null)[],
    exceptionAt: [] as (string | null)[],
  };
  receipts = {
    shipment: [] as number[],
    gross: [] as string[],
    tare: [] as string[],
    net: [] as string[],
    contamination: [] as string[],
    sorted: [] as string[],
    scale: [] as string[],
    by: [] as string[],
  };
  materials = {
    shipment: [] as number[],
    material: [] as string[],
    weight: [] as string[],
    inLots: [] as string[],
  };
  sources = {
    lot: [] as number[],
    shipment: [] as number[],
    material: [] as string[],
    weight: [] as string[],
  };

  get size(): number {
    return this.shipments.id.length;
  }
}

/** An end-of-life lot being gathered: one member's material of one outcome and month. */
interface LotDraft {
  id: number;
  memberId: number;
  material: MaterialCode;
  outcome: Outcome;
  createdAt: number;
  grams: number;
}

/** The lots of the seed, by member, material, outcome and month sorted. */
class LotBook {
  private readonly lots = new Map<string, LotDraft>();

  constructor(private readonly nowMs: number) {}

  /**
   * The lot that takes `material` of `memberId` sorted at `sortedAt` to
   * `outcome`, or `null` while that month's material is still on hand.
   */
  lotFor(
    memberId: number,
    material: MaterialCode,
    outcome: Outcome,
    sortedAt: number,
  ): LotDraft | null {
    // Twice a month: what was sorted in the first half goes into lots on
    // the 18th, the rest on the 4th of the next month.
    const sorted = new Date(sortedAt);
    const [year, month] = [sorted.getUTCFullYear(), sorted.getUTCMonth()];
    const createdAt =
      sorted.getUTCDate() <= 15
        ? Date.UTC(year, month, 18)
        : Date.UTC(year, month + 1, LOT_DAY);
    if (createdAt > this.nowMs) return null;
    const key = `${memberId}|${material}|${outcome}|${createdAt}`;
    let lot = this.lots.get(key);
    if (!lot) {
      lot = {
        id: this.lots.size + 1,
        memberId,
        material,
        outcome,
        createdAt,
        grams: 0,
      };
      this.lots.set(key, lot);
    }
    return lot;
  }

  get all(): LotDraft[] {
    return [...this.lots.values()];
  }
}

/** Grams as the kilogram text of a `numeric(12, 3)`. */
const kg = (grams: number) => (grams / 1000).toFixed(3);

/** A store of slot `index` (0-based; its id is index + 1), with its PRNG. */
function makeStore(
  index: number,
  seed: number,
  now: Date,
  windowStart: number,
  memberNames: ReadonlyMap<number, string>,
): {
  store: StoreRow;
  random: Random;
  closedAt: number | null;
  /** `false` for a store that has not shipped anything yet. */
  ships: boolean;
} {
  const id = index + 1;
  const random = createRandom(mixSeed(seed, id));
  const slot = index % STORES_PER_SCALE;
  const memberId = MEMBER_OF_SLOT[slot] ?? 2;
  const [city, region] = random.pick(CITIES);
  const place = random.pick(PLACES);
  const kiosk = random.chance(0.18);
  const span = now.getTime() - windowStart;
  let openedAt = random.chance(0.78)
    ? windowStart - random.between(30, 900) * DAY_MS
    : windowStart + random.between(0, 0.9) * span;
  // The last store of each block has just opened: nothing shipped yet.
  const ships = slot !== STORES_PER_SCALE - 1;
  if (!ships) openedAt = now.getTime() - 2 * DAY_MS;
  let closedAt: number | null = null;
  if (ships && random.chance(0.12)) {
    const closing = now.getTime() - random.between(20, 300) * DAY_MS;
    if (closing > openedAt + 30 * DAY_MS) closedAt = closing;
  }
  return {
    store: {
      id,
      memberId,
      name: `${memberNames.get(memberId) ?? 'Member'} ${place}`,
      city,
      region,
      channel: kiosk ? 'kiosk' : 'in-store',
      active: closedAt === null,
      openedAt: new Date(openedAt),
    },
    random,
    closedAt,
    ships,
  };
}

/** An ISO timestamp, or null. */
const iso = (ms: number | null) =>
  ms === null ? null : new Date(ms).toISOString();

/**
 * Adds one store's shipments to `pending`, each in the status it has
 * reached by `now`: its receipt once received, its material lines once
 * sorted, and the lots its lines went into (from `lots`).
 */
function addShipments(
  pending: PendingRows,
  store: StoreRow,
  random: Random,
  closedAt: number | null,
  now: Date,
  windowStart: number,
  nextId: () => number,
  lots: LotBook,
  waiting: Map<number, number>,
): void {
  const nowMs = now.getTime();
  const kiosk = store.channel === 'kiosk';
  const interval = kiosk ? random.between(6, 10) : random.between(2.5, 5);
  const size = random.between(0.5, 1.8) * (kiosk ? 0.6 : 1);
  const gramsPerUnit = random.between(45, 85);
  const lean = Object.fromEntries(
    Object.entries(BASE_MIX).map(([material, share]) => [
      material,
      share * random.between(0.5, 1.5),
    ]),
  ) as Record<MaterialCode, number>;
  const end = closedAt ?? nowMs;
  const span = nowMs - windowStart;
  let at =
    Math.max(windowStart, store.openedAt.getTime()) +
    random.between(0, interval) * DAY_MS;

  for (; at < end; at += interval * random.between(0.6, 1.4) * DAY_MS) {
    const id = nextId();
    const month = new Date(at).getUTCMonth();
    const growth = 0.75 + 0.35 * ((at - windowStart) / span);
    const units = Math.max(
      1,
      Math.round(size * random.between(25, 70) * (SEASON[month] ?? 1) * growth),
    );
    const netGrams = Math.round(
      units * gramsPerUnit * random.between(0.85, 1.15),
    );
    // The carrier takes 1-5 days, now and then more than 10; the warehouse
    // usually receives within the day, now and then only days later.
    let transitDays = random.chance(0.03)
      ? random.between(11, 18)
      : random.between(1, 5);
    // The queue's story must not hang on chance (issue 20's flags): every
    // eleventh shipment sent 10.5 to 16 days ago is still with the carrier.
    const daysAgo = (nowMs - at) / DAY_MS;
    if (id % 11 === 0 && daysAgo >= 10.5 && daysAgo <= 16) {
      transitDays = daysAgo + 2;
    }
    const deliveredAt = at + transitDays * DAY_MS;
    let receivingDays = random.chance(0.05)
      ? random.between(3.5, 8)
      : random.between(0.05, 1.5);
    // ... and every seventh one delivered 3.5 to 7 days ago still waits at
    // the warehouse, as do the first few of every member: each brand's
    // receiving queue has a story whatever the hour of seeding.
    const deliveredDaysAgo = (nowMs - deliveredAt) / DAY_MS;
    const queued = waiting.get(store.memberId) ?? 0;
    if (
      (id % 7 === 0 || queued < WAITING_PER_MEMBER) &&
      deliveredDaysAgo >= 3.5 &&
      deliveredDaysAgo <= 7
    ) {
      receivingDays = deliveredDaysAgo + 1;
    }
    const receivedAt = deliveredAt + receivingDays * DAY_MS;
    const sortedAt = receivedAt + random.between(0.2, 2.5) * DAY_MS;
    const failed = random.chance(0.006) ? random.pick(EXCEPTIONS) : null;
    const exceptionAt =
      failed === null ? null : at + random.between(2, 8) * DAY_MS;

    const s = pending.shipments;
    s.id.push(id);
    s.store.push(store.id);
    s.member.push(store.memberId);
    s.channel.push(store.channel);
    s.tracking.push(trackingNumber(id));
    s.shipped.push(new Date(at).toISOString());
    s.units.push(units);
    // Declared by the sender, to the half kilogram; never counted.
    s.declared.push(
      (Math.round((netGrams / 500) * random.between(0.8, 1.25)) / 2).toFixed(3),
    );
    const exception = exceptionAt !== null && exceptionAt <= nowMs;
    s.exception.push(exception ? failed : null);
    s.exceptionAt.push(exception ? iso(exceptionAt) : null);
    const reached = (time: number) => !exception && time <= nowMs;
    s.delivered.push(reached(deliveredAt) ? iso(deliveredAt) : null);
    s.received.push(reached(receivedAt) ? iso(receivedAt) : null);
    s.sorted.push(reached(sortedAt) ? iso(sortedAt) : null);
    s.status.push(
      exception
        ? 'exception'
        : reached(sortedAt)
          ? 'sorted'
          : reached(receivedAt)
            ? 'received'
            : reached(deliveredAt)
              ? 'delivered'
              : at + DAY_MS / 2 <= nowMs
                ? 'in_transit'
                : 'label_created',
    );
    if (s.status.at(-1) === 'delivered' && deliveredDaysAgo >= 3.5) {
      waiting.set(store.memberId, queued + 1);
    }
    if (!reached(receivedAt)) continue;

    // The weigh-in: net as generated, a box or bin liner as tare, a little
    // contamination, which sorting leaves as residue.
    const tareGrams = Math.round(random.between(300, 1500));
    const contaminationGrams = Math.floor(
      netGrams * random.between(0.005, 0.05),
    );
    const r = pending.receipts;
    r.shipment.push(id);
    r.gross.push(kg(netGrams + tareGrams));
    r.tare.push(kg(tareGrams));
    r.net.push(kg(netGrams));
    r.contamination.push(kg(contaminationGrams));
    r.scale.push(random.pick(SCALES));
    r.by.push(random.pick(RECEIVERS));
    if (!reached(sortedAt)) {
      r.sorted.push(kg(0));
      continue;
    }

    const sortable = netGrams - contaminationGrams;
    const shares = BASE_MIX_MATERIALS.map((material) => {
      const absent = random.chance(material === 'aluminium' ? 0.3 : 0.08);
      return [
        material,
        absent ? 0 : lean[material] * random.between(0.6, 1.4),
      ] as const;
    });
    const shareSum = shares.reduce((sum, [, share]) => sum + share, 0) || 1;
    let sortedGrams = 0;
    for (const [material, share] of shares) {
      // Rounded down, so the lines never add up to more than the net.
      const grams = Math.floor((sortable * share) / shareSum);
      if (grams === 0) continue;
      sortedGrams += grams;
      const lot = lots.lotFor(
        store.memberId,
        material,
        random.weighted(OUTCOME_ODDS[material]),
        sortedAt,
      );
      const m = pending.materials;
      m.shipment.push(id);
      m.material.push(material);
      m.weight.push(kg(grams));
      m.inLots.push(kg(lot ? grams : 0));
      if (lot) {
        lot.grams += grams;
        const l = pending.sources;
        l.lot.push(lot.id);
        l.shipment.push(id);
        l.material.push(material);
        l.weight.push(kg(grams));
      }
    }
    r.sorted.push(kg(sortedGrams));
  }
}

async function writeStores(tx: SqlRunner, stores: StoreRow[]): Promise<void> {
  await tx.query(
    `INSERT INTO stores (id, member_id, name, city, region, channel, active, opened_at)
     SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[],
                          $6::text[], $7::boolean[], $8::timestamptz[])`,
    [
      stores.map((s) => s.id),
      stores.map((s) => s.memberId),
      stores.map((s) => s.name),
      stores.map((s) => s.city),
      stores.map((s) => s.region),
      stores.map((s) => s.channel),
      stores.map((s) => s.active),
      stores.map((s) => s.openedAt.toISOString()),
    ],
  );
}

/**
 * A PostgreSQL array literal (`{1,2,NULL}`) of values that need no quoting:
 * numbers, and texts without spaces, commas, quotes, braces or backslashes
 * (the seed's ids, codes, ISO timestamps and decimals). Several times
 * faster than the driver's general array encoding for the seed's batches.
 */
export function arrayLiteral(
  values: readonly (string | number | null)[],
): string {
  let text = '{';
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (i > 0) text += ',';
    text += value === null || value === undefined ? 'NULL' : String(value);
  }
  return `${text}}`;
}

async function writePending(
  tx: SqlRunner,
  pending: PendingRows,
): Promise<void> {
  const { shipments: s, receipts: r, materials: m, sources: l } = pending;
  if (s.id.length > 0) {
    await tx.query(
      `INSERT INTO shipments (id, store_id, member_id, channel, tracking_number, shipped_at,
                              delivered_at, received_at, sorted_at, status, units,
                              declared_weight_kg, exception, exception_at)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[],
                            $6::timestamptz[], $7::timestamptz[], $8::timestamptz[],
                            $9::timestamptz[], $10::text[], $11::int[], $12::numeric[],
                            $13::text[], $14::timestamptz[])`,
      [
        s.id,
        s.store,
        s.member,
        s.channel,
        s.tracking,
        s.shipped,
        s.delivered,
        s.received,
        s.sorted,
        s.status,
        s.units,
        s.declared,
        s.exception,
        s.exceptionAt,
      ].map(arrayLiteral),
    );
  }
  if (r.shipment.length > 0) {
    await tx.query(
      `INSERT INTO receipts (shipment_id, gross_kg, tare_kg, net_kg, contamination_kg,
                             sorted_kg, scale_id, received_by)
       SELECT * FROM unnest($1::int[], $2::numeric[], $3::numeric[], $4::numeric[],
                            $5::numeric[], $6::numeric[], $7::text[], $8::text[])`,
      [
        r.shipment,
        r.gross,
        r.tare,
        r.net,
        r.contamination,
        r.sorted,
        r.scale,
        r.by,
      ].map(arrayLiteral),
    );
  }
  if (m.shipment.length > 0) {
    await tx.query(
      `INSERT INTO shipment_materials (shipment_id, material, weight_kg, in_lots_kg)
       SELECT * FROM unnest($1::int[], $2::text[], $3::numeric[], $4::numeric[])`,
      [m.shipment, m.material, m.weight, m.inLots].map(arrayLiteral),
    );
  }
  if (l.lot.length > 0) {
    await tx.query(
      `INSERT INTO lot_sources (lot_id, shipment_id, material, weight_kg)
       SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::numeric[])`,
      [l.lot, l.shipment, l.material, l.weight].map(arrayLiteral),
    );
  }
}

/**
 * Writes the processors and the gathered lots, each open, shipped or
 * confirmed by its processor (with a certificate reference and the
 * confirmed weight) as far as its time has come by now.
 */
async function writeLots(
  tx: SqlRunner,
  lots: readonly LotDraft[],
  seed: number,
  nowMs: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO processors (id, name, city)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[])`,
    [
      PROCESSORS.map((p) => p.id),
      PROCESSORS.map((p) => p.name),
      PROCESSORS.map((p) => p.city),
    ],
  );
  const rows = lots
    .filter((lot) => lot.grams > 0)
    .map((lot) => {
      // A lot waits 3-20 days for a full load, its processor 10-25 days
      // more to confirm it; it loses a little weight (moisture, scales).
      const random = createRandom(mixSeed(seed, 0x1075, lot.id));
      const shippedAt = lot.createdAt + random.between(3, 20) * DAY_MS;
      const confirmedAt = shippedAt + random.between(10, 25) * DAY_MS;
      const loss = random.between(0.96, 1);
      return {
        ...lot,
        shippedAt: shippedAt <= nowMs ? shippedAt : null,
        confirmedAt: confirmedAt <= nowMs ? confirmedAt : null,
        confirmedGrams: Math.round(lot.grams * loss),
      };
    });
  const isConfirmed = (lot: (typeof rows)[number]) => lot.confirmedAt !== null;
  await tx.query(
    `INSERT INTO eol_lots (id, member_id, material, processor_id, weight_kg, status, outcome,
                           certificate_ref, confirmed_weight_kg, created_at, shipped_at,
                           confirmed_at)
     SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::numeric[],
                          $6::text[], $7::text[], $8::text[], $9::numeric[],
                          $10::timestamptz[], $11::timestamptz[], $12::timestamptz[])`,
    [
      rows.map((lot) => lot.id),
      rows.map((lot) => lot.memberId),
      rows.map((lot) => lot.material),
      rows.map((lot) => processorFor(lot.material, lot.outcome)),
      rows.map((lot) => kg(lot.grams)),
      rows.map((lot) =>
        isConfirmed(lot) ? 'confirmed' : lot.shippedAt ? 'shipped' : 'open',
      ),
      rows.map((lot) => (isConfirmed(lot) ? lot.outcome : null)),
      rows.map((lot) =>
        isConfirmed(lot)
          ? `COD-${new Date(lot.createdAt).toISOString().slice(0, 7).replace('-', '')}-${String(lot.id).padStart(5, '0')}`
          : null,
      ),
      rows.map((lot) => (isConfirmed(lot) ? kg(lot.confirmedGrams) : null)),
      rows.map((lot) => iso(lot.createdAt)),
      rows.map((lot) => iso(lot.shippedAt)),
      rows.map((lot) => iso(lot.confirmedAt)),
    ].map(arrayLiteral),
  );
  await tx.query(
    `SELECT setval(pg_get_serial_sequence('eol_lots', 'id'), GREATEST($1::int, 1))`,
    [rows.length === 0 ? 1 : Math.max(...rows.map((lot) => lot.id))],
  );
}

/**
 * The status events of every shipment, from the times the shipments hold:
 * label created, in transit (12 hours later), delivered, received, sorted,
 * or the exception with its kind as note.
 */
async function writeShipmentEvents(tx: SqlRunner): Promise<void> {
  await tx.exec(`
    INSERT INTO shipment_events (shipment_id, at, kind, note)
    SELECT sh.id, e.at, e.kind, e.note FROM shipments sh
     CROSS JOIN LATERAL (VALUES
       ('label_created', sh.shipped_at, NULL),
       ('in_transit', CASE WHEN sh.status <> 'label_created'
                            AND (sh.exception_at IS NULL
                                 OR sh.exception_at > sh.shipped_at + interval '12 hours')
                           THEN sh.shipped_at + interval '12 hours' END, NULL),
       ('delivered', sh.delivered_at, NULL),
       ('received', sh.received_at, NULL),
       ('sorted', sh.sorted_at, NULL),
       ('exception', sh.exception_at, sh.exception)) AS e (kind, at, note)
     WHERE e.at IS NOT NULL`);
}

/**
 * The tables filled in bulk, whose keys and indexes are built after the
 * load rather than row by row.
 */
export const BULK_TABLES = [
  'shipments',
  'receipts',
  'shipment_materials',
  'lot_sources',
  'shipment_events',
] as const;

interface KeyDefinition {
  table: string;
  name: string;
  definition: string;
}

/**
 * Runs `load` with the primary keys, foreign keys and other indexes of
 * `tables` (and the foreign keys of other tables naming them) dropped, then re-creates each exactly as the catalog described
 * it: building an index once and checking a foreign key with one join is
 * several times faster than doing both row by row (PostgreSQL's advice for
 * populating a database). Only for empty tables inside a transaction: no
 * one else sees the tables without their keys.
 */
export async function withoutKeysWhileLoading(
  tx: SqlRunner,
  tables: readonly string[],
  load: () => Promise<void>,
): Promise<void> {
  const names = [...tables];
  const constraints = await tx.query<KeyDefinition & { type: string }>(
    `SELECT conrelid::regclass::text AS table, quote_ident(conname) AS name,
            pg_get_constraintdef(oid) AS definition, contype AS type
       FROM pg_constraint
      WHERE (conrelid = ANY($1::regclass[]) AND contype IN ('p', 'u', 'f'))
         -- A key of another table naming one of them (a mail-back
         -- submission's shipment) depends on its primary key too.
         OR (confrelid = ANY($1::regclass[]) AND contype = 'f')`,
    [names],
  );
  const indexes = await tx.query<KeyDefinition>(
    `SELECT i.indrelid::regclass::text AS table, i.indexrelid::regclass::text AS name,
            pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
      WHERE i.indrelid = ANY($1::regclass[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                         WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)`,
    [names],
  );
  const foreign = constraints.filter((c) => c.type === 'f');
  const unique = constraints.filter((c) => c.type !== 'f');
  for (const c of [...foreign, ...unique]) {
    await tx.exec(`ALTER TABLE ${c.table} DROP CONSTRAINT ${c.name}`);
  }
  for (const index of indexes) await tx.exec(`DROP INDEX ${index.name}`);
  await load();
  for (const c of [...unique, ...foreign]) {
    await tx.exec(
      `ALTER TABLE ${c.table} ADD CONSTRAINT ${c.name} ${c.definition}`,
    );
  }
  for (const index of indexes) await tx.exec(index.definition);
}

/**
 * Writes the demo program into an empty program schema inside `tx`: the
 * stores of `scale` blocks (each store generated from its own PRNG stream,
 * so store n is the same whatever the scale), their shipments of the last
 * {@link PROGRAM_MONTHS} months up to `now`, and the rollups. The members
 * must exist already.
 */
export async function seedProgram(
  tx: SqlRunner,
  options: ProgramSeedOptions,
): Promise<ProgramSeedCounts> {
  const { scale, now } = options;
  const seed = options.seed ?? DEFAULT_PROGRAM_SEED;
  const members = await tx.query<{ id: number; name: string }>(
    'SELECT id, name FROM members',
  );
  const memberNames = new Map(members.map((m) => [m.id, m.name] as const));
  const missing = Object.keys(STORES_PER_MEMBER)
    .map(Number)
    .filter((id) => !memberNames.has(id));
  if (missing.length > 0) {
    throw new Error(
      `Seed the demo members first: member(s) ${missing.join(', ')} are missing.`,
    );
  }

  const currentMonth = monthStartOf(now);
  const windowStart = Date.parse(addMonths(currentMonth, 1 - PROGRAM_MONTHS));
  const storeCount = STORES_PER_SCALE * scale;
  let shipmentId = 0;
  const nextId = () => (shipmentId += 1);
  let materialRows = 0;
  const lots = new LotBook(now.getTime());
  const waiting = new Map<number, number>();

  // Room to build the keys of millions of rows in memory (SEED_SCALE=100).
  await tx.exec(`SET LOCAL maintenance_work_mem = '${SEED_WORK_MEM}'`);
  await withoutKeysWhileLoading(tx, BULK_TABLES, async () => {
    let pending = new PendingRows();
    let stores: StoreRow[] = [];
    // The next batch is generated while the last one is written.
    let writing: Promise<void> = Promise.resolve();
    for (let index = 0; index < storeCount; index += 1) {
      const { store, random, closedAt, ships } = makeStore(
        index,
        seed,
        now,
        windowStart,
        memberNames,
      );
      stores.push(store);
      if (ships) {
        addShipments(
          pending,
          store,
          random,
          closedAt,
          now,
          windowStart,
          nextId,
          lots,
          waiting,
        );
      }
      if (pending.size >= BATCH_SHIPMENTS || index === storeCount - 1) {
        await writing;
        const [batchStores, batch] = [stores, pending];
        materialRows += batch.materials.shipment.length;
        // Stores first: the shipments reference them.
        writing = writeStores(tx, batchStores).then(() =>
          writePending(tx, batch),
        );
        // Marks a failure as handled until it is awaited above or below.
        writing.catch(() => undefined);
        stores = [];
        pending = new PendingRows();
      }
    }
    await writing;
    await writeLots(tx, lots.all, seed, now.getTime());
    await writeShipmentEvents(tx);
  });
  await tx.query(
    `SELECT setval(pg_get_serial_sequence('shipments', 'id'), GREATEST($1::int, 1))`,
    [shipmentId],
  );
  // Room to aggregate millions of rows in memory (SEED_SCALE=100).
  await tx.exec(`SET LOCAL work_mem = '${SEED_WORK_MEM}'`);
  await rebuildRollups(tx);
  await refreshStoreStats(tx, currentMonth);
  await seedStoreInventory(tx, now);
  // The planner's statistics now, not when autovacuum comes by.
  await tx.exec('ANALYZE');
  return {
    stores: storeCount,
    shipments: shipmentId,
    materialRows,
    lots: lots.all.length,
  };
}
