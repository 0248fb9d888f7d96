import type { DemoCleanupPlan } from '@collective/api-client/contract';
import { seedG2 } from '../g2/g2-seed';
import { hashPassword } from '../auth/password';
import type { SessionCache } from '../auth/session-cache';
import { monthStartOf } from '../data/months';
import { refreshStoreStats } from '../data/rollups';
import type { SqlRunner } from '../db/database';
import type { DemoSeedRecord } from '../db/demo-seed-record';
import { seedMailback } from '../db/mailback-seed';
import { seedProgram } from '../db/program-seed';
import { seedInstructions } from '../db/instructions-seed';
import { seedPerformanceTargets } from '../performance/performance-seed';
import { DEMO_PASSWORD } from '../db/seed';
import {
  countOf,
  seededMember,
  seededReadAt,
  seededUser,
  SQL_KINDS,
} from './demo-plan';

/**
 * The tables the clean-up writes, locked `EXCLUSIVE` at its start in this
 * order: concurrent writers wait for it to commit (readers go on with what
 * was there), and two clean-ups run one after the other. `audit_events`
 * is last, so a writer holding a row it needs finishes first.
 */
const LOCKED_TABLES = [
  'demo_seed',
  'members',
  'users',
  'user_tokens',
  'api_keys',
  'saved_views',
  'notifications',
  'jobs',
  'mail_outbox',
  'stores',
  'shipments',
  'receipts',
  'shipment_materials',
  'shipment_events',
  'lot_sources',
  'eol_lots',
  'processors',
  'mailback_forms',
  'mailback_form_versions',
  'mailback_submissions',
  'performance_targets',
  'instruction_pages',
  'audit_events',
] as const;

/** Takes the clean-up's locks inside `tx` (see {@link LOCKED_TABLES}). */
export async function lockDemoTables(tx: SqlRunner): Promise<void> {
  await tx.exec(`LOCK TABLE ${LOCKED_TABLES.join(', ')} IN EXCLUSIVE MODE`);
}

/** The WHERE of a kind's records by id, from its plan query. */
const idsOf = (kind: string, seed: DemoSeedRecord) => {
  const sql = SQL_KINDS.find((k) => k.kind === kind);
  if (!sql) throw new Error(`unknown clean-up kind ${kind}`);
  return `SELECT id FROM (${sql.rows(seed)}) k`;
};

/** Kinds whose records are the program's: any of them means the program is written again. */
const PROGRAM_KINDS = [
  'shipments',
  'eol-lots',
  'stores',
  'processors',
  'restore-program',
];

/** Whether carrying out `plan` writes the program again from the seed. */
export function programRestored(plan: DemoCleanupPlan): boolean {
  return PROGRAM_KINDS.some((kind) => countOf(plan, kind) > 0);
}

/** The program's tables, children first: what a restore of the program empties. */
const PROGRAM_TABLES = [
  // G2 ingestion (migration 17) refers to the stores: emptied first, seeded again below.
  'g2_collections',
  'g2_row_issues',
  'g2_rows',
  'g2_uploads',
  'g2_store_mappings',
  'lot_sources',
  'eol_lots',
  'shipment_events',
  'shipment_materials',
  'receipts',
  'shipments',
  'store_stats',
  'store_month_channels',
  'store_months',
  'store_month_materials',
  'member_month_channels',
  'member_city_month_channels',
  'member_months',
  'member_month_materials',
  'member_stores',
  'stores',
  'processors',
] as const;

/**
 * Carries out `plan` (made inside `tx` after {@link lockDemoTables}):
 * deletes what was made after the seed, retires what the audit trail
 * names, restores the seeded members, accounts and notifications from the
 * seed's values, and — when anything in them changed — empties the program
 * and the mail-back requests and writes them again from the deterministic
 * seed with the recorded time, PRNG seed and scale (the same rows, ids
 * included). Ends by moving the audit watermark past every event so far.
 */
