import type { SqlRunner } from './database';

/**
 * The tables whose rows have an increasing integer id, and which the demo
 * clean-up reads "made after the seed" from: a row whose id is above the
 * highest the seed left (`demo_seed.last_ids`) was made after it
 * (docs/decisions/0096). Ids come from sequences, never reused, so this
 * holds whatever the clocks say. Append a table when a migration adds one.
 */
export const WATERMARKED_TABLES = [
  'members',
  'users',
  'stores',
  'shipments',
  'eol_lots',
  'processors',
  'notifications',
  'api_keys',
  'saved_views',
  'mail_outbox',
  'mailback_forms',
  'mailback_form_versions',
  'mailback_submissions',
  'audit_events',
] as const;

/** A table of {@link WATERMARKED_TABLES}. */
export type WatermarkedTable = (typeof WATERMARKED_TABLES)[number];

/** What the demo seed recorded about itself (migration 14), as the clean-up reads it. */
export interface DemoSeedRecord {
  /** The time the seed's dates count back from. */
  seededAt: Date;
  seed: number;
  scale: number;
  /** The highest id of each watermarked table after the seed (0: none). */
  lastIds: Readonly<Record<WatermarkedTable, number>>;
  /** When the seed was written: rows of other tables created later were made after it. */
  recordedAt: Date;
  /** The last audit event the data reflects: later events on seeded records are edits to restore. */
  auditWatermark: number;
  /** The last clean-up, if any. */
  cleanedAt: Date | null;
}

/**
 * Records the demo seed in `demo_seed` inside the seed's transaction `tx`:
 * its time, PRNG seed and scale, and the highest id of every
 * {@link WATERMARKED_TABLES} table now.
 */
export async function recordDemoSeed(
  tx: SqlRunner,
  seed: { now: Date; seed: number; scale: number },
): Promise<void> {
  const lastIds = await highestIds(tx);
  await tx.query(
    `INSERT INTO demo_seed (seeded_at, seed, scale, last_ids, audit_watermark)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (singleton) DO UPDATE SET
       seeded_at = EXCLUDED.seeded_at, seed = EXCLUDED.seed,
       scale = EXCLUDED.scale, last_ids = EXCLUDED.last_ids,
       recorded_at = now(), audit_watermark = EXCLUDED.audit_watermark,
       cleaned_at = NULL`,
    [
      seed.now.toISOString(),
      seed.seed,
      seed.scale,
      JSON.stringify(lastIds),
      lastIds.audit_events,
    ],
  );
}

/** The highest id of each watermarked table (0 for an empty one). */
async function highestIds(
  tx: SqlRunner,
): Promise<Record<WatermarkedTable, number>> {
  const [row] = await tx.query<Record<WatermarkedTable, string>>(
    `SELECT ${WATERMARKED_TABLES.map(
      (table) =>
        `(SELECT coalesce(max(id), 0) FROM ${table})::text AS ${table}`,
    ).join(', ')}`,
  );
  return Object.fromEntries(
    WATERMARKED_TABLES.map((table) => [table, Number(row?.[table] ?? 0)]),
  ) as Record<WatermarkedTable, number>;
}

/** The demo seed's record, or `null` for a database seeded before migration 14 (or never). */
export async function readDemoSeed(
  db: SqlRunner,
): Promise<DemoSeedRecord | null> {
  const [row] = await db.query<{
    seeded_at: Date | string;
    seed: number;
    scale: number;
    last_ids: Record<string, number> | string;
    recorded_at: Date | string;
    audit_watermark: string | number;
    cleaned_at: Date | string | null;
  }>(
    `SELECT seeded_at, seed, scale, last_ids, recorded_at,
            audit_watermark::text AS audit_watermark, cleaned_at
       FROM demo_seed`,
  );
  if (!row) return null;
  const ids =
    typeof row.last_ids === 'string'
      ? (JSON.parse(row.last_ids) as Record<string, number>)
      : row.last_ids;
  return {
    seededAt: new Date(row.seeded_at),
    seed: row.seed,
    scale: row.scale,
    lastIds: Object.fromEntries(
      WATERMARKED_TABLES.map((table) => [table, Number(ids[table] ?? 0)]),
    ) as Record<WatermarkedTable, number>,
    recordedAt: new Date(row.recorded_at),
    auditWatermark: Number(row.audit_watermark),
    cleanedAt: row.cleaned_at === null ? null : new Date(row.cleaned_at),
  };
}
