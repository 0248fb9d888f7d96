/**
 * Which table each contract call with a path parameter names a record of,
 * and whose each record is, for the generated scope suite
 * (`contract-scope.test.ts`, issue 25, docs/decisions/0105). The map is
 * written by hand and checked both ways: its type asks for every entry
 * with `params` (a new one does not compile without its line), and the
 * suite fails at run time on an entry it lacks, so a new endpoint cannot
 * slip past the walk.
 */
import type {
  EndpointName,
  TenantCode,
  endpoints,
} from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';

/** The names of the contract entries that take path parameters. */
export type ParamEntryName = {
  [N in EndpointName]: (typeof endpoints)[N] extends { params: object }
    ? N
    : never;
}[EndpointName];

/**
 * Whose a record is, for the rules of decisions D12: a field left out
 * does not limit who reaches the record.
 * - `userId`: only this user (API keys, notifications, jobs, private views);
 * - `memberId`: only callers whose data scope holds this member; `null`
 *   is the collective's own record (a platform user, a collective report),
 *   which no brand user reaches;
 * - `tenant`: only calls on this tenant (mail-back, G2, instruction pages).
 */
export interface RecordOwner {
  userId?: number;
  memberId?: number | null;
  tenant?: TenantCode;
}

/** One record a walk names in a path: its path parameters, owner and row id. */
export interface RecordCandidate {
  /** The path parameters that name it. */
  params: Record<string, string>;
  owner: RecordOwner;
  /** Its `id` in its table, for the fingerprint of "nothing written". */
  rowId: string;
  /** Short text for failure messages, e.g. `stores 14 (member 3)`. */
  label: string;
}

/**
 * A kind of record: its table and the query that picks a few rows of it,
 * one per kind of owner. The query returns `row_id` and `param` (text),
 * and `user_id`, `member_id`, `member_limited` and `tenant` as they limit
 * the row (see {@link RecordOwner}; `member_limited` false: no member rule).
 */
export interface RecordKind {
  table: string;
  /** The path parameter the `param` column fills; `id` unless given. */
  param?: string;
  /** Other path parameters, the same for every record (a file's format). */
  fixedParams?: Record<string, string>;
  sql: string;
}

/** The members the walks pick records of: Kiehl's, the special brand and one more. */
export const WALKED_MEMBERS = [2, 1009, 3] as const;
const MEMBERS = `(${WALKED_MEMBERS.join(', ')})`;

const byMember = (table: string, where = 'true') =>
  `SELECT DISTINCT ON (member_id) id::text AS row_id, id::text AS param,
          true AS member_limited, member_id, NULL::int AS user_id, NULL AS tenant
     FROM ${table} WHERE member_id IN ${MEMBERS} AND ${where}
    ORDER BY member_id, id`;

const byTenant = (table: string, param = 'id::text') =>
  `SELECT DISTINCT ON (tenant) id::text AS row_id, ${param} AS param,
          false AS member_limited, NULL::int AS member_id, NULL::int AS user_id, tenant
     FROM ${table} ORDER BY tenant, id`;

