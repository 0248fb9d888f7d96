import {
  DEMO_MEMBERS,
  DEMO_UNREAD_NOTIFICATIONS,
  DEMO_USERS,
  type DemoUserKey,
} from '@collective/api-client/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPassword } from '../auth/password';
import { findUserByEmail, toContractUser } from '../auth/users';
import { describeOnEachDatabase } from '../testing/test-databases';
import { present } from '../testing/present';
import type { Database } from './database';
import { migrate } from './migrations';
import {
  MAILBACK_REGIONS,
  MAILBACK_STATUSES,
  MATERIALS,
} from '@collective/api-client/contract';
import {
  makeSubmissions,
  MAILBACK_SUBMISSIONS_PER_SCALE,
} from './mailback-seed';
import { addMonths, contractMonth, monthStartOf } from '../data/months';
import type { SqlRunner } from './database';
import {
  BULK_TABLES,
  DEFAULT_PROGRAM_SEED,
  OUTCOMES,
  PROGRAM_MONTHS,
  seedProgram,
  STORES_PER_SCALE,
} from './program-seed';
import { readDemoSeed } from './demo-seed-record';
import { DEMO_PASSWORD, seedDemoData } from './seed';

/** The columns of {@link D11_ACCOUNTS}, as the users table names them. */
const D11_COLUMNS = [
  'email',
  'role',
  'member_id',
  'member_code',
  'allowed_tenant_id',
  'is_pact_staff',
] as const;

/**
 * The demo accounts exactly as decisions D11 lists them, written out here
 * rather than taken from `@collective/api-client/demo`, so a change of the
 * shared definition that breaks D11 fails.
 */
const D11_ACCOUNTS = [
  ['super@pact.test', 'super_admin', null, null, 1, true],
  ['admin@pact.test', 'admin', null, null, 1, true],
  ['staff@pact.test', 'admin', null, null, null, true],
  ['brand.admin@kiehls.test', 'admin', 2, 'KIEHLS', 2, false],
  ['special.admin@member1009.test', 'admin', 1009, null, 1, false],
  ['operator@kiehls.test', 'brand_operator', 2, 'KIEHLS', 2, false],
  ['nobody@pact.test', 'viewer', null, null, null, false],
].map((row) =>
  Object.fromEntries(D11_COLUMNS.map((column, i) => [column, row[i]])),
);

