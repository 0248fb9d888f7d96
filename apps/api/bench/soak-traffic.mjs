/**
 * What the soak's clients send (`bench-soak.mjs`), each kind a function of
 * the shared context that makes one or a few checked calls:
 * - reads of every list of the contract (its GET entries without path
 *   parameters, not files), as every demo role and by API key, each
 *   expected answer derived from the entry (audience, feature, special
 *   brand, concealment) and a 200 validated against its response schema;
 * - warehouse writes (weigh-ins, sorting, receipt corrections, stale
 *   versions answered 409), end-of-life lots (made, shipped, confirmed),
 *   saved views (made with an Idempotency-Key, renamed, stale renames),
 *   invitations and API keys (made with a key, revoked);
 * - long work: a streamed CSV export, report runs waited for and
 *   downloaded, G2 uploads validated by the job and discarded;
 * - hostile requests and sign-in → read → sign-out rounds (decision 0045).
 */
import {
  allows,
  deriveAccess,
  endpoints,
  featureOn,
  SPECIAL_BRAND_MEMBER_ID,
} from '@collective/api-client/contract';
import { DEMO_PASSWORD, DEMO_USERS } from '@collective/api-client/demo';

/** Queries for the list entries whose query has required parts, by entry name. */
const LIST_QUERIES = {
  savedViews: 'list=stores',
  dataExportCount: 'dataset=material_lines',
  unreadCount: 'unread=true',
};

/**
 * Refusals a handler makes that the contract entry does not declare: the
 * raw data export's count is refused to the special brand by its handler
 * (docs/decisions/0100), not by `deniedToSpecialBrand`.
 */
const HANDLER_REFUSALS = { dataExportCount: { specialAdmin: 403 } };

/** The tenant a demo user works on: their own, else the main one. */
export function tenantOf(user) {
  return user.allowed_tenant_id === 2 ? 'kiehls' : 'pact';
}

/** The status a signed-in `user` gets from list entry `entry`, with an API key when `viaKey`. */
function expectedStatus(entry, user, viaKey) {
  const access = deriveAccess(user);
  const tenant = tenantOf(user);
  const allowed =
    allows(access, entry.audience ?? 'signed-in') &&
    !(
      entry.deniedToSpecialBrand && user.member_id === SPECIAL_BRAND_MEMBER_ID
    ) &&
    (entry.feature === undefined || featureOn(tenant, entry.feature));
  if (entry.concealed && (viaKey || !allowed)) return 404;
  if (viaKey && entry.auth !== 'session-or-key') return 401;
  if (allowed) return 200;
  if (entry.feature !== undefined && !featureOn(tenant, entry.feature)) {
    return 404;
  }
  return 403;
}

/**
 * Every list read: each GET entry of the contract without path parameters
 * whose answer is JSON, as each demo role (and the admin's API key), with
 * the status that role must get.
 */
export function listReads() {
  const reads = [];
  for (const [name, entry] of Object.entries(endpoints)) {
    if (entry.method !== 'GET' || entry.params || entry.format) continue;
    const query = LIST_QUERIES[name];
    const path = query ? `${entry.path}?${query}` : entry.path;
    if (entry.auth === 'anonymous') {
      reads.push({ name, entry, path, role: 'anonymous', status: 200 });
      continue;
    }
    for (const role of Object.keys(DEMO_USERS)) {
      reads.push({
        name,
        entry,
        path,
        role,
        status:
          HANDLER_REFUSALS[name]?.[role] ??
          expectedStatus(entry, DEMO_USERS[role], false),
      });
    }
    if (entry.auth === 'session-or-key' || entry.concealed) {
      reads.push({
        name,
        entry,
        path,
        role: 'admin',
        viaKey: true,
        status: expectedStatus(entry, DEMO_USERS.admin, true),
      });
    }
  }
  return reads;
}