/** The kinds of record the contract's path parameters name. */
export const RECORD_KINDS = {
  notification: {
    table: 'notifications',
    sql: `SELECT DISTINCT ON (user_id) id::text AS row_id, id::text AS param,
                 false AS member_limited, NULL::int AS member_id, user_id, NULL AS tenant
            FROM notifications WHERE read_at IS NULL ORDER BY user_id, id`,
  },
  apiKey: {
    table: 'api_keys',
    sql: `SELECT DISTINCT ON (user_id) id::text AS row_id, id::text AS param,
                 false AS member_limited, NULL::int AS member_id, user_id, NULL AS tenant
            FROM api_keys WHERE revoked_at IS NULL ORDER BY user_id, id`,
  },
  savedView: {
    table: 'saved_views',
    // A private view is its owner's; a shared one its member's, or everyone's on its tenant.
    sql: `SELECT DISTINCT ON (visibility, member_id, owner_user_id) id::text AS row_id,
                 id::text AS param, visibility = 'member' AS member_limited,
                 CASE WHEN visibility = 'member' THEN member_id END AS member_id,
                 CASE WHEN visibility = 'private' THEN owner_user_id END AS user_id, tenant
            FROM saved_views ORDER BY visibility, member_id, owner_user_id, id`,
  },
  job: {
    table: 'jobs',
    sql: `SELECT DISTINCT ON (owner_user_id) id::text AS row_id, id::text AS param,
                 false AS member_limited, NULL::int AS member_id,
                 owner_user_id AS user_id, NULL AS tenant
            FROM jobs ORDER BY owner_user_id, created_at`,
  },
  report: {
    table: 'jobs',
    fixedParams: { format: 'csv' },
    sql: `SELECT DISTINCT ON (member_id) id::text AS row_id, id::text AS param,
                 true AS member_limited, member_id, NULL::int AS user_id, NULL AS tenant
            FROM jobs WHERE kind = 'report' ORDER BY member_id, created_at`,
  },
  store: { table: 'stores', sql: byMember('stores') },
  shipment: { table: 'shipments', sql: byMember('shipments') },
  lot: { table: 'eol_lots', sql: byMember('eol_lots') },
  user: {
    table: 'users',
    // Not a signed-in demo account: a wrong answer must not end a caller's session.
    sql: `SELECT DISTINCT ON (member_id) id::text AS row_id, id::text AS param,
                 true AS member_limited, member_id, NULL::int AS user_id, NULL AS tenant
            FROM users
           WHERE (member_id IN ${MEMBERS} OR member_id IS NULL) AND email NOT LIKE '%.test'
           ORDER BY member_id, id`,
  },
  member: {
    table: 'members',
    sql: `SELECT id::text AS row_id, id::text AS param, true AS member_limited,
                 id AS member_id, NULL::int AS user_id, NULL AS tenant
            FROM members WHERE id IN ${MEMBERS} ORDER BY id`,
  },
  mailbackSubmission: {
    table: 'mailback_submissions',
    sql: byTenant('mailback_submissions', "'MB-' || id"),
  },
  mailbackForm: { table: 'mailback_forms', sql: byTenant('mailback_forms') },
  /** A form's first version (seeded live: a draft's edit or publish of it is refused by the owner too). */
  mailbackFormVersion: {
    table: 'mailback_forms',
    fixedParams: { version: '1' },
    sql: byTenant('mailback_forms'),
  },
  instructionPage: {
    table: 'instruction_pages',
    param: 'slug',
    // A slug on both tenants names a page on each: it is nobody's in particular.
    sql: `SELECT DISTINCT ON (tenant) id::text AS row_id, slug AS param,
                 false AS member_limited, NULL::int AS member_id, NULL::int AS user_id,
                 CASE WHEN (SELECT count(*) FROM instruction_pages o WHERE o.slug = p.slug) = 1
                      THEN tenant END AS tenant
            FROM instruction_pages p
           ORDER BY tenant, (SELECT count(*) FROM instruction_pages o WHERE o.slug = p.slug), id`,
  },
  g2Upload: { table: 'g2_uploads', sql: byTenant('g2_uploads') },
  g2Issue: {
    table: 'g2_row_issues',
    sql: `SELECT DISTINCT ON (u.tenant) i.id::text AS row_id, i.id::text AS param,
                 false AS member_limited, NULL::int AS member_id, NULL::int AS user_id, u.tenant
            FROM g2_row_issues i JOIN g2_uploads u ON u.id = i.upload_id
           ORDER BY u.tenant, i.id`,
  },
  g2Mapping: { table: 'g2_store_mappings', sql: byTenant('g2_store_mappings') },
} as const satisfies Record<string, RecordKind>;

/** The name of one of {@link RECORD_KINDS}. */
export type RecordKindName = keyof typeof RECORD_KINDS;

/**
 * The kind of record each contract entry with a path parameter names.
 * Every such entry must be here: the type asks for all of them, and the
 * scope suite fails on one that is missing.
 */
