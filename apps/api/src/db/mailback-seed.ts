/**
 * The demo mail-back programme (decisions D19): a year of consumers'
 * requests on the pact tenant's live form, in every status of the funnel
 * (some waiting for their label, labels sent and some never used after
 * 30 days, boxes in transit, boxes received
 * and weighed with a shipment reference), from every region, a few of them
 * redacted. Names and emails are made up (example.com, example.net); the
 * rows come from a seeded PRNG with dates relative to the seeding time, so
 * the same seed and time give the same rows.
 */
import {
  MAILBACK_STATES,
  type MailbackState,
  type MailbackStatus,
} from '@collective/api-client/contract';
import { DEMO_MEMBERS } from '@collective/api-client/demo';
import type { SqlRunner } from './database';
import { createRandom, mixSeed, type Random } from './prng';

/** Submissions per unit of `SEED_SCALE` over the last year. */
export const MAILBACK_SUBMISSIONS_PER_SCALE = 300;

/** Days of submissions, up to the seeding time. */
export const MAILBACK_SEED_DAYS = 365;

/** Stream of the PRNG that the mail-back rows draw from (apart from the stores'). */
const MAILBACK_STREAM = 0x6d61696c; // "mail"

/** Rows written per INSERT statement. */
const BATCH = 5_000;

const DAY_MS = 24 * 60 * 60 * 1000;

const FIRST_NAMES = [
  'Avery',
  'Blake',
  'Camila',
  'Darius',
  'Elena',
  'Felix',
  'Grace',
  'Hugo',
  'Imani',
  'Jonah',
  'Keiko',
  'Liam',
  'Maya',
  'Nadia',
  'Owen',
  'Priya',
  'Rosa',
  'Silas',
  'Talia',
  'Uma',
  'Victor',
  'Willa',
  'Xavier',
  'Yara',
  'Zane',
  'Ines',
  'Marcus',
  'Leah',
  'Theo',
  'Noor',
] as const;

const LAST_NAMES = [
  'Alvarez',
  'Brennan',
  'Chen',
  'Dubois',
  'Eriksen',
  'Fontaine',
  'Garcia',
  'Hartley',
  'Ibarra',
  'Jensen',
  'Kowalski',
  'Laurent',
  'Moreno',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Rossi',
  'Schmidt',
  'Thompson',
  'Underwood',
  'Vasquez',
  'Whitaker',
  'Yamamoto',
  'Zielinski',
  'Osei',
  'Haddad',
] as const;

const STREETS = [
  'Maple Avenue',
  'Oak Street',
  'Cedar Lane',
  'Pine Road',
  'Elm Court',
  'Birch Way',
  'Lakeview Drive',
  'Hillcrest Road',
  'Sunset Boulevard',
  'Park Place',
  'River Road',
  'Willow Street',
] as const;

/** Where consumers write from: city, state and the first three digits of its ZIP codes. */
const PLACES: readonly (readonly [string, MailbackState, string])[] = [
  ['Portland', 'OR', '972'],
  ['Seattle', 'WA', '981'],
  ['Oakland', 'CA', '946'],
  ['Los Angeles', 'CA', '900'],
  ['Honolulu', 'HI', '968'],
  ['Denver', 'CO', '802'],
  ['Boise', 'ID', '837'],
  ['Phoenix', 'AZ', '850'],
  ['Salt Lake City', 'UT', '841'],
  ['Chicago', 'IL', '606'],
  ['Minneapolis', 'MN', '554'],
  ['Columbus', 'OH', '432'],
  ['Madison', 'WI', '537'],
  ['Austin', 'TX', '787'],
  ['Atlanta', 'GA', '303'],
  ['Nashville', 'TN', '372'],
  ['Miami', 'FL', '331'],
  ['Raleigh', 'NC', '276'],
  ['Boston', 'MA', '021'],
  ['Brooklyn', 'NY', '112'],
  ['Philadelphia', 'PA', '191'],
  ['Burlington', 'VT', '054'],
];

const NOTES = [
  'Asked for a second box for a larger batch.',
  'Label reprinted after a smudged print.',
  'Box arrived slightly damaged; contents fine.',
] as const;

/** One submission as the seed writes it. */
export interface SeededSubmission {
  id: number;
  status: MailbackStatus;
  name: string | null;
  email: string | null;
  addressLine1: string | null;
  city: string | null;
  postalCode: string | null;
  state: MailbackState;
  region: string;
  products: { brand_id: number; count: number }[];
  items: number;
  trackingNumber: string | null;
  createdAt: Date;
  labelSentAt: Date | null;
  shippedAt: Date | null;
  receivedAt: Date | null;
  receivedWeightKg: number | null;
  shipmentRef: string | null;
  notes: { at: string; by: string; text: string }[];
  redactedAt: Date | null;
}