/** One list read, checked against the status and schema the contract gives. */
export async function readList(ctx, read) {
  const session = ctx.sessions[read.role];
  await ctx.client.call(
    `read ${read.name} as ${read.viaKey ? 'API key' : read.role} (${read.status})`,
    {
      path: read.path,
      token: read.viaKey ? ctx.apiKey : session?.token,
      tenant: read.role === 'anonymous' ? 'pact' : session.tenant,
      from: ctx.addressOf(read.role),
      status: read.status,
      schema: read.entry.response,
    },
  );
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const round3 = (kg) => Math.round(kg * 1000) / 1000;
let serial = 0;
/** A key unique to this run: for Idempotency-Key headers and names. */
export function uniqueKey(prefix) {
  serial += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${serial}`;
}

/** Takes a shipment of the receiving queue no other client holds, refilling from the server. */
async function nextInQueue(ctx) {
  if (ctx.pools.queue.length === 0 && !ctx.pools.queueEmpty) {
    const page = await ctx.client.call('read the receiving queue to weigh in', {
      path: '/api/warehouse/receiving?page_size=100',
      ...as(ctx, 'admin'),
      schema: endpoints.receivingQueue.response,
    });
    const rows = page?.body?.shipments ?? [];
    for (const row of rows) {
      if (!ctx.pools.taken.has(row.id)) {
        ctx.pools.taken.add(row.id);
        ctx.pools.queue.push({ id: row.id, version: row.version });
      }
    }
    if (rows.length === 0) ctx.pools.queueEmpty = true;
  }
  return ctx.pools.queue.shift();
}

/** The token and tenant of a demo role's session, as call options. */
function as(ctx, role) {
  return { token: ctx.sessions[role].token, tenant: ctx.sessions[role].tenant };
}

/** A receipt correction of a held shipment at `version`: the same net, another contamination and scale. */
function correction(held, version) {
  return {
    gross: round3(held.net + 0.5),
    tare: 0.5,
    contamination: round3(Math.random() * 0.2),
    unit: 'kg',
    scale_id: `SOAK-${1 + Math.floor(Math.random() * 3)}`,
    version,
  };
}

/**
 * A write at the version of a record taken from `pool` (200): the record
 * is out of the pool during the call, so no other client writes it, and
 * back after it at the version the answer gives (`versionOf` its body).
 * `callOf(held)` is the call's options. False when the pool is empty.
 */
async function writeHeld(ctx, pool, name, callOf, versionOf) {
  const held = pool.shift();
  if (!held) return false;
  const answer = await ctx.client.call(name, callOf(held));
  if (answer?.status === 200) held.version = versionOf(answer.body);
  pool.push(held);
  return true;
}

/**
 * A create with an Idempotency-Key (201) as `role`, its body `json(key)`
 * made with the key: the record made (`recordOf` the answer's body) is
 * noted for the check of its one create event (`audit`'s entity) and
 * returned; undefined when the create did not answer 201.
 */
async function keyedCreate(ctx, name, create) {
  const { prefix, role, json, recordOf, ...call } = create;
  const key = uniqueKey(prefix);
  const answer = await ctx.client.call(name, {
    method: 'POST',
    ...call,
    ...as(ctx, role),
    key,
    json: json(key),
    status: 201,
  });
  if (answer?.status !== 201) return undefined;
  const record = recordOf(answer.body);
  ctx.keyed(key, call.audit[0], record.id);
  return record;
}

/** Kinds of write, each as a collective admin unless said. */
export const WRITES = {
  /** Weighs a delivered shipment in (201); it joins the pool to sort. */
  async weighIn(ctx) {
    const row = await nextInQueue(ctx);
    if (!row) return WRITES.correctReceipt(ctx);
    const gross = round3(2 + Math.random() * 20);
    const answer = await ctx.client.call('write: weigh a shipment in (201)', {
      method: 'POST',
      path: `/api/shipments/${row.id}/receipt`,
      ...as(ctx, 'admin'),
      json: {
        gross,
        tare: 0.5,
        contamination: 0.1,
        unit: 'kg',
        scale_id: 'SOAK-1',
        version: row.version,
      },
      status: 201,
      schema: endpoints.receiveShipment.response,
      check: (a) =>
        a.body.receipt?.net_kg === round3(gross - 0.5) ||
        'net is not gross − tare',
      audit: ['receipt', 'create'],
    });
    if (answer?.status === 201) {
      ctx.pools.received.push({
        id: row.id,
        version: answer.body.receipt.version,
        net: answer.body.receipt.net_kg,
      });
    }
  },

  /** Sorts a received shipment into two material lines (200), or corrects its lines. */
  async sort(ctx) {
    const sorted = await writeHeld(
      ctx,
      ctx.pools.received,
      'write: sort a shipment (200)',
      (held) => {
        const share = 0.4 + Math.random() * 0.5;
        return {
          method: 'PUT',
          path: `/api/shipments/${held.id}/lines`,
          ...as(ctx, 'admin'),
          json: {
            lines: [
              { material: 'pp5', weight: round3(held.net * share * 0.6) },
              { material: 'pet1', weight: round3(held.net * share * 0.4) },
            ],
            unit: 'kg',
            version: held.version,
          },
          schema: endpoints.sortShipment.response,
          check: (a) =>
            a.body.receipt.sorted_kg <= a.body.receipt.net_kg ||
            'sorted more than the net',
          audit: ['receipt', 'sort'],
        };
      },
      (body) => body.receipt.version,
    );
    if (!sorted) return WRITES.weighIn(ctx);
  },

  /** Corrects a receipt's contamination and scale (200). */
  async correctReceipt(ctx) {
    await writeHeld(
      ctx,
      ctx.pools.received,
      'write: correct a receipt (200)',
      (held) => ({
        method: 'PATCH',
        path: `/api/shipments/${held.id}/receipt`,
        ...as(ctx, 'admin'),
        json: correction(held, held.version),
        schema: endpoints.correctReceipt.response,
        audit: ['receipt', 'correct'],
      }),
      (body) => body.receipt.version,
    );
  },

  /** A receipt correction at a stale version: 409 with the current record, nothing written. */
  async staleReceipt(ctx) {
    const held = ctx.pools.received.find((r) => r.version > 1);
    if (!held) return WRITES.correctReceipt(ctx);
    await ctx.client.call('write: stale receipt correction (409)', {
      method: 'PATCH',
      path: `/api/shipments/${held.id}/receipt`,
      ...as(ctx, 'admin'),
      json: correction(held, held.version - 1),
      status: 409,
      check: (a) => a.body?.current !== undefined || 'no current record',
    });
  },

  /** Makes a saved view with an Idempotency-Key (201), as one of three roles. */
  async createView(ctx) {
    const role = pick(['admin', 'brandAdmin', 'operator']);
    const view = await keyedCreate(
      ctx,
      'write: make a saved view (201, keyed)',
      {
        prefix: 'view',
        role,
        path: '/api/saved-views',
        json: (key) => ({
          list: 'stores',
          name: `Soak ${key}`,
          visibility: 'private',
          state: 'sort=name&page_size=25',
        }),
        schema: endpoints.createSavedView.response,
        audit: ['saved_view', 'create'],
        recordOf: (body) => body.view,
      },
    );
    if (view)
      ctx.pools.views.push({ id: view.id, version: view.version, role });
  },

  /** Renames a saved view at its version (200). */
  async renameView(ctx) {
    const renamed = await writeHeld(
      ctx,
      ctx.pools.views,
      'write: rename a saved view (200)',
      (view) => ({
        method: 'PATCH',
        path: `/api/saved-views/${view.id}`,
        ...as(ctx, view.role),
        json: { version: view.version, name: uniqueKey('Soak renamed') },
        schema: endpoints.updateSavedView.response,
        audit: ['saved_view', 'update'],
      }),
      (body) => body.view.version,
    );
    if (!renamed) return WRITES.createView(ctx);
  },

  /**
   * Renames a saved view at a stale version: 409, nothing written. The view
   * leaves the pool meanwhile, so no other client deletes it under the call.
   */
  async staleView(ctx) {
    const at = ctx.pools.views.findIndex((w) => w.version > 1);
    if (at < 0) return WRITES.renameView(ctx);
    const [view] = ctx.pools.views.splice(at, 1);
    await ctx.client.call('write: stale saved view rename (409)', {
      method: 'PATCH',
      path: `/api/saved-views/${view.id}`,
      ...as(ctx, view.role),
      json: { version: view.version - 1, name: 'Soak stale' },
      status: 409,
      check: (a) => a.body?.current !== undefined || 'no current record',
    });
    ctx.pools.views.push(view);
  },

  /**
   * Deletes a saved view at its version (200), keeping each owner under
   * the 50 views a list may have; its keyed create is still checked for
   * its one create event.
   */
  async deleteView(ctx) {
    const view = ctx.pools.views.shift();
    if (!view) return WRITES.createView(ctx);
    const answer = await ctx.client.call('write: delete a saved view (200)', {
      method: 'DELETE',
      path: `/api/saved-views/${view.id}?version=${view.version}`,
      ...as(ctx, view.role),
      schema: endpoints.deleteSavedView.response,
      audit: ['saved_view', 'delete'],
    });
    if (answer?.status === 200) ctx.deleted.add(`saved_view/${view.id}`);
    else ctx.pools.views.push(view);
  },

  /** Invites a user with an Idempotency-Key (201): a collective viewer, or a Kiehl's operator by its brand admin. */
  async invite(ctx) {
    const byBrand = Math.random() < 0.5;
    await keyedCreate(ctx, 'write: invite a user (201, keyed)', {
      prefix: 'invite',
      role: byBrand ? 'brandAdmin' : 'admin',
      path: '/api/users',
      json: (key) => ({
        email: `${key}@soak.test`,
        name: 'Soak Invitee',
        role: byBrand ? 'brand_operator' : 'brand_viewer',
        member_id: 2,
      }),
      schema: endpoints.inviteUser.response,
      audit: ['user', 'invite'],
      recordOf: (body) => body.user,
    });
  },

  /** Makes an API key with an Idempotency-Key (201) and revokes it (200). */
  async apiKey(ctx) {
    const role = pick(['admin', 'operator', 'brandAdmin']);
    const made = await keyedCreate(ctx, 'write: make an API key (201, keyed)', {
      prefix: 'key',
      role,
      path: '/api/keys',
      json: (key) => ({ name: `Soak ${key}`.slice(0, 60) }),
      schema: endpoints.createApiKey.response,
      audit: ['api_key', 'create'],
      recordOf: (body) => body.key,
    });
    if (!made) return;
    await ctx.client.call('write: revoke an API key (200)', {
      method: 'DELETE',
      path: `/api/keys/${made.id}`,
      ...as(ctx, role),
      schema: endpoints.revokeApiKey.response,
      audit: ['api_key', 'revoke'],
    });
  },

  /** Makes an end-of-life lot of 0.25 kg with an Idempotency-Key (201) from material on hand. */
  async createLot(ctx) {
    if (!ctx.pools.onHand || ctx.pools.onHand.length === 0) {
      const onHand = await ctx.client.call('read material on hand for a lot', {
        path: '/api/eol/on-hand',
        ...as(ctx, 'admin'),
        schema: endpoints.eolOnHand.response,
      });
      ctx.pools.onHand = (onHand?.body?.on_hand ?? []).filter(
        (line) => line.on_hand_kg >= 5,
      );
      if (ctx.pools.onHand.length === 0) return undefined;
    }
    const line = pick(ctx.pools.onHand);
    const lot = await keyedCreate(
      ctx,
      'write: make an end-of-life lot (201, keyed)',
      {
        prefix: 'lot',
        role: 'admin',
        path: '/api/eol/lots',
        json: () => ({
          member_id: line.member_id,
          material: line.material,
          weight_kg: 0.25,
          processor_id: ctx.processorId,
        }),
        schema: endpoints.createLot.response,
        audit: ['eol_lot', 'create'],
        recordOf: (body) => body.lot,
      },
    );
    if (lot) ctx.pools.lots.push({ id: lot.id, version: lot.version });
  },

  /** Ships an open lot (200), then confirms it recycled (200). */
  async shipAndConfirmLot(ctx) {
    const lot = ctx.pools.lots.shift();
    if (!lot) return WRITES.createLot(ctx);
    const shipped = await ctx.client.call('write: ship a lot (200)', {
      method: 'POST',
      path: `/api/eol/lots/${lot.id}/ship`,
      ...as(ctx, 'admin'),
      json: { version: lot.version },
      schema: endpoints.shipLot.response,
      audit: ['eol_lot', 'ship'],
    });
    if (shipped?.status !== 200) return;
    await ctx.client.call('write: confirm a lot (200)', {
      method: 'POST',
      path: `/api/eol/lots/${lot.id}/confirm`,
      ...as(ctx, 'admin'),
      json: {
        outcome: 'recycled',
        certificate_ref: `SOAK-${lot.id}`,
        confirmed_weight_kg: 0.25,
        version: shipped.body.lot.version,
      },
      schema: endpoints.confirmLot.response,
      audit: ['eol_lot', 'confirm'],
    });
  },
};

/** How often each write is chosen, in parts. */
const WRITE_MIX = [
  ['weighIn', 4],
  ['sort', 4],
  ['correctReceipt', 2],
  ['staleReceipt', 1],
  ['createView', 2],
  ['renameView', 2],
  ['staleView', 1],
  ['deleteView', 2],
  ['invite', 1],
  ['apiKey', 1],
  ['createLot', 1],
  ['shipAndConfirmLot', 1],
];
const WRITE_WHEEL = WRITE_MIX.flatMap(([name, parts]) =>
  Array.from({ length: parts }, () => WRITES[name]),
);

/** One write chosen by {@link WRITE_MIX}. */
export function someWrite(ctx) {
  return pick(WRITE_WHEEL)(ctx);
}

/** Counts the data lines of a CSV text (quoted newlines are not expected in these exports). */
function csvLines(text) {
  return text.split('\n').filter((line) => line !== '').length - 1;
}

/** Exports the shipments in transit as CSV, streamed (200, text/csv, a header and rows). */
export async function exportCsv(ctx) {
  await ctx.client.call('export: shipments CSV, streamed (200)', {
    path: '/api/shipments/export',
    ...as(ctx, 'admin'),
    raw: true,
    check: (a) =>
      (String(a.headers.get('content-type')).startsWith('text/csv') &&
        csvLines(a.text) > 1000) ||
      `not a CSV of the shipments (${csvLines(a.text)} rows)`,
    audit: ['export', 'download'],
  });
}

const TEMPLATES = [
  'member-impact',
  'store-summary',
  'state-material',
  'chain-of-custody',
];
/** The last `n` months as `from`/`to` (UTC). */
function lastMonths(n) {
  const now = new Date();
  const month = (d) => d.toISOString().slice(0, 7);
  const from = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (n - 1), 1),
  );
  return { from: month(from), to: month(now) };
}

/**
 * Runs a report (201) as the admin or Kiehl's brand admin, waits for it to
 * succeed (polling its run, at most `waitMs`), then downloads its CSV.
 */
export async function runReport(ctx, waitMs = 240_000) {
  const role = Math.random() < 0.7 ? 'admin' : 'brandAdmin';
  const started = await ctx.client.call('report: start a run (201)', {
    method: 'POST',
    path: '/api/reports',
    ...as(ctx, role),
    json: { template: pick(TEMPLATES), ...lastMonths(12) },
    status: 201,
    schema: endpoints.runReport.response,
    audit: ['report', 'run'],
  });
  if (started?.status !== 201) return;
  const id = started.body.run.id;
  ctx.jobs.reports.push(id);
  const deadline = Date.now() + waitMs;
  let run = started.body.run;
  while (['queued', 'running'].includes(run.status) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const polled = await ctx.client.call('report: read a run (200)', {
      path: `/api/reports/${id}`,
      ...as(ctx, role),
      schema: endpoints.reportRun.response,
    });
    if (polled?.status === 200) run = polled.body.run;
  }
  if (run.status !== 'succeeded') return;
  await ctx.client.call('report: download its CSV (200)', {
    path: `/api/reports/${id}/files/csv`,
    ...as(ctx, role),
    raw: true,
    check: (a) => csvLines(a.text) >= 1 || 'an empty report file',
    audit: ['report', 'download'],
  });
}

/**
 * Uploads a G2 file of its own content (201: the validation job starts),
 * waits for the job to leave `validating` (at most `waitMs`), and
 * discards the upload (200).
 */
export async function uploadG2(ctx, waitMs = 240_000) {
  const today = new Date().toISOString().slice(0, 10);
  const first = `${today.slice(0, 8)}01`;
  const tag = uniqueKey('SOAK');
  const csv = [
    'Store id,Date,Material,Weight (kg),Store name',
    ...Array.from(
      { length: 20 },
      (_, i) =>
        `${tag}-${i % 4},${today},PP #5,${(1 + i / 10).toFixed(1)},Soak store ${i % 4}`,
    ),
  ].join('\n');
  const made = await ctx.client.call('G2: upload a file (201)', {
    method: 'POST',
    path: `/api/g2/uploads?period_start=${first}&period_end=${today}`,
    ...as(ctx, 'admin'),
    body: () => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), `${tag}.csv`);
      return form;
    },
    status: 201,
    schema: endpoints.createG2Upload.response,
    audit: ['g2_upload', 'upload'],
  });
  if (made?.status !== 201) return;
  let upload = made.body.upload;
  if (upload.validation) ctx.jobs.g2.push(upload.validation.job_id);
  else
    ctx.tally.answer(
      'G2: the upload names its validation job',
      'no job',
      201,
      '',
    );
  const deadline = Date.now() + waitMs;
  while (upload.status === 'validating' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const polled = await ctx.client.call('G2: read an upload (200)', {
      path: `/api/g2/uploads/${upload.id}`,
      ...as(ctx, 'admin'),
      schema: endpoints.g2Upload.response,
    });
    if (polled?.status === 200) upload = polled.body.upload;
  }
  if (upload.status !== 'ready') {
    ctx.tally.answer(
      'G2: validation ends ready',
      `status ${upload.status}`,
      0,
      '',
    );
    return;
  }
  ctx.tally.answer('G2: validation ends ready', undefined, 200, '');
  await ctx.client.call('G2: discard the upload (200)', {
    method: 'POST',
    path: `/api/g2/uploads/${upload.id}/discard`,
    ...as(ctx, 'admin'),
    json: { version: upload.version },
    schema: endpoints.discardG2Upload.response,
    audit: ['g2_upload', 'discard'],
  });
}