export const ENTRY_RECORDS: Record<ParamEntryName, RecordKindName> = {
  markRead: 'notification',
  store: 'store',
  revokeApiKey: 'apiKey',
  updateSavedView: 'savedView',
  deleteSavedView: 'savedView',
  job: 'job',
  cancelJob: 'job',
  mailbackSubmission: 'mailbackSubmission',
  revealMailbackSubmission: 'mailbackSubmission',
  receiveMailbackSubmission: 'mailbackSubmission',
  resendMailbackLabel: 'mailbackSubmission',
  addMailbackNote: 'mailbackSubmission',
  redactMailbackSubmission: 'mailbackSubmission',
  saveMailbackFormDraft: 'mailbackForm',
  editMailbackFormDraft: 'mailbackFormVersion',
  publishMailbackFormVersion: 'mailbackFormVersion',
  shipment: 'shipment',
  recordShipmentException: 'shipment',
  correctShipmentOrigin: 'shipment',
  receiveShipment: 'shipment',
  correctReceipt: 'shipment',
  sortShipment: 'shipment',
  lot: 'lot',
  shipLot: 'lot',
  confirmLot: 'lot',
  user: 'user',
  updateUser: 'user',
  resendInvitation: 'user',
  revokeInvitation: 'user',
  deactivateUser: 'user',
  reactivateUser: 'user',
  sendPasswordReset: 'user',
  signOutUser: 'user',
  memberProfile: 'member',
  updateMember: 'member',
  deactivateMember: 'member',
  instructionPage: 'instructionPage',
  updateInstructionPage: 'instructionPage',
  storeRecord: 'store',
  updateStore: 'store',
  deactivateStore: 'store',
  reportRun: 'report',
  cancelReport: 'report',
  reportFile: 'report',
  g2Upload: 'g2Upload',
  g2UploadReport: 'g2Upload',
  commitG2Upload: 'g2Upload',
  rollbackG2Upload: 'g2Upload',
  discardG2Upload: 'g2Upload',
  settleG2Issue: 'g2Issue',
  updateG2StoreMapping: 'g2Mapping',
};

interface CandidateRow {
  row_id: string;
  param: string;
  member_limited: boolean;
  member_id: number | null;
  user_id: number | null;
  tenant: TenantCode | null;
}

/** The records of `kind` the walk names, read from the database; throws when there are none. */
export async function candidatesOf(
  db: SqlRunner,
  name: RecordKindName,
): Promise<RecordCandidate[]> {
  const kind: RecordKind = RECORD_KINDS[name];
  const rows = await db.query<CandidateRow>(kind.sql);
  if (rows.length === 0) {
    throw new Error(
      `No ${kind.table} rows to walk for the record kind "${name}": seed or create some before the walk.`,
    );
  }
  return rows.map((row) => {
    const owner: RecordOwner = {
      ...(row.user_id !== null ? { userId: Number(row.user_id) } : {}),
      ...(row.member_limited
        ? { memberId: row.member_id === null ? null : Number(row.member_id) }
        : {}),
      ...(row.tenant !== null ? { tenant: row.tenant } : {}),
    };
    return {
      params: { [kind.param ?? 'id']: row.param, ...kind.fixedParams },
      owner,
      rowId: row.row_id,
      label: `${kind.table} ${row.param} (${JSON.stringify(owner)})`,
    };
  });
}

/**
 * A fingerprint of what a refused write must leave as it was: the audit
 * trail's length and last id, the data version, and the named rows of
 * `table` (all columns but `last_used_at`, which every API key call may touch).
 */
export async function writeFingerprint(
  db: SqlRunner,
  table: string,
  rowIds: readonly string[],
): Promise<string> {
  const [row] = await db.query<{ print: string }>(
    `SELECT concat_ws('|',
        (SELECT count(*) FROM audit_events),
        (SELECT max(id) FROM audit_events),
        (SELECT data_version FROM rollup_state LIMIT 1),
        (SELECT md5(coalesce(string_agg((to_jsonb(t) - 'last_used_at')::text, ',' ORDER BY t.id::text), ''))
           FROM ${table} t WHERE t.id::text = ANY($1))) AS print`,
    [rowIds],
  );
  return row?.print ?? '';
}
