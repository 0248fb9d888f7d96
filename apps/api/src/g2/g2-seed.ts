/**
 * The demo's G2 data (docs/decisions/0099): partner store mappings in each
 * status and three uploads of last month's partner files — one ready to
 * commit (with problems to review), one failed, one rolled back — so G2
 * Data Management and its quality queue have something to show. Nothing
 * is committed: the seeded figures stay the warehouse's alone. Sizes grow
 * with `SEED_SCALE`; the data is derived from the store ids, so it is the
 * same on every seed.
 */
import { createHash } from 'node:crypto';
import type { SqlRunner } from '../db/database';
import { validateUpload } from './g2-validation';

interface SeedStore {
  id: number;
  name: string;
  address: string;
  city: string;
}

const MATERIAL_LABELS = [
  'PP #5',
  'PET #1',
  'HDPE #2',
  'Glass',
  'Aluminium',
  'Mixed',
];

/** Partner id of the n-th seeded store. */
const partnerId = (n: number) => `KS-${String(1000 + n).padStart(4, '0')}`;

/** A day `days` before the first of `now`'s month, `YYYY-MM-DD`. */
function dayOf(now: Date, monthsBack: number, day: number): string {
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, day),
  )
    .toISOString()
    .slice(0, 10);
}

/** The CSV text of a partner file of `rows` rows for month `monthsBack`. */
function partnerFile(
  now: Date,
  monthsBack: number,
  rows: number,
  salt: number,
  partnerCount: number,
): string {
  const lines = ['Store id,Date,Material,Weight (kg)'];
  for (let i = 0; i < rows; i += 1) {
    const n = (i * 7 + salt) % partnerCount;
    const day = (i % 27) + 1;
    let material = MATERIAL_LABELS[
      (i + salt) % MATERIAL_LABELS.length
    ] as string;
    let weight = (((i * 37 + salt * 11) % 400) / 10 + 0.5).toFixed(2);
    let date = dayOf(now, monthsBack, day);
    if (i % 23 === 5) material = 'Cardboard';
    if (i % 29 === 7) weight = '0';
    if (i % 31 === 9) date = dayOf(now, monthsBack + 2, 3);
    lines.push(`${partnerId(n)},${date},${material},${weight}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Seeds the G2 demo data in the seed's transaction: `6 × scale` confirmed
 * mappings, two suggested, three unmatched and one ignored, and the three
 * uploads, checked by the validation job's own code.
 */
export async function seedG2(
  tx: SqlRunner,
  options: { scale: number; now: Date },
): Promise<void> {
  const scale = Math.max(1, Math.round(options.scale));
  const confirmedCount = 6 * scale;
  const stores = await tx.query<SeedStore>(
    `SELECT id, name, address, city FROM stores WHERE active ORDER BY id LIMIT $1`,
    [confirmedCount + 3],
  );
  if (stores.length < confirmedCount + 3) return;
  const [admin] = await tx.query<{ id: number }>(
    `SELECT id FROM users WHERE role = 'admin' AND member_id IS NULL ORDER BY id LIMIT 1`,
  );
  const mappings: unknown[][] = [];
  stores.slice(0, confirmedCount).forEach((store, n) => {
    mappings.push([partnerId(n), null, null, 'confirmed', store.id]);
  });
  // Ids the partner uses that no mapping ties yet: two look like stores
  // (suggested), three do not quite (unmatched), one is a closed shop.
  const near = stores.slice(confirmedCount);
  near.slice(0, 2).forEach((store, k) => {
    mappings.push([
      partnerId(confirmedCount + k),
      `${store.name} Store`,
      `${store.address}, ${store.city}`,
      'suggested',
      null,
    ]);
  });
  const others = [
    ['Harbour Point Pop-up', '1 Pier Road'],
    ['Airport Terminal B', 'Gate 12'],
    [`${near[2]?.city ?? 'Downtown'} Outlet`, null],
  ] as const;
  others.forEach(([name, address], k) => {
    mappings.push([
      partnerId(confirmedCount + 2 + k),
      name,
      address,
      'unmatched',
      null,
    ]);
  });
  mappings.push([
    partnerId(confirmedCount + 5),
    'Closed warehouse',
    null,
    'ignored',
    null,
  ]);
  await tx.query(
    `INSERT INTO g2_store_mappings (tenant, partner_store_id, partner_name, partner_address, status, store_id, updated_at)
     SELECT 'pact', x.p, x.n, x.a, x.s, x.st, $2
       FROM json_to_recordset($1::json) AS x (p text, n text, a text, s text, st int)`,
    [
      JSON.stringify(mappings.map(([p, n, a, s, st]) => ({ p, n, a, s, st }))),
      options.now.toISOString(),
    ],
  );

  // Partner files of the last three months; the partner ids span the
  // confirmed ones and the unmatched ones.
  const partnerCount = confirmedCount + 5;
  const files = [
    {
      name: 'partner-g2-last-month.csv',
      monthsBack: 1,
      rows: 40 * scale,
      status: 'ready',
    },
    {
      name: 'partner-g2-two-months-ago.csv',
      monthsBack: 2,
      rows: 30 * scale,
      status: 'rolled_back',
    },
    {
      name: 'partner-g2-three-months-ago.csv',
      monthsBack: 3,
      rows: 20 * scale,
      status: 'failed',
    },
  ] as const;
  for (const [index, file] of files.entries()) {
    const text = partnerFile(
      options.now,
      file.monthsBack,
      file.rows,
      index + 1,
      partnerCount,
    );
    const uploadedAt = new Date(
      Date.UTC(
        options.now.getUTCFullYear(),
        options.now.getUTCMonth() - file.monthsBack + 1,
        2,
        9 + index,
      ),
    );
    const [made] = await tx.query<{ id: number }>(
      `INSERT INTO g2_uploads (tenant, file_name, content_hash, format, bytes, period_start,
                               period_end, rows, uploaded_by, uploaded_at)
       VALUES ('pact', $1, $2, 'csv', $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        file.name,
        createHash('sha256').update(text).digest('hex'),
        Buffer.byteLength(text),
        dayOf(options.now, file.monthsBack, 1),
        dayOf(options.now, file.monthsBack - 1, 0),
        file.rows,
        admin?.id ?? null,
        uploadedAt.toISOString(),
      ],
    );
    if (!made) throw new Error('a seeded G2 upload returned no id');
    const rows = text
      .trim()
      .split('\n')
      .slice(1)
      .map((line, i) => {
        const [storeId, date, material, weight] = line.split(',');
        return { row: i + 2, storeId, date, material, weight };
      });
    await tx.query(
      `INSERT INTO g2_rows (upload_id, row, partner_store_id, day_text, material_text, weight_text)
       SELECT $1, "row", "storeId", date, material, weight
         FROM json_to_recordset($2::json)
           AS x ("row" int, "storeId" text, date text, material text, weight text)`,
      [made.id, JSON.stringify(rows)],
    );
    await validateUpload(tx, made.id, () => undefined);
    if (file.status === 'rolled_back') {
      await tx.query(
        `UPDATE g2_uploads SET status = 'rolled_back', version = version + 2,
                committed_at = uploaded_at + interval '1 day',
                rolled_back_at = uploaded_at + interval '3 days' WHERE id = $1`,
        [made.id],
      );
    } else if (file.status === 'failed') {
      await tx.query(
        `UPDATE g2_uploads SET status = 'failed', version = version + 1,
                failure = 'The upload could not be checked; upload it again or ask for help.'
          WHERE id = $1`,
        [made.id],
      );
    }
  }
}