describeOnEachDatabase('seedDemoData', (engine) => {
  let db: Database;
  let firstRun: Awaited<ReturnType<typeof seedDemoData>>;

  beforeAll(async () => {
    db = await engine.open('empty');
    await migrate(db);
    firstRun = await seedDemoData(db);
  });
  afterAll(() => db?.close());

  it('creates exactly the seven demo accounts of decisions D11', async () => {
    const users = await db.query(
      'SELECT email, role, member_id, member_code, allowed_tenant_id, is_pact_staff FROM users ORDER BY id',
    );

    expect(firstRun).not.toBeNull();
    expect(users).toEqual(D11_ACCOUNTS);
  });

  it('records itself for the demo clean-up: its time, PRNG seed, scale and the highest id of each table (migration 14)', async () => {
    const record = await readDemoSeed(db);
    expect(record).toMatchObject({
      seed: DEFAULT_PROGRAM_SEED,
      scale: 1,
      cleanedAt: null,
    });
    const [highest] = await db.query<{
      users: number;
      shipments: number;
      audit: number;
    }>(
      `SELECT (SELECT max(id) FROM users) AS users, (SELECT max(id) FROM shipments) AS shipments,
              (SELECT coalesce(max(id), 0)::int FROM audit_events) AS audit`,
    );
    expect(record?.lastIds.users).toBe(highest?.users);
    expect(record?.lastIds.shipments).toBe(highest?.shipments);
    expect(record?.auditWatermark).toBe(highest?.audit);
  });

  it('gives every account its own salted argon2id hash of the demo password', async () => {
    const rows = await db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users',
    );
    const salts = rows.map((row) => row.password_hash.split('$')[4]);

    expect(
      rows.every((row) =>
        /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]+\$[\w+/]+$/.test(
          row.password_hash,
        ),
      ),
    ).toBe(true);
    expect(new Set(salts).size).toBe(rows.length);
    expect(
      await checkPassword(
        DEMO_PASSWORD,
        present(rows[0], 'a user').password_hash,
      ),
    ).toEqual({ matches: true, needsRehash: false });
  });

  it("creates Kiehl's (2, KIEHLS), member 1009 and at least four more brands", async () => {
    const members = await db.query<{ id: number; name: string; code: string }>(
      'SELECT id, name, code FROM members',
    );

    expect(members).toContainEqual({ id: 2, name: "Kiehl's", code: 'KIEHLS' });
    expect(members.map((member) => member.id)).toContain(1009);
    expect(members.length).toBeGreaterThanOrEqual(6);
    expect(
      members.every(
        (member) =>
          member.name.trim() !== '' && /^[A-Z0-9]+$/.test(member.code),
      ),
    ).toBe(true);
  });

  it('gives every account three to five unread notifications', async () => {
    const counts = await db.query<{ email: string; unread: number }>(
      `SELECT u.email, count(n.id) FILTER (WHERE n.read_at IS NULL)::int AS unread
         FROM users u LEFT JOIN notifications n ON n.user_id = u.id GROUP BY u.email`,
    );

    expect(counts).toHaveLength(D11_ACCOUNTS.length);
    for (const { unread } of counts) {
      expect(unread).toBeGreaterThanOrEqual(3);
      expect(unread).toBeLessThanOrEqual(5);
    }
  });

  it('seeds the demo accounts, members and unread counts of @collective/api-client/demo, which the fake and the e2e tests use', async () => {
    for (const key of Object.keys(DEMO_USERS) as DemoUserKey[]) {
      const demo = DEMO_USERS[key];
      const user = await findUserByEmail(db, demo.email);
      expect(user && toContractUser(user)).toEqual(demo);
      const [row] = await db.query<{ unread: number }>(
        `SELECT count(*)::int AS unread FROM notifications n JOIN users u ON u.id = n.user_id
          WHERE u.email = $1 AND n.read_at IS NULL`,
        [demo.email],
      );
      expect(row?.unread).toBe(DEMO_UNREAD_NOTIFICATIONS[key]);
    }
    const members = await db.query('SELECT id, name, code FROM members');
    expect(members).toEqual(expect.arrayContaining([...DEMO_MEMBERS]));
    expect(members).toHaveLength(DEMO_MEMBERS.length);
  });

  it('seeds at least 60 stores of every member across regions, both channels, some inactive, one not shipping yet', async () => {
    const stores = await db.query<{
      member_id: number;
      region: string;
      channel: string;
      active: boolean;
      shipments: number;
    }>(
      `SELECT s.member_id, s.region, s.channel, s.active,
              (SELECT count(*)::int FROM shipments sh WHERE sh.store_id = s.id) AS shipments
         FROM stores s`,
    );

    expect(stores.length).toBeGreaterThanOrEqual(60);
    expect(new Set(stores.map((s) => s.member_id))).toEqual(
      new Set(DEMO_MEMBERS.map((m) => m.id)),
    );
    expect(new Set(stores.map((s) => s.region)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(stores.map((s) => s.channel))).toEqual(
      new Set(['in-store', 'kiosk']),
    );
    expect(stores.some((s) => !s.active)).toBe(true);
    expect(stores.filter((s) => s.active).length).toBeGreaterThan(
      stores.length / 2,
    );
    expect(stores.some((s) => s.shipments === 0)).toBe(true);
  });

  it('seeds 24 months of shipments up to the seeding month, in every status, with a receipt once received', async () => {
    const [range] = await db.query<{
      months: number;
      first: string;
      last: string;
    }>(
      `SELECT count(DISTINCT date_trunc('month', shipped_at AT TIME ZONE 'UTC'))::int AS months,
              to_char(min(shipped_at) AT TIME ZONE 'UTC', 'YYYY-MM') AS first,
              to_char(max(shipped_at) AT TIME ZONE 'UTC', 'YYYY-MM') AS last
         FROM shipments`,
    );
    const statuses = await db.query<{ status: string }>(
      'SELECT DISTINCT status FROM shipments ORDER BY status',
    );
    const [inconsistent] = await db.query<Record<string, number>>(
      `SELECT count(*) FILTER (WHERE received_at <= shipped_at OR shipped_at > now())::int AS times,
              count(*) FILTER (WHERE sh.member_id <> s.member_id)::int AS member,
              count(*) FILTER (WHERE (r.shipment_id IS NOT NULL)
                                     <> (sh.status IN ('received', 'sorted')))::int AS receipt,
              count(*) FILTER (WHERE r.sorted_kg <> (
                SELECT coalesce(sum(m.weight_kg), 0) FROM shipment_materials m
                 WHERE m.shipment_id = sh.id))::int AS sorted_sum,
              count(*) FILTER (WHERE (sh.status = 'sorted') <> EXISTS (
                SELECT 1 FROM shipment_materials m WHERE m.shipment_id = sh.id))::int AS lines
         FROM shipments sh
         LEFT JOIN receipts r ON r.shipment_id = sh.id
         JOIN stores s ON s.id = sh.store_id`,
    );
    const current = monthStartOf(new Date());

    expect(range).toEqual({
      months: PROGRAM_MONTHS,
      first: contractMonth(addMonths(current, 1 - PROGRAM_MONTHS)),
      last: contractMonth(current),
    });
    expect(statuses.map((row) => row.status)).toEqual([
      'delivered',
      'exception',
      'in_transit',
      'label_created',
      'received',
      'sorted',
    ]);
    expect(inconsistent).toEqual({
      times: 0,
      member: 0,
      receipt: 0,
      sorted_sum: 0,
      lines: 0,
    });
  });

  it('tells the story of the queue: delivered shipments waiting days to be received, long transits, every kind of exception', async () => {
    const [story] = await db.query<{
      waiting: number;
      long_transit: number;
      exceptions: string[];
    }>(
      `SELECT count(*) FILTER (WHERE status = 'delivered'
                                 AND delivered_at < now() - interval '3 days')::int AS waiting,
              count(*) FILTER (WHERE status = 'in_transit'
                                 AND shipped_at < now() - interval '10 days')::int AS long_transit,
              array_agg(DISTINCT exception) FILTER (WHERE exception IS NOT NULL) AS exceptions
         FROM shipments`,
    );

    expect(story?.waiting).toBeGreaterThan(0);
    expect(story?.long_transit).toBeGreaterThan(0);
    expect(story?.exceptions).toEqual(['damaged', 'lost', 'refused']);
  });

  it('keeps every status change as an event, in order', async () => {
    const [events] = await db.query<{ unordered: number; missing: number }>(
      `SELECT count(*) FILTER (WHERE last_kind <> status)::int AS unordered,
              (SELECT count(*)::int FROM shipments sh WHERE NOT EXISTS (
                 SELECT 1 FROM shipment_events e WHERE e.shipment_id = sh.id)) AS missing
         FROM (SELECT sh.status,
                      (SELECT e.kind FROM shipment_events e WHERE e.shipment_id = sh.id
                        ORDER BY e.at DESC, e.id DESC LIMIT 1) AS last_kind
                 FROM shipments sh) x`,
    );

    expect(events).toEqual({ unordered: 0, missing: 0 });
  });

  it('keeps the mass balance: sorted within net, lots within their lines, most sorted material in lots, some on hand', async () => {
    const [balance] = await db.query<{
      received: number;
      sorted: number;
      in_lots: number;
      drawn: number;
      lot_weights_off: number;
      over_net: number;
    }>(
      `SELECT (SELECT sum(net_kg)::float8 FROM receipts) AS received,
              (SELECT sum(weight_kg)::float8 FROM shipment_materials) AS sorted,
              (SELECT sum(in_lots_kg)::float8 FROM shipment_materials) AS in_lots,
              (SELECT sum(weight_kg)::float8 FROM lot_sources) AS drawn,
              (SELECT count(*)::int FROM eol_lots l WHERE l.weight_kg <>
                 (SELECT sum(weight_kg) FROM lot_sources s WHERE s.lot_id = l.id)) AS lot_weights_off,
              (SELECT count(*)::int FROM receipts WHERE sorted_kg > net_kg) AS over_net`,
    );
    const b = present(balance, 'the balance');

    expect(b.sorted).toBeLessThan(b.received);
    expect(b.in_lots).toBeCloseTo(b.drawn, 3);
    expect(b.in_lots / b.sorted).toBeGreaterThan(0.8);
    expect(b.in_lots).toBeLessThan(b.sorted);
    expect(b.lot_weights_off).toBe(0);
    expect(b.over_net).toBe(0);
  });

  it('has lots open, shipped and confirmed, every outcome, each confirmed one with a certificate', async () => {
    const rows = await db.query<{
      status: string;
      outcome: string | null;
      certified: boolean;
    }>(
      `SELECT DISTINCT status, outcome, certificate_ref IS NOT NULL AS certified
         FROM eol_lots`,
    );

    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['open', 'shipped', 'confirmed']),
    );
    expect(new Set(rows.map((r) => r.outcome))).toEqual(
      new Set([...OUTCOMES, null]),
    );
    for (const row of rows) {
      expect(row.certified).toBe(row.status === 'confirmed');
    }
  });

  it('sorts into every material', async () => {
    const rows = await db.query<{ material: string }>(
      'SELECT DISTINCT material FROM shipment_materials',
    );

    expect(new Set(rows.map((r) => r.material))).toEqual(
      new Set(MATERIALS.map((m) => m.code)),
    );
  });

  it('leaves the keys and indexes of the tables it loads in bulk as the migrations made them', async () => {
    const keys = (database: Database) =>
      database.query(
        `SELECT conrelid::regclass::text AS on_table, conname AS name,
                pg_get_constraintdef(oid) AS definition
           FROM pg_constraint
          WHERE conrelid = ANY($1::regclass[])
         UNION ALL
         SELECT tablename, indexname, indexdef FROM pg_indexes
          WHERE tablename = ANY($1::text[])
         ORDER BY 1, 2, 3`,
        [[...BULK_TABLES]],
      );
    const migrated = await engine.open('empty');
    try {
      await migrate(migrated);

      expect(await keys(db)).toEqual(await keys(migrated));
      expect((await keys(db)).length).toBeGreaterThanOrEqual(20);
    } finally {
      await migrated.close();
    }
  });

  it('tells a year of mail-back on the pact form: every status, every region, unused labels, arrivals weighed, a few redacted', async () => {
    expect(firstRun?.mailbackSubmissions).toBe(MAILBACK_SUBMISSIONS_PER_SCALE);
    const rows = await db.query<{
      status: string;
      region: string;
      email: string | null;
      unused: boolean;
      weighed: boolean;
      redacted: boolean;
      ordered: boolean;
      oldest_days: number;
    }>(
      `SELECT status, region, email,
              status = 'label_sent' AND label_sent_at < now() - interval '30 days' AS unused,
              received_weight_kg > 0 AND shipment_ref IS NOT NULL AS weighed,
              redacted_at IS NOT NULL AND name IS NULL AND email IS NULL AS redacted,
              coalesce(label_sent_at >= created_at, true)
                AND coalesce(shipped_at >= label_sent_at, true)
                AND coalesce(received_at >= shipped_at, true)
                AND (tracking_number IS NOT NULL) = (label_sent_at IS NOT NULL)
                AND (status = 'received') = (received_at IS NOT NULL)
                AND coalesce(created_at <= now(), true) AS ordered,
              extract(day from now() - created_at)::int AS oldest_days
         FROM mailback_submissions WHERE tenant = 'pact'`,
    );
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(MAILBACK_STATUSES),
    );
    expect(new Set(rows.map((r) => r.region))).toEqual(
      new Set(MAILBACK_REGIONS),
    );
    expect(rows.filter((r) => r.unused).length).toBeGreaterThan(0);
    expect(
      rows.filter((r) => r.status === 'received').every((r) => r.weighed),
    ).toBe(true);
    expect(rows.filter((r) => r.redacted).length).toBeGreaterThan(0);
    expect(rows.filter((r) => !r.ordered)).toEqual([]);
    expect(Math.max(...rows.map((r) => r.oldest_days))).toBeLessThanOrEqual(
      366,
    );
    for (const { email } of rows) {
      if (email !== null) expect(email).toMatch(/@example\.(com|net)$/);
    }
  });

  it('leaves a database that already has users untouched', async () => {
    const again = await seedDemoData(db);

    expect(again).toBeNull();
    const [row] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users',
    );
    expect(row?.n).toBe(D11_ACCOUNTS.length);
  });
});

