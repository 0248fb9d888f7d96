import { createHash } from 'node:crypto';
import {
  DEMO_CLEANUP_CONFIRMATION,
  MAX_DEMO_CLEANUP_ITEMS,
  type DemoCleanupAction,
  type DemoCleanupKind,
  type DemoCleanupPlan,
} from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import type { DemoSeedRecord, WatermarkedTable } from '../db/demo-seed-record';
import { demoMemberRow, DEMO_MEMBERS, DEMO_USERS } from '../db/seed';

/**
 * Audited actions that change no record (reading personal data, an
 * export): an event of one of these is not an edit to restore.
 */
const READ_ONLY_ACTIONS = ['reveal', 'download'];

/**
 * The audit entities of the program's seeded tables (decisions D14) and the
 * table whose watermark tells a seeded record from a later one: an audited
 * write after the audit watermark on one of these restores the program.
 */
const PROGRAM_ENTITIES: Readonly<Record<string, WatermarkedTable>> = {
  shipment: 'shipments',
  receipt: 'shipments',
  eol_lot: 'eol_lots',
  store: 'stores',
};

/** The same for the consumer mail-back's seeded requests. */
const MAILBACK_ENTITIES: Readonly<Record<string, WatermarkedTable>> = {
  mailback_submission: 'mailback_submissions',
};

/** One kind of record the clean-up handles, as SQL over the seed's record. */
interface SqlKind {
  kind: string;
  label: string;
  action: DemoCleanupAction;
  /** A SELECT of `id` (text), `label`, `detail`, `sort` (number) of the records. */
  rows: (seed: DemoSeedRecord) => string;
}

/** A number for SQL text: only integers are ever inlined. */
function int(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return String(value);
}

/** A timestamp for SQL text, from a Date (ISO text only). */
const at = (date: Date) => `'${date.toISOString()}'::timestamptz`;

const after = (seed: DemoSeedRecord, table: WatermarkedTable) =>
  int(seed.lastIds[table]);

/**
 * Whether the audit trail names user `u` (as actor, or through one of their
 * keys): such a user made after the seed is kept, deactivated, because
 * audit events are never edited or deleted (D15). Written as IN, which
 * PostgreSQL answers from one hashed read of the audit trail; the EXISTS
 * form it replaces read the trail once per user (0.6 s for 330 invited
 * users and 20,000 events, 12-30 s a plan under the soak's load).
 */
const USER_NAMED = `(u.id IN (SELECT a.actor_user_id FROM audit_events a WHERE a.actor_user_id IS NOT NULL)
  OR u.id IN (SELECT ak.user_id FROM api_keys ak JOIN audit_events a ON a.actor_api_key_id = ak.id))`;

/** Whether the audit trail names API key `k` (IN, as {@link USER_NAMED}). */
const KEY_NAMED = `k.id IN (SELECT a.actor_api_key_id FROM audit_events a WHERE a.actor_api_key_id IS NOT NULL)`;

/** The plan's rows of the API keys `k` made after the seed, with their owner; the kinds narrow it further. */
const keysMadeSince = (
  seed: DemoSeedRecord,
) => `SELECT k.id::text AS id, k.name AS label,
        u.email || ' · ' || k.prefix || '…' AS detail, k.id AS sort
      FROM api_keys k JOIN users u ON u.id = k.user_id
     WHERE k.id > ${after(seed, 'api_keys')}`;

/** Whether member `m` (made after the seed) is still needed by a kept user or a job. */
const memberKept = (seed: DemoSeedRecord) => `(EXISTS (
    SELECT 1 FROM users u WHERE u.member_id = m.id AND u.id > ${after(seed, 'users')} AND ${USER_NAMED})
  OR EXISTS (SELECT 1 FROM jobs j WHERE j.member_id = m.id
              AND (j.created_at <= ${at(seed.recordedAt)} OR j.status IN ('queued', 'running'))))`;

