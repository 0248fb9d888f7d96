import multipart from '@fastify/multipart';
import {
  BRAND_EDITABLE_STORE_FIELDS,
  MAX_STORE_IMPORT_BYTES,
  resolveDataScope,
  isRefusal,
  STORE_CONTACT_FIELDS,
  STORE_PLACE_FIELDS,
  STORE_IMPORT_FIELD,
  SUPPLY_FIELDS,
  type CreateStore,
  type StoreImportReport,
  type StoreRecord,
} from '@collective/api-client/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Caller } from '../auth/authenticate';
import { answerScopedPage } from '../data/answered-scope';
import { changedFields } from '../data/changed-fields';
import { rebuildRollups } from '../data/rollups';
import type { SqlRunner } from '../db/database';
import type { AuditedChange } from '../http/audit';
import { resourceRoutes, type RouteServices } from '../http/declare-route';
import {
  alreadyOff,
  notFound,
  Refusal,
  staleVersion,
} from '../http/error-replies';
import { requestTenant } from '../http/tenant-header';
import { cutAtLimit, uploadedPart } from '../http/uploads';
import { readImportFile, type ImportMember } from './store-import';
import {
  auditedStore,
  readStoreRecord,
  readStoreRecords,
  readStoreRecordsById,
} from './store-records';

/** Stores per page of GET /api/stores/inventory unless asked. */
const DEFAULT_STORE_RECORDS_PAGE_SIZE = 20;

const BRAND_EDITABLE: ReadonlySet<string> = new Set(
  BRAND_EDITABLE_STORE_FIELDS,
);

function noStore(id: number): never {
  return notFound(`There is no store ${id} in your data scope.`);
}

/**
 * The member whose stores the caller may write (decisions D12, D15): their
 * own for a brand admin, Kiehl's on the kiehls tenant, `null` (every
 * member) for a collective admin elsewhere. Whatever `member_id` they send.
 */
export function writeScope(
  caller: Caller,
  request: FastifyRequest,
): number | null {
  const scope = resolveDataScope(
    caller.access,
    requestTenant(request),
    undefined,
  );
  if (isRefusal(scope))
    throw new Refusal(scope.status, scope.error, scope.message);
  return scope.memberId;
}

/** 409 with the current store when `version` is not the store's (D15). */
function refuseStale(current: StoreRecord, version: number): void {
  if (current.version !== version)
    staleVersion(current.name, version, current.version, current);
}

/**
 * The store `id` in scope, locked for a write: 404 outside the scope or
 * nowhere, 409 with the current store when `version` is stale (D15).
 */
async function lockedStore(
  db: SqlRunner,
  id: number,
  scope: number | null,
  version: number,
  now: Date,
): Promise<StoreRecord> {
  const current =
    (await readStoreRecord(db, id, scope, now, true)) ?? noStore(id);
  refuseStale(current, version);
  return current;
}

/** The audited change of one store from `before` to `after`. */
const changeOf = (
  before: StoreRecord | null,
  after: StoreRecord,
): AuditedChange => ({
  id: after.id,
  memberId: after.member_id,
  before: before && auditedStore(before),
  after: auditedStore(after),
});

/** Reads one store again after a write in this transaction. */
async function reread(db: SqlRunner, id: number, now: Date) {
  const store = await readStoreRecord(db, id, null, now);
  if (!store) throw new Error(`store ${id} vanished while it was written`);
  return store;
}

const STORE_COLUMNS = [
  'member_id',
  ...STORE_PLACE_FIELDS,
  'active',
  'opened_at',
  ...STORE_CONTACT_FIELDS,
  ...SUPPLY_FIELDS,
] as const;

/** A create body as the values of {@link STORE_COLUMNS}. */
function rowOf(store: CreateStore): unknown[] {
  const { status, opened_on, ...fields } = store;
  const values: Record<string, unknown> = {
    ...fields,
    active: status === 'active',
    opened_at: `${opened_on}T00:00:00Z`,
    contact_name: store.contact_name || null,
    contact_email: store.contact_email || null,
    contact_phone: store.contact_phone || null,
  };
  return STORE_COLUMNS.map((column) => values[column]);
}

/** Inserts stores and returns their ids, in order. */
async function insertStores(
  db: SqlRunner,
  stores: readonly CreateStore[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const store of stores) {
    const [made] = await db.query<{ id: number }>(
      `INSERT INTO stores (${STORE_COLUMNS.join(', ')})
       VALUES (${STORE_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})
       RETURNING id`,
      rowOf(store),
    );
    if (!made) throw new Error('a store insert returned no id');
    ids.push(made.id);
  }
  await rebuildRollups(db, ids);
  return ids;
}