describe('seedProgram', () => {
  /** A database stand-in recording every statement, so runs can be compared. */
  function recorder() {
    const statements: { sql: string; params: readonly unknown[] }[] = [];
    const runner: SqlRunner = {
      async query<T>(sql: string, params: readonly unknown[] = []) {
        statements.push({ sql, params });
        return (
          sql.startsWith('SELECT id, name FROM members')
            ? DEMO_MEMBERS.map(({ id, name }) => ({ id, name }))
            : []
        ) as T[];
      },
      async exec() {
        // Settings, keys and ANALYZE: the same in every run.
      },
    };
    return { runner, statements };
  }
  const now = new Date('2026-11-22T10:00:00Z');
  /** The stores written, column by column, over every INSERT. */
  const storeRows = (
    statements: { sql: string; params: readonly unknown[] }[],
  ): unknown[][] => {
    const columns: unknown[][] = [];
    for (const { sql, params } of statements) {
      if (!sql.includes('INSERT INTO stores')) continue;
      params.forEach((values, column) => {
        columns[column] = [
          ...(columns[column] ?? []),
          ...(values as unknown[]),
        ];
      });
    }
    return columns;
  };

  it('writes exactly the same rows for the same seed and time: no Math.random, no clock', async () => {
    const first = recorder();
    const second = recorder();

    const counts = await seedProgram(first.runner, { scale: 1, now });
    await seedProgram(second.runner, { scale: 1, now });

    expect(second.statements).toEqual(first.statements);
    expect(counts.stores).toBe(STORES_PER_SCALE);
    expect(counts.shipments).toBeGreaterThan(8_000);
  });

  it('leaves at least three shipments of every member waiting at the warehouse for more than three days, at any hour of seeding', async () => {
    // At this hour, without the rule, member 3 had one shipment waiting and
    // member 7 none (a write test found it by the hour CI ran).
    const at = new Date('2026-11-28T11:00:00Z');
    const seeded = recorder();
    await seedProgram(seeded.runner, { scale: 1, now: at });

    const waiting = new Map<string, number>();
    const members = new Set<string>();
    const column = (params: readonly unknown[], index: number) =>
      String(params[index]).slice(1, -1).split(',');
    for (const { sql, params } of seeded.statements) {
      if (!sql.startsWith('INSERT INTO shipments')) continue;
      const member = column(params, 2);
      const delivered = column(params, 6);
      const status = column(params, 9);
      member.forEach((id, row) => {
        members.add(id);
        const deliveredAt = delivered[row] ?? 'NULL';
        if (
          status[row] === 'delivered' &&
          deliveredAt !== 'NULL' &&
          at.getTime() - Date.parse(deliveredAt) > 3 * 24 * 3_600_000
        ) {
          waiting.set(id, (waiting.get(id) ?? 0) + 1);
        }
      });
    }

    expect(members.size).toBeGreaterThanOrEqual(DEMO_MEMBERS.length - 1);
    for (const id of members) {
      expect(waiting.get(id) ?? 0, `member ${id}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps the stores of the demo set when the scale grows, and writes other data for another seed', async () => {
    const demo = recorder();
    const large = recorder();
    const other = recorder();

    await seedProgram(demo.runner, { scale: 1, now });
    const larger = await seedProgram(large.runner, { scale: 2, now });
    await seedProgram(other.runner, { scale: 1, now, seed: 7 });

    expect(larger.stores).toBe(2 * STORES_PER_SCALE);
    const demoStores = storeRows(demo.statements);
    const largeStores = storeRows(large.statements);
    expect(demoStores[0]).toHaveLength(STORES_PER_SCALE);
    for (const [column, values] of demoStores.entries()) {
      expect((largeStores[column] ?? []).slice(0, STORES_PER_SCALE)).toEqual(
        values,
      );
    }
    expect(storeRows(other.statements)).not.toEqual(demoStores);
  });
});

describe('makeSubmissions', () => {
  const now = new Date('2026-11-22T10:00:00Z');

  it('makes the same submissions for the same seed and time, more for a larger scale', () => {
    const first = makeSubmissions({ scale: 1, now, seed: 1 });
    expect(makeSubmissions({ scale: 1, now, seed: 1 })).toEqual(first);
    expect(makeSubmissions({ scale: 1, now, seed: 2 })).not.toEqual(first);
    expect(makeSubmissions({ scale: 2, now, seed: 1 })).toHaveLength(
      2 * first.length,
    );
  });

  it('numbers them oldest first, with unique tracking numbers', () => {
    const rows = makeSubmissions({ scale: 1, now, seed: 1, firstId: 5 });
    expect(rows[0]?.id).toBe(5);
    const times = rows.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const tracking = rows.flatMap((row) => row.trackingNumber ?? []);
    expect(new Set(tracking).size).toBe(tracking.length);
  });
});