/** The edits the audit trail shows on seeded records of `entities` since the watermark. */
function auditedEdits(
  entities: Readonly<Record<string, WatermarkedTable>>,
  nouns: Readonly<Record<string, string>>,
) {
  return (seed: DemoSeedRecord) => {
    const branches = Object.entries(entities).map(
      ([entity, table]) =>
        `(a.entity = '${entity}' AND a.entity_id ~ '^[0-9]{1,9}$'
          AND a.entity_id::int <= ${after(seed, table)})`,
    );
    const noun = Object.entries(nouns)
      .map(([entity, word]) => `WHEN '${entity}' THEN '${word}'`)
      .join(' ');
    return `SELECT e.key AS id, e.label, e.detail, e.sort FROM (
        SELECT a.entity || ':' || a.entity_id AS key,
               (CASE a.entity ${noun} ELSE a.entity END) || ' ' || a.entity_id AS label,
               string_agg(DISTINCT replace(a.action, '_', ' '), ', ') AS detail,
               min(a.id) AS sort
          FROM audit_events a
         WHERE a.id > ${int(seed.auditWatermark)}
           AND a.action <> ALL (ARRAY[${READ_ONLY_ACTIONS.map((x) => `'${x}'`).join(', ')}])
           AND (${branches.join(' OR ')})
         GROUP BY a.entity, a.entity_id) e`;
  };
}

/**
 * A kind of the rows of `table` made after the seed (id above its
 * watermark), deleted; `columns` selects `label` and `detail` from `t`.
 */
function madeAfter(
  kind: string,
  label: string,
  table: WatermarkedTable,
  columns: string,
): SqlKind {
  return {
    kind,
    label,
    action: 'delete',
    rows: (seed) => `SELECT t.id::text AS id, ${columns}, t.id AS sort
      FROM ${table} t WHERE t.id > ${after(seed, table)}`,
  };
}

/** A kind of the users made after the seed that `where` picks (SQL on `u`). */
function userKind(
  kind: string,
  label: string,
  action: DemoCleanupAction,
  where: string,
): SqlKind {
  return {
    kind,
    label,
    action,
    rows: (seed) => `SELECT u.id::text AS id, u.email AS label,
        u.role || ' · ' || u.status AS detail, u.id AS sort
      FROM users u WHERE u.id > ${after(seed, 'users')} AND ${where}`,
  };
}

/**
 * The kinds of record the clean-up handles, in the order it handles them
 * (docs/decisions/0096). Append one when a migration adds a table people
 * write to.
 */