/** The account hostile clients guess passwords for (valid sign-ins use others). */
export const ATTACKED = DEMO_USERS.super.email;
const json = { 'content-type': 'application/json' };
const failedLogin = (a) =>
  (a.status === 401 && a.body?.error === 'Invalid email or password') ||
  a.status === 429 ||
  `not a refused sign-in`;

/**
 * The hostile requests of decision 0045, each `(ctx) => call options`:
 * wrong and oversized credentials, operator objects, tampered, revoked and
 * huge tokens, a foreign Origin, an unknown tenant, NUL and SQL in a
 * search, path traversal, another member's store, the full member list as
 * a brand user, and bodies refused while read (the server closes those
 * connections; fetch reconnects).
 */
export const HOSTILE = [
  [
    'wrong password',
    () => ({
      method: 'POST',
      path: '/api/auth/login',
      json: { email: ATTACKED, password: 'guess' },
      status: [401, 429],
      check: failedLogin,
    }),
  ],
  [
    'unknown email',
    () => ({
      method: 'POST',
      path: '/api/auth/login',
      json: { email: `${uniqueKey('ghost')}@nowhere.test`, password: 'guess' },
      status: [401, 429],
      check: failedLogin,
    }),
  ],
  [
    '10 KB password',
    () => ({
      method: 'POST',
      path: '/api/auth/login',
      json: { email: ATTACKED, password: 'x'.repeat(10 * 1024) },
      status: 400,
    }),
  ],
  [
    'operator object',
    () => ({
      method: 'POST',
      path: '/api/auth/login',
      headers: json,
      body: () => '{"email":{"$ne":null},"password":{"$ne":null}}',
      status: 400,
    }),
  ],
  [
    'tampered token',
    (ctx) => ({
      path: '/api/dashboard/summary',
      token: ctx.tampered,
      status: 401,
    }),
  ],
  [
    'revoked token',
    (ctx) => ({ path: '/api/stores', token: ctx.revoked, status: 401 }),
  ],
  [
    '8 KB Authorization header',
    () => ({
      path: '/api/auth/me',
      headers: { authorization: `Bearer ${'A'.repeat(8 * 1024)}` },
      status: 401,
    }),
  ],
  [
    'foreign Origin',
    (ctx) => ({
      path: '/api/auth/me',
      token: ctx.sessions.admin.token,
      headers: { origin: 'https://evil.example' },
      check: (a) =>
        a.headers.get('access-control-allow-origin') === null ||
        'CORS answered',
    }),
  ],
  [
    'foreign preflight',
    () => ({
      method: 'OPTIONS',
      path: '/api/auth/login',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
      },
      status: 404,
      check: (a) =>
        a.headers.get('access-control-allow-origin') === null ||
        'CORS answered',
    }),
  ],
  [
    'unknown tenant with markup',
    (ctx) => ({
      path: '/api/auth/me',
      token: ctx.sessions.admin.token,
      headers: { 'x-tenant-code': '<script>alert(1)</script>' },
      status: 400,
    }),
  ],
  [
    'NUL in the search',
    (ctx) => ({
      path: '/api/stores?search=%00',
      token: ctx.sessions.admin.token,
      status: 400,
    }),
  ],
  [
    'SQL in the search',
    (ctx) => ({
      path: '/api/stores?search=%27%20OR%201%3D1%20--',
      token: ctx.sessions.admin.token,
      check: (a) => a.body?.total === 0 || 'found stores',
    }),
  ],
  // 404 from the server; nginx in front refuses it itself (400) first.
  [
    'path traversal',
    (ctx) => ({
      path: '/assets/..%2f..%2f..%2fetc%2fpasswd',
      status: ctx.instances > 1 ? [400, 404] : 404,
      check: (a) => !a.text.includes('root:') || 'leaked a file',
    }),
  ],
  [
    "another member's store",
    (ctx) => ({
      path: `/api/stores/${ctx.otherStore}?member_id=3`,
      token: ctx.sessions.brandAdmin.token,
      tenant: 'kiehls',
      status: 404,
    }),
  ],
  [
    'the full member list as a brand user',
    (ctx) => ({
      path: '/api/members?all=true',
      token: ctx.sessions.operator.token,
      tenant: 'kiehls',
      status: 403,
    }),
  ],
  [
    '20 KB body',
    () => ({
      method: 'POST',
      path: '/api/auth/login',
      json: { email: ATTACKED, password: 'x'.repeat(20 * 1024) },
      status: 413,
    }),
  ],
  [
    'form body',
    () => ({
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: () => `email=${ATTACKED}&password=x`,
      status: 415,
    }),
  ],
  [
    'malformed JSON',
    () => ({
      method: 'POST',
      path: '/api/auth/login',
      headers: json,
      body: () => '{"email": "super@pact.test", "password": ',
      status: 400,
    }),
  ],
  [
    'NUL in the password',
    () => ({
      method: 'POST',
      path: '/api/auth/login',
      headers: json,
      body: () => `{"email":"${ATTACKED}","password":"x\\u0000"}`,
      status: 400,
    }),
  ],
  [
    '100 levels of JSON',
    () => ({
      method: 'POST',
      path: '/api/auth/login',
      headers: json,
      body: () => `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`,
      status: 400,
    }),
  ],
  [
    '__proto__ key',
    () => ({
      method: 'POST',
      path: '/api/auth/login',
      headers: json,
      body: () =>
        `{"__proto__":{"role":"super_admin"},"email":"${ATTACKED}","password":"x"}`,
      status: 400,
    }),
  ],
];