/** What to seed. */
export interface MailbackSeedOptions {
  /** Multiplies {@link MAILBACK_SUBMISSIONS_PER_SCALE}. */
  scale: number;
  /** The seeding time: submissions end here. */
  now: Date;
  /** PRNG seed (the program's). */
  seed: number;
  /** The first id (`MB-2001` on a fresh database). */
  firstId?: number;
}

const at = (ms: number) => new Date(Math.round(ms));

/**
 * A submission's way through the funnel, from its request at `created`:
 * the label goes out a day or two later, most boxes ship within weeks and
 * arrive within days, some labels are never used; each step after `now`
 * has not happened yet.
 */
function journey(random: Random, created: number, now: number) {
  const steps = {
    status: 'submitted' as MailbackStatus,
    labelSentAt: null as number | null,
    shippedAt: null as number | null,
    receivedAt: null as number | null,
  };
  // A small backlog: a few requests still wait for their label.
  if (now - created < 60 * DAY_MS && random.chance(0.04)) return steps;
  const labelSentAt = created + random.between(0.6, 2.5) * DAY_MS;
  if (labelSentAt > now) return steps;
  Object.assign(steps, { status: 'label_sent', labelSentAt });
  if (random.chance(0.14)) return steps; // never used
  const shippedAt = labelSentAt + random.between(2, 40) * DAY_MS;
  if (shippedAt > now) return steps;
  Object.assign(steps, { status: 'in_transit', shippedAt });
  const receivedAt = shippedAt + random.between(3, 9) * DAY_MS;
  if (receivedAt > now) return steps;
  return Object.assign(steps, { status: 'received', receivedAt });
}

/**
 * The demo submissions, oldest first, numbered from `firstId`: more of them
 * recently (the programme grows), everything drawn from `random`.
 */