/** The member `id` a create names, in the caller's write scope and not deactivated. */
async function openingMember(db: SqlRunner, id: number, scope: number | null) {
  const [member] = await db.query<{ name: string; status: string }>(
    'SELECT name, status FROM members WHERE id = $1 AND ($2::int IS NULL OR id = $2)',
    [id, scope],
  );
  if (!member) notFound(`There is no member ${id} in your data scope.`);
  if (member.status === 'deactivated') {
    throw new Refusal(
      409,
      'Member deactivated',
      `${member.name} is deactivated; reactivate it in member management before opening a store.`,
    );
  }
}

/**
 * Reads and checks an import upload (collective admins) against the
 * members of `scope` and their stores: the report, and the stores the
 * valid rows make (empty whenever any row has a problem).
 */
async function checkImport(
  request: FastifyRequest,
  db: SqlRunner,
  scope: number | null,
): Promise<{ report: StoreImportReport; stores: CreateStore[] }> {
  const memberRows = await db.query<ImportMember & { code: string | null }>(
    'SELECT id, name, status, code FROM members WHERE $1::int IS NULL OR id = $1',
    [scope],
  );
  const members = new Map(
    memberRows
      .filter((m) => m.code !== null)
      .map((m) => [String(m.code).toUpperCase(), m] as const),
  );
  const storeRows = await db.query<{
    id: number;
    member_id: number;
    name: string;
  }>(
    'SELECT id, member_id, lower(name) AS name FROM stores WHERE $1::int IS NULL OR member_id = $1',
    [scope],
  );
  const held = new Map(
    storeRows.map((s) => [`${s.member_id}|${s.name}`, s.id]),
  );
  const names = new Map(memberRows.map((m) => [m.id, m.name]));
  const { file } = await uploadedPart(request, 'CSV', STORE_IMPORT_FIELD);
  /** The file stopped at the upload's size limit (the stream ends early, or errs). */
  const cut = (error?: unknown) => cutAtLimit(file, error);
  const tooLarge = () =>
    new Refusal(
      413,
      'File too large',
      `The file is larger than ${MAX_STORE_IMPORT_BYTES / 1024} KiB; split it into smaller files.`,
    );
  let reading;
  try {
    reading = await readImportFile(file, members, (memberId, name) =>
      held.get(`${memberId}|${name}`),
    );
  } catch (error) {
    throw cut(error) ? tooLarge() : error;
  }
  if (cut()) throw tooLarge();
  const invalid = new Set(reading.issues.map((issue) => issue.row)).size;
  const clean = reading.issues.length === 0;
  return {
    report: {
      success: true,
      rows: reading.rows,
      valid: reading.rows - invalid,
      invalid,
      issues: reading.issues,
      stores: reading.stores.map(({ row, store }) => ({
        row,
        member_name: names.get(store.member_id) ?? '',
        name: store.name,
        city: store.city,
        region: store.region,
        channel: store.channel,
      })),
      imported: 0,
    },
    stores: clean ? reading.stores.map(({ store }) => store) : [],
  };
}

/**
 * Stores & Inventory Management (decisions D12, D14, D15;
 * docs/decisions/0095): the stores in scope with their inventory (list and
 * one store; another member's answers 404 to a brand admin); collective
 * admins create, edit, deactivate (one or many) and import; a brand admin
 * edits their own stores' contact and supplies only (any other field
 * 403). Every write is versioned (409 when stale) and leaves one audit
 * event per store with before and after.
 */