export const SQL_KINDS: readonly SqlKind[] = [
  {
    kind: 'links',
    label: 'Invitation and password-reset links',
    action: 'delete',
    rows: (seed) => `SELECT t.token_hash AS id,
        replace(t.purpose, '_', ' ') || ' link' AS label, u.email AS detail,
        extract(epoch FROM t.created_at) AS sort
      FROM user_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.created_at > ${at(seed.recordedAt)}`,
  },
  madeAfter(
    'outbox',
    'Mail in the outbox',
    'mail_outbox',
    "t.subject AS label, replace(t.purpose, '_', ' ') AS detail",
  ),
  {
    kind: 'jobs',
    label: 'Finished jobs (exports, reports)',
    action: 'delete',
    rows: (
      seed,
    ) => `SELECT j.id::text AS id, j.kind AS label, j.status AS detail,
        extract(epoch FROM j.created_at) AS sort
      FROM jobs j WHERE j.created_at > ${at(seed.recordedAt)}
       AND j.status NOT IN ('queued', 'running')`,
  },
  madeAfter(
    'saved-views',
    'Saved views',
    'saved_views',
    "t.name AS label, t.list || ' · ' || t.visibility AS detail",
  ),
  {
    kind: 'notifications',
    label: 'Notifications',
    action: 'delete',
    rows: (
      seed,
    ) => `SELECT n.id::text AS id, n.title AS label, u.email AS detail, n.id AS sort
      FROM notifications n JOIN users u ON u.id = n.user_id
     WHERE n.id > ${after(seed, 'notifications')}`,
  },
  {
    kind: 'restore-notifications',
    label: 'Seeded notifications read or unread since',
    action: 'restore',
    rows: (seed) => `SELECT n.id::text AS id, n.title AS label,
        u.email || CASE WHEN n.read_at IS NULL THEN ' · unread' ELSE ' · read' END AS detail,
        n.id AS sort
      FROM notifications n JOIN users u ON u.id = n.user_id
     WHERE n.id <= ${after(seed, 'notifications')}
       AND n.read_at IS DISTINCT FROM ${SEEDED_READ_AT(seed)}`,
  },
  {
    kind: 'api-keys',
    label: 'API keys',
    action: 'delete',
    rows: (seed) => `${keysMadeSince(seed)} AND NOT ${KEY_NAMED}`,
  },
  {
    kind: 'retire-api-keys',
    label: 'API keys kept revoked (named by the audit trail)',
    action: 'retire',
    rows: (seed) =>
      `${keysMadeSince(seed)} AND ${KEY_NAMED} AND k.revoked_at IS NULL`,
  },
  {
    kind: 'shipments',
    label: 'Shipments',
    action: 'delete',
    rows: (seed) => `SELECT sh.id::text AS id,
        'Shipment ' || coalesce(sh.tracking_number, sh.id::text) AS label,
        coalesce(m.name, 'member ' || sh.member_id) || ' · ' || replace(sh.status, '_', ' ') AS detail,
        sh.id AS sort
      FROM shipments sh LEFT JOIN members m ON m.id = sh.member_id
     WHERE sh.id > ${after(seed, 'shipments')}`,
  },
  {
    kind: 'eol-lots',
    label: 'End-of-life lots',
    action: 'delete',
    rows: (
      seed,
    ) => `SELECT l.id::text AS id, 'Lot ' || l.id || ' · ' || l.material AS label,
        coalesce(m.name, 'member ' || l.member_id) || ' · ' || l.status AS detail, l.id AS sort
      FROM eol_lots l LEFT JOIN members m ON m.id = l.member_id
     WHERE l.id > ${after(seed, 'eol_lots')}`,
  },
  madeAfter('stores', 'Stores', 'stores', 't.name AS label, t.city AS detail'),
  madeAfter(
    'processors',
    'Processors',
    'processors',
    't.name AS label, t.city AS detail',
  ),
  {
    kind: 'restore-program',
    label: 'Seeded shipments, receipts, lots and stores edited since',
    action: 'restore',
    rows: auditedEdits(PROGRAM_ENTITIES, {
      shipment: 'Shipment',
      receipt: 'Receipt of shipment',
      eol_lot: 'Lot',
      store: 'Store',
    }),
  },
  {
    kind: 'restore-performance-targets',
    label: 'Performance targets set since',
    action: 'restore',
    rows: (seed) => `SELECT t.member_id || '-' || t.year AS id,
        coalesce(m.name, 'member ' || t.member_id) || ', ' || t.year AS label,
        'version ' || t.version AS detail, t.member_id::bigint * 10000 + t.year AS sort
      FROM performance_targets t LEFT JOIN members m ON m.id = t.member_id
     WHERE t.version <> 1 OR t.member_id > ${after(seed, 'members')}
        OR t.updated_at > ${at(seed.recordedAt)}`,
  },
  {
    kind: 'restore-instructions',
    label: 'Instruction pages edited since',
    action: 'restore',
    // Pages are only seeded, never made (migration 15): version 1 is the seed's text.
    rows: () => `SELECT t.tenant || '/' || t.slug AS id, t.title AS label,
        t.tenant || ' · version ' || t.version AS detail, t.id AS sort
      FROM instruction_pages t WHERE t.version <> 1`,
  },
  madeAfter(
    'mailback-submissions',
    'Mail-back requests',
    'mailback_submissions',
    "'Request ' || t.id AS label, replace(t.status, '_', ' ') || ' · ' || t.tenant AS detail",
  ),
  {
    kind: 'mailback-form-versions',
    label: 'Mail-back form versions',
    action: 'delete',
    rows: (
      seed,
    ) => `SELECT fv.id::text AS id, f.title || ', version ' || fv.version AS label,
        fv.status AS detail, fv.id AS sort
      FROM mailback_form_versions fv JOIN mailback_forms f ON f.id = fv.form_id
     WHERE fv.id > ${after(seed, 'mailback_form_versions')}`,
  },
  {
    kind: 'restore-mailback',
    label: 'Seeded mail-back requests and forms edited since',
    action: 'restore',
    rows: (seed) =>
      `${auditedEdits(MAILBACK_ENTITIES, { mailback_submission: 'Request' })(seed)}
       UNION ALL
       SELECT fv.id::text, f.title || ', version ' || fv.version, fv.status || ' (was live)', fv.id
         FROM mailback_form_versions fv JOIN mailback_forms f ON f.id = fv.form_id
        WHERE fv.id <= ${after(seed, 'mailback_form_versions')}
          AND (fv.status <> 'live' OR fv.published_by IS NOT NULL)`,
  },
  userKind(
    'invitations',
    'Invitations (people who never set a password)',
    'delete',
    `u.password_hash IS NULL AND NOT ${USER_NAMED}`,
  ),
  userKind(
    'users',
    'Users',
    'delete',
    `u.password_hash IS NOT NULL AND NOT ${USER_NAMED}`,
  ),
  userKind(
    'retire-users',
    'Users kept deactivated (named by the audit trail)',
    'retire',
    `${USER_NAMED} AND u.status <> 'deactivated'`,
  ),
  {
    kind: 'members',
    label: 'Members',
    action: 'delete',
    rows: (
      seed,
    ) => `SELECT m.id::text AS id, m.name AS label, m.code AS detail, m.id AS sort
      FROM members m WHERE m.id > ${after(seed, 'members')} AND NOT ${memberKept(seed)}`,
  },
  {
    kind: 'retire-members',
    label: 'Members kept deactivated (their users are kept)',
    action: 'retire',
    rows: (
      seed,
    ) => `SELECT m.id::text AS id, m.name AS label, m.code AS detail, m.id AS sort
      FROM members m WHERE m.id > ${after(seed, 'members')} AND ${memberKept(seed)}
       AND m.status <> 'deactivated'`,
  },
];