export function makeSubmissions(
  options: MailbackSeedOptions,
): SeededSubmission[] {
  const { scale, seed } = options;
  const now = options.now.getTime();
  const random = createRandom(mixSeed(seed, MAILBACK_STREAM));
  const count = MAILBACK_SUBMISSIONS_PER_SCALE * scale;
  const brands = DEMO_MEMBERS.map((member) => member.id);
  const created = Array.from(
    { length: count },
    // sqrt: the density grows towards now.
    () => now - (1 - Math.sqrt(random.next())) * MAILBACK_SEED_DAYS * DAY_MS,
  ).sort((a, b) => a - b);
  return created.map((createdAt, index): SeededSubmission => {
    const id = (options.firstId ?? 2001) + index;
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const [city, state, zip] = random.pick(PLACES);
    const lines = random.chance(0.7) ? 1 : random.int(2, 3);
    const products: { brand_id: number; count: number }[] = [];
    for (const brand of brands) {
      if (products.length === lines) break;
      if (random.chance(lines / brands.length + 0.1))
        products.push({ brand_id: brand, count: random.int(1, 12) });
    }
    if (products.length === 0)
      products.push({
        brand_id: random.pick(brands),
        count: random.int(1, 12),
      });
    const items = products.reduce((sum, line) => sum + line.count, 0);
    const steps = journey(random, createdAt, now);
    const tracking =
      steps.labelSentAt === null
        ? null
        : `9400${String(random.int(10_000_000, 99_999_999))}${String(id).padStart(8, '0')}`;
    // An empty bottle or jar weighs 30 to 120 g; the box about 300 g.
    const weight =
      steps.receivedAt === null
        ? null
        : Math.round((0.3 + items * random.between(0.03, 0.12)) * 1000) / 1000;
    const redactedAt =
      steps.receivedAt !== null &&
      now - steps.receivedAt > 120 * DAY_MS &&
      random.chance(0.05)
        ? steps.receivedAt + random.between(20, 60) * DAY_MS
        : null;
    const notes =
      redactedAt === null && steps.labelSentAt !== null && random.chance(0.04)
        ? [
            {
              at: at(steps.labelSentAt + DAY_MS).toISOString(),
              by: 'admin@pact.test',
              text: random.pick(NOTES),
            },
          ]
        : [];
    const personal = redactedAt === null;
    return {
      id,
      status: steps.status,
      name: personal ? `${first} ${last}` : null,
      email: personal
        ? `${first}.${last}${random.int(1, 99)}@${random.chance(0.6) ? 'example.com' : 'example.net'}`.toLowerCase()
        : null,
      addressLine1: personal
        ? `${random.int(1, 9800)} ${random.pick(STREETS)}`
        : null,
      city: personal ? city : null,
      postalCode: personal
        ? `${zip}${String(random.int(1, 99)).padStart(2, '0')}`
        : null,
      state,
      region: MAILBACK_STATES[state],
      products,
      items,
      trackingNumber: tracking,
      createdAt: at(createdAt),
      labelSentAt: steps.labelSentAt === null ? null : at(steps.labelSentAt),
      shippedAt: steps.shippedAt === null ? null : at(steps.shippedAt),
      receivedAt: steps.receivedAt === null ? null : at(steps.receivedAt),
      receivedWeightKg: weight,
      shipmentRef:
        steps.receivedAt === null
          ? null
          : `SHP-MB-${String(id).padStart(6, '0')}`,
      notes,
      redactedAt: redactedAt === null ? null : at(redactedAt),
    };
  });
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Writes the demo submissions of {@link makeSubmissions} on the pact
 * tenant's live form version (published before the first of them) inside
 * `tx`, and moves the id sequence past them. Returns how many it wrote.
 */
export async function seedMailback(
  tx: SqlRunner,
  options: MailbackSeedOptions,
): Promise<number> {
  const [live] = await tx.query<{ id: number }>(
    `SELECT fv.id FROM mailback_form_versions fv
       JOIN mailback_forms f ON f.id = fv.form_id
      WHERE f.tenant = 'pact' AND fv.status = 'live' ORDER BY fv.id LIMIT 1`,
  );
  if (!live) return 0;
  const rows = makeSubmissions(options);
  const published = new Date(
    options.now.getTime() - (MAILBACK_SEED_DAYS + 7) * DAY_MS,
  );
  await tx.query(
    'UPDATE mailback_form_versions SET published_at = $2 WHERE id = $1',
    [live.id, published.toISOString()],
  );
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const column = <T>(pick: (row: SeededSubmission) => T) => batch.map(pick);
    await tx.query(
      `INSERT INTO mailback_submissions
         (id, tenant, form_version_id, status, name, email, address_line1,
          address_line2, city, postal_code, state, region, products, items,
          tracking_number, label_sent_at, shipped_at, received_at,
          received_weight_kg, shipment_ref, notes, redacted_at, version,
          created_at)
       SELECT id, 'pact', $1, status, name, email, line1,
              CASE WHEN name IS NULL THEN NULL ELSE '' END, city, zip, state,
              region, products::jsonb, items, tracking, label_sent_at,
              shipped_at, received_at, weight, shipment_ref, notes::jsonb,
              redacted_at, version, created_at
         FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[],
                     $7::text[], $8::text[], $9::text[], $10::text[],
                     $11::text[], $12::int[], $13::text[], $14::timestamptz[],
                     $15::timestamptz[], $16::timestamptz[], $17::numeric[],
                     $18::text[], $19::text[], $20::timestamptz[], $21::int[],
                     $22::timestamptz[])
           AS t(id, status, name, email, line1, city, zip, state, region,
                products, items, tracking, label_sent_at, shipped_at,
                received_at, weight, shipment_ref, notes, redacted_at,
                version, created_at)`,
      [
        live.id,
        column((r) => r.id),
        column((r) => r.status),
        column((r) => r.name),
        column((r) => r.email),
        column((r) => r.addressLine1),
        column((r) => r.city),
        column((r) => r.postalCode),
        column((r) => r.state),
        column((r) => r.region),
        column((r) => JSON.stringify(r.products)),
        column((r) => r.items),
        column((r) => r.trackingNumber),
        column((r) => iso(r.labelSentAt)),
        column((r) => iso(r.shippedAt)),
        column((r) => iso(r.receivedAt)),
        column((r) => r.receivedWeightKg),
        column((r) => r.shipmentRef),
        column((r) => JSON.stringify(r.notes)),
        column((r) => iso(r.redactedAt)),
        // Each step after the request was a versioned write.
        column(
          (r) =>
            1 +
            [r.labelSentAt, r.shippedAt, r.receivedAt, r.redactedAt].filter(
              Boolean,
            ).length +
            r.notes.length,
        ),
        column((r) => iso(r.createdAt)),
      ],
    );
  }
  const last = rows.at(-1);
  if (last) {
    await tx.query(
      `SELECT setval(pg_get_serial_sequence('mailback_submissions', 'id'), $1::int)`,
      [last.id],
    );
  }
  return rows.length;
}