const storeInventoryRoutes = resourceRoutes({
  storeRecords(call) {
    const { query, scope, db, now } = call;
    return answerScopedPage(
      call,
      DEFAULT_STORE_RECORDS_PAGE_SIZE,
      async (paging) => {
        const { records, total } = await readStoreRecords(
          db,
          {
            scopeMemberId: scope.memberId,
            member: query.member,
            search: query.search,
            region: query.region,
            channel: query.channel,
            status: query.status,
            lowStock: query.low_stock === 'true',
            sort: query.sort ?? 'name',
            paging,
          },
          now,
        );
        return { store_records: records, total };
      },
    );
  },

  async storeRecord({ params: { id }, scope, db, now }) {
    const store = await readStoreRecord(db, id, scope.memberId, now);
    return { success: true, store: store ?? noStore(id) };
  },

  async createStore({ body, caller, request, db, now }) {
    await openingMember(db, body.member_id, writeScope(caller, request));
    const [id] = await insertStores(db, [body]);
    const store = await reread(db, id as number, now);
    return { answer: { success: true, store }, change: changeOf(null, store) };
  },

  async updateStore({ params: { id }, body, caller, request, db, now }) {
    const scope = writeScope(caller, request);
    const { version, ...fields } = body;
    const before =
      (await readStoreRecord(db, id, scope, now, true)) ?? noStore(id);
    if (!caller.access.isCollectiveAdmin) {
      const refused = Object.keys(fields).filter(
        (name) => !BRAND_EDITABLE.has(name),
      );
      if (refused.length > 0) {
        throw new Refusal(
          403,
          'Forbidden',
          `A brand admin changes a store's contact and supplies only; ${refused.join(', ')} ${refused.length === 1 ? 'is' : 'are'} for the collective's admins.`,
        );
      }
    }
    refuseStale(before, version);
    const current: Record<string, unknown> = {
      ...before,
      opened_on: before.opened_at.slice(0, 10),
    };
    const next = changedFields(fields, current);
    if (Object.keys(next).length === 0) {
      return { answer: { success: true, store: before }, change: null };
    }
    const sets: string[] = [];
    const values: unknown[] = [id];
    for (const [name, value] of Object.entries(next)) {
      values.push(
        name === 'status'
          ? value === 'active'
          : name === 'opened_on'
            ? `${String(value)}T00:00:00Z`
            : value,
      );
      const column =
        name === 'status'
          ? 'active'
          : name === 'opened_on'
            ? 'opened_at'
            : name;
      sets.push(`${column} = $${values.length}`);
    }
    if (next['channel'] === 'in-store') sets.push('last_heartbeat_at = NULL');
    await db.query(
      `UPDATE stores SET ${sets.join(', ')}, version = version + 1 WHERE id = $1`,
      values,
    );
    const structural = Object.keys(next).some(
      (name) => !BRAND_EDITABLE.has(name),
    );
    if (structural) await rebuildRollups(db, [id]);
    const after = await reread(db, id, now);
    return {
      answer: { success: true, store: after },
      change: changeOf(before, after),
    };
  },

  async deactivateStore({ params: { id }, body, caller, request, db, now }) {
    const before = await lockedStore(
      db,
      id,
      writeScope(caller, request),
      body.version,
      now,
    );
    if (before.status === 'inactive') alreadyOff(before, 'inactive');
    await db.query(
      'UPDATE stores SET active = false, version = version + 1 WHERE id = $1',
      [id],
    );
    await rebuildRollups(db, [id]);
    const after = await reread(db, id, now);
    return {
      answer: { success: true, store: after },
      change: changeOf(before, after),
    };
  },

  async deactivateStores({ body, caller, request, db, now }) {
    const scope = writeScope(caller, request);
    const ids = body.stores.map((s) => s.id);
    const found = await readStoreRecordsById(db, ids, scope, now, true);
    const byId = new Map(found.map((store) => [store.id, store]));
    for (const { id, version } of body.stores) {
      refuseStale(byId.get(id) ?? noStore(id), version);
    }
    const changing = found.filter((store) => store.status === 'active');
    if (changing.length > 0) {
      await db.query(
        'UPDATE stores SET active = false, version = version + 1 WHERE id = ANY($1::int[])',
        [changing.map((store) => store.id)],
      );
      await rebuildRollups(
        db,
        changing.map((store) => store.id),
      );
    }
    const after = await readStoreRecordsById(db, ids, null, now);
    const afterById = new Map(after.map((store) => [store.id, store]));
    return {
      answer: { success: true, stores: after },
      change: changing.map((before) =>
        changeOf(before, afterById.get(before.id) as StoreRecord),
      ),
    };
  },

  async previewStoreImport({ caller, request, db }) {
    const { report } = await checkImport(
      request,
      db,
      writeScope(caller, request),
    );
    return report;
  },

  async importStores({ caller, request, db, now }) {
    const { report, stores } = await checkImport(
      request,
      db,
      writeScope(caller, request),
    );
    if (stores.length === 0) return { answer: report, change: null };
    const ids = await insertStores(db, stores);
    const made = await readStoreRecordsById(db, ids, null, now);
    return {
      answer: { ...report, imported: made.length },
      change: made.map((store) => changeOf(null, store)),
    };
  },
});

/**
 * The stores resource's routes, with `multipart/form-data` bodies read in
 * this plugin only (the CSV import: one file, at most
 * {@link MAX_STORE_IMPORT_BYTES}, no other field); every other route of the
 * API stays JSON-only.
 */
export const storeRoutes: FastifyPluginAsync<RouteServices> = async (
  app,
  services,
) => {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_STORE_IMPORT_BYTES,
      files: 1,
      fields: 0,
      parts: 1,
      headerPairs: 20,
    },
    throwFileSizeLimit: true,
  });
  await storeInventoryRoutes(app, services);
};