/** What a seeded notification's `read_at` was: the second newest of each account was read at the seed. */
function SEEDED_READ_AT(seed: DemoSeedRecord): string {
  return `(CASE WHEN n.created_at = ${at(seed.seededAt)} - interval '8 hours'
                THEN ${at(seed.seededAt)} END)`;
}

/** SQL of the seeded notifications' read state, for the restore. */
export const seededReadAt = SEEDED_READ_AT;

/** A demo member as the seed wrote it (D20 restores these values). */
export function seededMember(id: number) {
  const member = DEMO_MEMBERS.find((m) => m.id === id);
  return member ? demoMemberRow(member) : null;
}

/** A demo account as the seed wrote it, by email. */
export function seededUser(email: string) {
  const user = DEMO_USERS.find((u) => u.email === email);
  if (!user) return null;
  return {
    name: user.name,
    role: user.role,
    member_id: user.member_id,
    member_code: user.member_code,
    allowed_tenant_id: user.allowed_tenant_id,
    is_pact_staff: user.isPactStaff,
    status: 'active',
  };
}

/** The fields of `row` that differ from `seeded`, by name. */
function changedFields(
  row: Record<string, unknown>,
  seeded: Record<string, unknown>,
): string[] {
  return Object.keys(seeded).filter(
    (key) => (row[key] ?? null) !== (seeded[key] ?? null),
  );
}

/** One record of a kind: what the plan lists. */
interface Item {
  id: string;
  label: string;
  detail: string | null;
}

/** Seeded members whose fields differ from the seed's. */
async function editedMembers(db: SqlRunner, seed: DemoSeedRecord) {
  const rows = await db.query<Record<string, unknown> & { id: number }>(
    `SELECT id, name, code, tier, status, contact_name, contact_email, contact_phone, version
       FROM members WHERE id <= $1 ORDER BY id`,
    [seed.lastIds.members],
  );
  const items: Item[] = [];
  for (const row of rows) {
    const seeded = seededMember(row.id);
    if (!seeded) continue;
    const fields = changedFields(row, seeded);
    if (fields.length > 0 || row['version'] !== 1)
      items.push({
        id: String(row.id),
        label: String(seeded.name),
        detail: fields.length > 0 ? fields.join(', ') : 'version',
      });
  }
  return items;
}

/**
 * Seeded accounts whose fields differ from the seed's, or whose password
 * was set since (an accepted invitation or a reset after the watermark).
 */
