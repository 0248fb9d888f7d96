/**
 * Stores & Inventory Management's reads (decisions D14; docs/decisions/0095):
 * a store with its member, address, status, contact, supplies against their
 * reorder points and a kiosk's heartbeat, in one statement per page.
 */
import {
  KIOSK_HEARTBEAT_STALE_HOURS,
  type StoreChannel,
  type StoreRecord,
  type StoreRecordSort,
  type StoreStatus,
} from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import { pageClause, type AskedPage } from '../http/paging';
import { containsPattern, Where } from '../db/where';

/** A store row as the database answers it. */
interface StoreRecordRow
  extends Omit<
    StoreRecord,
    'opened_at' | 'last_heartbeat_at' | 'status' | 'heartbeat_stale'
  > {
  active: boolean;
  opened_at: Date;
  last_heartbeat_at: Date | null;
  total: number;
}

const RECORD_SELECT = `
  SELECT s.id, s.member_id, m.name AS member_name, s.name, s.address,
         s.postal_code, s.city, s.region, s.channel, s.active, s.opened_at,
         s.contact_name, s.contact_email, s.contact_phone,
         s.bin_boxes, s.bin_boxes_reorder_at, s.liners, s.liners_reorder_at,
         s.labels, s.labels_reorder_at, s.low_stock, s.last_heartbeat_at,
         s.version, count(*) OVER ()::int AS total
    FROM stores s JOIN members m ON m.id = s.member_id`;

const SORT_SQL: Readonly<Record<StoreRecordSort, string>> = {
  name: 's.name ASC, s.id ASC',
  '-name': 's.name DESC, s.id DESC',
  city: 's.city ASC, s.id ASC',
  '-city': 's.city DESC, s.id DESC',
  region: 's.region ASC, s.name ASC, s.id ASC',
  '-region': 's.region DESC, s.name DESC, s.id DESC',
  opened_at: 's.opened_at ASC, s.id ASC',
  '-opened_at': 's.opened_at DESC, s.id DESC',
  last_heartbeat_at: 's.last_heartbeat_at ASC NULLS FIRST, s.id ASC',
  '-last_heartbeat_at': 's.last_heartbeat_at DESC NULLS LAST, s.id DESC',
};

const STALE_MS = KIOSK_HEARTBEAT_STALE_HOURS * 3_600_000;

/**
 * Whether a kiosk's heartbeat is stale at `now`: an active kiosk that never
 * sent one, or whose last is older than {@link KIOSK_HEARTBEAT_STALE_HOURS}
 * hours. In-store bins and inactive stores have no heartbeat to watch.
 */
export function heartbeatStale(
  store: { channel: StoreChannel; active: boolean },
  lastHeartbeat: Date | null,
  now: Date,
): boolean {
  if (store.channel !== 'kiosk' || !store.active) return false;
  return (
    lastHeartbeat === null || now.getTime() - lastHeartbeat.getTime() > STALE_MS
  );
}

function toRecord(row: StoreRecordRow, now: Date): StoreRecord {
  const { active, total: _total, opened_at, last_heartbeat_at, ...rest } = row;
  const heartbeat =
    last_heartbeat_at === null ? null : new Date(last_heartbeat_at);
  return {
    ...rest,
    status: active ? 'active' : 'inactive',
    opened_at: new Date(opened_at).toISOString(),
    last_heartbeat_at: heartbeat?.toISOString() ?? null,
    heartbeat_stale: heartbeatStale(row, heartbeat, now),
  };
}

/** What a page of store records is asked for. */
export interface StoreRecordsRequest {
  /** The scope's member, or `null` for the whole collective. */
  scopeMemberId: number | null;
  /** A member within the scope (the list's member filter). */
  member?: number | undefined;
  search?: string | undefined;
  region?: string | undefined;
  channel?: StoreChannel | undefined;
  status?: StoreStatus | undefined;
  lowStock: boolean;
  sort: StoreRecordSort;
  paging: AskedPage;
}

/** One page of the stores in scope, and how many match in all. */
export async function readStoreRecords(
  db: SqlRunner,
  request: StoreRecordsRequest,
  now: Date,
): Promise<{ records: StoreRecord[]; total: number }> {
  const where = new Where();
  if (request.scopeMemberId !== null)
    where.add(`s.member_id = ${where.param(request.scopeMemberId)}`);
  if (request.member !== undefined)
    where.add(`s.member_id = ${where.param(request.member)}`);
  if (request.region) where.add(`s.region = ${where.param(request.region)}`);
  if (request.channel) where.add(`s.channel = ${where.param(request.channel)}`);
  if (request.status)
    where.add(`s.active = ${where.param(request.status === 'active')}`);
  if (request.lowStock) where.add('s.low_stock');
  if (request.search) {
    const pattern = where.param(containsPattern(request.search));
    where.add(
      `(s.name ILIKE ${pattern} OR s.city ILIKE ${pattern} OR s.address ILIKE ${pattern} OR s.postal_code ILIKE ${pattern})`,
    );
  }
  const rows = await db.query<StoreRecordRow>(
    `${RECORD_SELECT} ${where.sql}
     ORDER BY ${SORT_SQL[request.sort]}
     ${pageClause(request.paging, where.param)}`,
    where.params,
  );
  return {
    records: rows.map((row) => toRecord(row, now)),
    total: rows[0]?.total ?? 0,
  };
}

/**
 * The stores `ids` in the scope of `memberId` (`null`: the whole
 * collective), optionally locked for the caller's transaction, in id order;
 * those outside the scope or missing are left out.
 */
export async function readStoreRecordsById(
  db: SqlRunner,
  ids: readonly number[],
  memberId: number | null,
  now: Date,
  lock = false,
): Promise<StoreRecord[]> {
  if (lock) {
    await db.query(
      'SELECT id FROM stores WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
      [[...ids]],
    );
  }
  const rows = await db.query<StoreRecordRow>(
    `${RECORD_SELECT}
      WHERE s.id = ANY($1::int[]) AND ($2::int IS NULL OR s.member_id = $2)
      ORDER BY s.id`,
    [[...ids], memberId],
  );
  return rows.map((row) => toRecord(row, now));
}

/** One store in the scope of `memberId`, or `null` when there is none there. */
export async function readStoreRecord(
  db: SqlRunner,
  id: number,
  memberId: number | null,
  now: Date,
  lock = false,
): Promise<StoreRecord | null> {
  const [record] = await readStoreRecordsById(db, [id], memberId, now, lock);
  return record ?? null;
}

/**
 * What the audit trail keeps of a store (decisions D15): its own fields
 * and version; not the derived flags, nor the heartbeat, which the kiosk
 * reports and no person writes.
 */
export function auditedStore(store: StoreRecord): Record<string, unknown> {
  const {
    id: _id,
    member_name: _memberName,
    low_stock: _low,
    heartbeat_stale: _stale,
    last_heartbeat_at: _heartbeat,
    ...fields
  } = store;
  return fields;
}