/** One hostile request, from an attacker's address of its own. */
export async function someHostile(ctx) {
  const [name, make] = pick(HOSTILE);
  await ctx.client.call(`hostile: ${name}`, {
    ...make(ctx),
    from: ctx.address(66),
  });
}

/**
 * Signs `email` in, reads the current user, signs out, and checks the
 * token is refused: at once on one instance, within the session cache's
 * 5 s on two (another process may still hold it, docs/decisions 0005).
 */
export async function signInAndOut(ctx, email, from) {
  const signedIn = await ctx.client.call('session: sign in (200)', {
    method: 'POST',
    path: '/api/auth/login',
    from,
    json: { email, password: DEMO_PASSWORD },
    check: (a) => a.body?.user?.email === email || 'another user',
  });
  if (signedIn?.status !== 200) return;
  const token = signedIn.body.token;
  await ctx.client.call('session: current user after sign-in (200)', {
    path: '/api/auth/me',
    token,
    from,
    check: (a) => a.body?.user?.email === email || 'another user',
  });
  const signedOut = await ctx.client.call('session: sign out (200)', {
    method: 'POST',
    path: '/api/auth/logout',
    token,
    from,
    headers: json,
    check: (a) => a.body?.success === true || 'not signed out',
  });
  // A sign-out whose answer was lost (the killed instance) may not have
  // happened: its token is rightly still live, so nothing is checked.
  if (signedOut?.status !== 200) return;
  await refusedAfterSignOut(
    ctx.client,
    'session: the signed-out token (401, or 200 if sent within 6 s, on another instance)',
    token,
    from,
    ctx.instances > 1 ? 6_000 : 0,
  );
}