async function editedUsers(db: SqlRunner, seed: DemoSeedRecord) {
  const rows = await db.query<
    Record<string, unknown> & {
      id: number;
      email: string;
      password_set: boolean;
    }
  >(
    `SELECT u.id, u.email, u.name, u.role, u.member_id, u.member_code,
            u.allowed_tenant_id, u.is_pact_staff, u.status, u.version,
            EXISTS (SELECT 1 FROM audit_events a
                     WHERE a.id > $2 AND a.entity = 'user' AND a.entity_id = u.id::text
                       AND a.action IN ('accept_invitation', 'reset_password')) AS password_set
       FROM users u WHERE u.id <= $1 ORDER BY u.id`,
    [seed.lastIds.users, seed.auditWatermark],
  );
  const items: Item[] = [];
  for (const row of rows) {
    const seeded = seededUser(row.email);
    if (!seeded) continue;
    const fields = changedFields(row, seeded);
    if (row.password_set) fields.push('password');
    if (fields.length > 0 || row['version'] !== 1)
      items.push({
        id: String(row.id),
        label: row.email,
        detail: fields.length > 0 ? fields.join(', ') : 'version',
      });
  }
  return items;
}

/** The kinds computed in code rather than SQL: the demo members and accounts. */
const CODE_KINDS: readonly {
  kind: string;
  label: string;
  action: DemoCleanupAction;
  items: (db: SqlRunner, seed: DemoSeedRecord) => Promise<Item[]>;
}[] = [
  {
    kind: 'restore-members',
    label: 'Seeded members edited since',
    action: 'restore',
    items: editedMembers,
  },
  {
    kind: 'restore-users',
    label: 'Demo accounts edited since',
    action: 'restore',
    items: editedUsers,
  },
];

/** Every kind's key in plan order. */
export type DemoKindKey = string;

/**
 * The dry run (decisions D20): every kind with its count and first
 * records, and the fingerprint a clean-up must name. Changes nothing.
 * Inside the clean-up's transaction, after its locks, it is the plan the
 * clean-up carries out.
 */
export async function planDemoCleanup(
  db: SqlRunner,
  seed: DemoSeedRecord,
): Promise<DemoCleanupPlan> {
  const kinds: DemoCleanupKind[] = [];
  for (const sql of SQL_KINDS) {
    const text = sql.rows(seed);
    const [counted] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (${text}) k`,
    );
    const items = await db.query<Item>(
      `SELECT id, label, detail FROM (${text}) k ORDER BY sort, id LIMIT ${MAX_DEMO_CLEANUP_ITEMS}`,
    );
    kinds.push({
      kind: sql.kind,
      label: sql.label,
      action: sql.action,
      count: counted?.n ?? 0,
      items,
    });
  }
  for (const code of CODE_KINDS) {
    const items = await code.items(db, seed);
    kinds.push({
      kind: code.kind,
      label: code.label,
      action: code.action,
      count: items.length,
      items: items.slice(0, MAX_DEMO_CLEANUP_ITEMS),
    });
  }
  const total = kinds.reduce((sum, kind) => sum + kind.count, 0);
  return {
    seeded_at: seed.seededAt.toISOString(),
    cleaned_at: seed.cleanedAt?.toISOString() ?? null,
    plan: fingerprint(seed, kinds),
    confirmation: DEMO_CLEANUP_CONFIRMATION,
    total,
    kinds,
  };
}

/**
 * The plan's fingerprint: the seed and every listed record's id and
 * detail, so a clean-up confirming an older dry run is told the plan
 * changed (409) instead of deleting what the person did not see.
 */
function fingerprint(
  seed: DemoSeedRecord,
  kinds: readonly DemoCleanupKind[],
): string {
  const hash = createHash('sha256');
  hash.update(`${seed.seededAt.toISOString()}|${seed.auditWatermark}`);
  for (const kind of kinds) {
    hash.update(`\n${kind.kind}:${kind.count}`);
    for (const item of kind.items)
      hash.update(`|${item.id}:${item.detail ?? ''}`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** A kind's count in a plan (0 when absent). */
export function countOf(plan: DemoCleanupPlan, kind: string): number {
  return plan.kinds.find((k) => k.kind === kind)?.count ?? 0;
}