export async function carryOutDemoCleanup(
  tx: SqlRunner,
  seed: DemoSeedRecord,
  plan: DemoCleanupPlan,
  sessionCache: Pick<SessionCache, 'forget'>,
  now: Date,
): Promise<void> {
  const has = (kind: string) => countOf(plan, kind) > 0;
  const nowText = now.toISOString();

  await tx.query(
    `DELETE FROM user_tokens WHERE token_hash IN (${idsOf('links', seed)})`,
  );
  await tx.query(
    `DELETE FROM mail_outbox WHERE id::text IN (${idsOf('outbox', seed)})`,
  );
  await tx.query(`DELETE FROM jobs WHERE id::text IN (${idsOf('jobs', seed)})`);
  await tx.query(
    `DELETE FROM saved_views WHERE id::text IN (${idsOf('saved-views', seed)})`,
  );
  await tx.query(
    `DELETE FROM notifications WHERE id::text IN (${idsOf('notifications', seed)})`,
  );
  await tx.query(
    `UPDATE notifications n SET read_at = ${seededReadAt(seed)}
      WHERE n.id <= $1 AND n.read_at IS DISTINCT FROM ${seededReadAt(seed)}`,
    [seed.lastIds.notifications],
  );
  await tx.query(
    `UPDATE api_keys SET revoked_at = $1 WHERE id::text IN (${idsOf('retire-api-keys', seed)})`,
    [nowText],
  );
  await tx.query(
    `DELETE FROM api_keys WHERE id::text IN (${idsOf('api-keys', seed)})`,
  );

  // Members first: the program's stores are named after them.
  for (const item of plan.kinds.find((k) => k.kind === 'restore-members')
    ?.items ?? []) {
    const seeded = seededMember(Number(item.id));
    if (!seeded) continue;
    await tx.query(
      `UPDATE members SET name = $2, code = $3, tier = $4, status = $5, contact_name = $6,
              contact_email = $7, contact_phone = $8, deactivated_at = NULL, version = 1
        WHERE id = $1`,
      [
        Number(item.id),
        seeded.name,
        seeded.code,
        seeded.tier,
        seeded.status,
        seeded.contact_name,
        seeded.contact_email,
        seeded.contact_phone,
      ],
    );
  }

  if (programRestored(plan)) {
    for (const table of PROGRAM_TABLES) await tx.exec(`DELETE FROM ${table}`);
    await seedProgram(tx, {
      scale: seed.scale,
      now: seed.seededAt,
      seed: seed.seed,
    });
    await seedG2(tx, { scale: seed.scale, now: seed.seededAt });
    // The statistics are for the month of now, as the server keeps them.
    await refreshStoreStats(tx, monthStartOf(now));
  }

  const mailbackChanged = [
    'mailback-submissions',
    'mailback-form-versions',
    'restore-mailback',
  ].some(has);
  if (mailbackChanged) {
    await tx.query('DELETE FROM mail_outbox WHERE submission_id IS NOT NULL');
    await tx.exec('DELETE FROM mailback_submissions');
    await tx.query('DELETE FROM mailback_form_versions WHERE id > $1', [
      seed.lastIds.mailback_form_versions,
    ]);
    await tx.query(
      `UPDATE mailback_form_versions SET status = 'live', published_by = NULL WHERE id <= $1`,
      [seed.lastIds.mailback_form_versions],
    );
    await seedMailback(tx, {
      scale: seed.scale,
      now: seed.seededAt,
      seed: seed.seed,
    });
  }

  // The targets are the seed's share of the figures it wrote (migration 16).
  if (has('restore-performance-targets')) {
    await tx.exec('DELETE FROM performance_targets');
    await seedPerformanceTargets(tx, seed.seededAt);
  }

  // The how-to pages are the seed's text again (migration 15).
  if (has('restore-instructions')) {
    await tx.exec('DELETE FROM instruction_pages');
    await seedInstructions(tx, seed.seededAt);
  }

  // People: sessions of those deleted or retired end at once in this process too.
  const leaving = await tx.query<{ token_hash: string }>(
    `SELECT token_hash FROM sessions WHERE user_id::text IN (
       ${idsOf('invitations', seed)} UNION ${idsOf('users', seed)} UNION ${idsOf('retire-users', seed)})`,
  );
  for (const row of leaving) sessionCache.forget(row.token_hash);
  await tx.query(
    `UPDATE sessions SET revoked_at = $1
      WHERE revoked_at IS NULL AND user_id::text IN (${idsOf('retire-users', seed)})`,
    [nowText],
  );
  await tx.query(
    `UPDATE api_keys SET revoked_at = $1
      WHERE revoked_at IS NULL AND user_id::text IN (${idsOf('retire-users', seed)})`,
    [nowText],
  );
  await tx.query(
    `UPDATE users SET status = 'deactivated', deactivated_at = $1, version = version + 1
      WHERE id::text IN (${idsOf('retire-users', seed)})`,
    [nowText],
  );
  await tx.query(
    `DELETE FROM users WHERE id::text IN (${idsOf('invitations', seed)} UNION ${idsOf('users', seed)})`,
  );
  const accounts =
    plan.kinds.find((k) => k.kind === 'restore-users')?.items ?? [];
  const demoHash = accounts.some((item) => item.detail?.includes('password'))
    ? await hashPassword(DEMO_PASSWORD)
    : null;
  for (const item of accounts) {
    const seeded = seededUser(item.label);
    if (!seeded) continue;
    const passwordChanged = item.detail?.includes('password') === true;
    await tx.query(
      `UPDATE users SET name = $2, role = $3, member_id = $4, member_code = $5,
              allowed_tenant_id = $6, is_pact_staff = $7, status = 'active',
              deactivated_at = NULL, version = 1
              ${passwordChanged ? ', password_hash = $8' : ''}
        WHERE id = $1`,
      [
        Number(item.id),
        seeded.name,
        seeded.role,
        seeded.member_id,
        seeded.member_code,
        seeded.allowed_tenant_id,
        seeded.is_pact_staff,
        ...(passwordChanged ? [demoHash] : []),
      ],
    );
  }

  await tx.query(
    `UPDATE members SET status = 'deactivated', deactivated_at = $1, version = version + 1
      WHERE id::text IN (${idsOf('retire-members', seed)})`,
    [nowText],
  );
  for (const rollup of [
    'member_stores',
    'member_month_channels',
    'member_city_month_channels',
    'member_months',
    'member_month_materials',
  ]) {
    await tx.query(
      `DELETE FROM ${rollup} WHERE member_id::text IN (${idsOf('members', seed)})`,
    );
  }
  await tx.query(
    `DELETE FROM members WHERE id::text IN (${idsOf('members', seed)})`,
  );

  await tx.query(
    `UPDATE demo_seed SET cleaned_at = $1,
            audit_watermark = (SELECT coalesce(max(id), 0) FROM audit_events)`,
    [nowText],
  );
}