/**
 * Reads /api/auth/me with a signed-out `token` until it is refused: a 200
 * is right only for a request sent within `graceMs` of the sign-out (the
 * session cache of another instance, 5 s; 0 on one instance). By the time
 * of sending, not of answering: on a busy machine an answer may arrive
 * seconds after the server decided.
 */
export async function refusedAfterSignOut(client, kind, token, from, graceMs) {
  const deadline = Date.now() + graceMs;
  for (;;) {
    const sentAt = Date.now();
    const answer = await client.call(kind, {
      path: '/api/auth/me',
      token,
      from,
      status: (s) => s === 401 || (s === 200 && sentAt < deadline),
    });
    if (answer?.status !== 200 || sentAt >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Signs every demo user in (each from an address of its own, so the
 * hostile traffic's throttling never meets them), makes the admin's API key
 * and a revoked and a tampered token, and finds a store of another member
 * and a processor: what the kinds above need, in a context with empty
 * pools. `client` is a {@link SoakClient}; `instances` how many servers
 * answer behind it.
 */
export async function prepare(client, { instances }) {
  let clients = 0;
  const address = (group) => {
    clients += 1;
    return `10.${group}.${(clients >> 8) & 255}.${clients & 255}`;
  };
  const roleAddress = Object.fromEntries(
    Object.keys(DEMO_USERS).map((role, i) => [role, `10.9.0.${i + 1}`]),
  );
  const signIn = async (role) => {
    const user = DEMO_USERS[role];
    const answer = await client.call('setup: sign in (200)', {
      method: 'POST',
      path: '/api/auth/login',
      from: roleAddress[role],
      json: { email: user.email, password: DEMO_PASSWORD },
    });
    if (answer?.status !== 200) {
      throw new Error(
        `sign-in of ${user.email} answered ${answer?.status}: ${answer?.text}`,
      );
    }
    return { token: answer.body.token, tenant: tenantOf(user), user };
  };
  const sessions = {};
  for (const role of Object.keys(DEMO_USERS))
    sessions[role] = await signIn(role);
  const revoked = (await signIn('admin')).token;
  await client.call('setup: sign out (200)', {
    method: 'POST',
    path: '/api/auth/logout',
    token: revoked,
    headers: json,
  });
  const key = await client.call('setup: make an API key (201)', {
    method: 'POST',
    path: '/api/keys',
    token: sessions.admin.token,
    tenant: 'pact',
    json: { name: 'Soak reader' },
    status: 201,
    audit: ['api_key', 'create'],
  });
  const stores = await client.call("setup: read a member's stores (200)", {
    path: '/api/stores?member_id=3',
    token: sessions.admin.token,
    tenant: 'pact',
  });
  const processors = await client.call('setup: read the processors (200)', {
    path: '/api/eol/processors',
    token: sessions.admin.token,
    tenant: 'pact',
  });
  const admin = sessions.admin.token;
  const keyed = new Map();
  return {
    client,
    tally: client.tally,
    instances,
    sessions,
    apiKey: key.body.secret,
    revoked,
    tampered: `${admin.slice(0, -1)}${admin.at(-1) === 'A' ? 'B' : 'A'}`,
    otherStore: stores.body.stores[0].id,
    processorId: processors.body.processors[0].id,
    address,
    addressOf: (role) => roleAddress[role] ?? '10.9.0.99',
    pools: {
      queue: [],
      taken: new Set(),
      received: [],
      views: [],
      lots: [],
      onHand: [],
    },
    jobs: { reports: [], g2: [] },
    /** Records the soak deleted, as `entity/id`. */
    deleted: new Set(),
    /** Creates made with an Idempotency-Key: key → { entity, id }. */
    keyedCreates: keyed,
    keyed(keyText, entity, id) {
      const seen = keyed.get(keyText);
      if (seen && String(seen.id) !== String(id)) seen.conflict = id;
      else keyed.set(keyText, { entity, id });
    },
  };
}
