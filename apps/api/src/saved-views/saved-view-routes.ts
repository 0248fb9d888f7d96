import {
  MAX_SAVED_VIEWS_PER_LIST,
  viewVisibilitiesFor,
  type SavedView,
} from '@collective/api-client/contract';
import type { Caller } from '../auth/authenticate';
import type { SqlRunner } from '../db/database';
import { resourceRoutes } from '../http/declare-route';
import { notFound, Refusal, staleVersion } from '../http/error-replies';

interface SavedViewRow {
  id: number;
  owner_user_id: number;
  owner_name: string;
  member_id: number | null;
  list: string;
  name: string;
  visibility: SavedView['visibility'];
  state: string;
  version: number;
  updated_at: Date;
}

const VIEW_COLUMNS = `v.id, v.owner_user_id, u.name AS owner_name, v.member_id,
  v.list, v.name, v.visibility, v.state, v.version, v.updated_at`;

/**
 * Which views a caller sees, as SQL over `v` with parameters $1 (tenant),
 * $2 (user id) and $3 (the caller's member, or null): their own, their
 * member's shared ones, and the collective's.
 */
const VISIBLE = `v.tenant = $1 AND (v.owner_user_id = $2
  OR (v.visibility = 'member' AND v.member_id = $3)
  OR v.visibility = 'collective')`;

function toContractView(row: SavedViewRow, caller: Caller): SavedView {
  return {
    id: row.id,
    list: row.list,
    name: row.name,
    visibility: row.visibility,
    state: row.state,
    mine: row.owner_user_id === caller.user.id,
    owner_name: row.owner_name,
    version: row.version,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** What the audit trail keeps of a view. */
function audited(view: SavedView) {
  const { mine: _mine, owner_name: _owner, ...fields } = view;
  return fields;
}

/** The audited change of a view (D15): its fields before and after, on the caller's member. */
function viewChange(
  caller: Caller,
  before: SavedView | null,
  after: SavedView | null,
) {
  return {
    id: (after ?? before)?.id ?? 0,
    memberId: caller.access.ownMemberId,
    before: before && audited(before),
    after: after && audited(after),
  };
}

function checkVisibility(caller: Caller, visibility: SavedView['visibility']) {
  const allowed = viewVisibilitiesFor(caller.access);
  if (!allowed.includes(visibility)) {
    throw new Refusal(
      403,
      'Forbidden',
      `You may keep views ${allowed.join(' or ')}; "${visibility}" is not yours to give.`,
    );
  }
}

/**
 * The view `id` as the caller sees it, for a change: 404 when they cannot
 * see it (decisions D12), 403 when it is not theirs, 409 with the current
 * view when `version` is stale (D15).
 */
async function ownViewAt(
  db: SqlRunner,
  caller: Caller,
  tenant: string,
  id: number,
  version: number,
): Promise<SavedView> {
  const [row] = await db.query<SavedViewRow>(
    `SELECT ${VIEW_COLUMNS} FROM saved_views v JOIN users u ON u.id = v.owner_user_id
      WHERE v.id = $4 AND ${VISIBLE} FOR UPDATE OF v`,
    [tenant, caller.user.id, caller.access.ownMemberId, id],
  );
  if (!row) notFound(`You have no saved view ${id}.`);
  const view = toContractView(row, caller);
  if (!view.mine) {
    throw new Refusal(
      403,
      'Forbidden',
      'Only the person who saved a view may change or delete it; save your own copy instead.',
    );
  }
  if (view.version !== version) {
    staleVersion('The view', version, view.version, view);
  }
  return view;
}

/**
 * Saved views of the list kit (decisions D15): a list's filters, sort and
 * columns kept on the server, private, shared with the owner's member, or
 * with the collective (`viewVisibilitiesFor`), per tenant:
 * - GET /api/saved-views?list=…: the views the caller sees;
 * - POST /api/saved-views: 201; an Idempotency-Key makes a retry one view;
 * - PATCH /api/saved-views/:id: the owner's edit against a version, 409 when stale;
 * - DELETE /api/saved-views/:id?version=…: the same rules.
 * Every change is an audit event.
 */
export const savedViewRoutes = resourceRoutes({
  async savedViews({ query, caller, db, tenant = 'pact' }) {
    const rows = await db.query<SavedViewRow>(
      `SELECT ${VIEW_COLUMNS} FROM saved_views v JOIN users u ON u.id = v.owner_user_id
        WHERE v.list = $4 AND ${VISIBLE}
        ORDER BY lower(v.name), v.id`,
      [tenant, caller.user.id, caller.access.ownMemberId, query.list],
    );
    return {
      success: true,
      views: rows.map((row) => toContractView(row, caller)),
    };
  },

  async createSavedView({ body, caller, db, tenant = 'pact' }) {
    checkVisibility(caller, body.visibility);
    // One create per user at a time (the count below). NO KEY UPDATE, not
    // UPDATE: the idempotency key's row, claimed first in this transaction,
    // holds KEY SHARE on the user through its foreign key, and two creates
    // both upgrading that to UPDATE deadlock (bench:soak, issue 25).
    await db.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [
      caller.user.id,
    ]);
    const [count] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM saved_views WHERE owner_user_id = $1 AND list = $2 AND tenant = $3',
      [caller.user.id, body.list, tenant],
    );
    if ((count?.n ?? 0) >= MAX_SAVED_VIEWS_PER_LIST) {
      throw new Refusal(
        409,
        'Too many saved views',
        `You already keep ${MAX_SAVED_VIEWS_PER_LIST} views of this list; delete one first.`,
      );
    }
    const [row] = await db.query<SavedViewRow>(
      `WITH v AS (
         INSERT INTO saved_views (owner_user_id, member_id, tenant, list, name, visibility, state)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *)
       SELECT ${VIEW_COLUMNS} FROM v JOIN users u ON u.id = v.owner_user_id`,
      [
        caller.user.id,
        caller.access.ownMemberId,
        tenant,
        body.list,
        body.name,
        body.visibility,
        body.state,
      ],
    );
    if (!row) throw new Error('INSERT INTO saved_views returned no row');
    const view = toContractView(row, caller);
    return {
      answer: { success: true, view },
      change: viewChange(caller, null, view),
    };
  },

  async updateSavedView({ params, body, caller, db, tenant = 'pact' }) {
    const before = await ownViewAt(db, caller, tenant, params.id, body.version);
    if (body.visibility) checkVisibility(caller, body.visibility);
    const [row] = await db.query<SavedViewRow>(
      `WITH v AS (
         UPDATE saved_views SET name = $2, visibility = $3, state = $4,
                version = version + 1, updated_at = now()
          WHERE id = $1 RETURNING *)
       SELECT ${VIEW_COLUMNS} FROM v JOIN users u ON u.id = v.owner_user_id`,
      [
        params.id,
        body.name ?? before.name,
        body.visibility ?? before.visibility,
        body.state ?? before.state,
      ],
    );
    if (!row) throw new Error('UPDATE saved_views returned no row');
    const view = toContractView(row, caller);
    return {
      answer: { success: true, view },
      change: viewChange(caller, before, view),
    };
  },

  async deleteSavedView({ params, query, caller, db, tenant = 'pact' }) {
    const before = await ownViewAt(
      db,
      caller,
      tenant,
      params.id,
      query.version,
    );
    await db.query('DELETE FROM saved_views WHERE id = $1', [params.id]);
    return {
      answer: { success: true },
      change: viewChange(caller, before, null),
    };
  },
});
