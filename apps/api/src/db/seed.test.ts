import {
  DEMO_MEMBERS as FIXTURE_MEMBERS,
  DEMO_USERS as FIXTURE_USERS,
} from '@collective/api-client/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password';
import { findUserByEmail, toContractUser } from '../auth/users';
import { describeOnEachDatabase } from '../testing/test-databases';
import { present } from '../testing/present';
import type { Database } from './database';
import { migrate } from './migrations';
import { DEMO_PASSWORD, seedDemoData } from './seed';

/** The demo accounts exactly as decisions D11 lists them. */
const D11_ACCOUNTS = [
  ['super@pact.test', 'super_admin', null, null, 1, true],
  ['admin@pact.test', 'admin', null, null, 1, true],
  ['staff@pact.test', 'admin', null, null, null, true],
  ['brand.admin@kiehls.test', 'admin', 2, 'KIEHLS', 2, false],
  ['special.admin@member1009.test', 'admin', 1009, null, 1, false],
  ['operator@kiehls.test', 'brand_operator', 2, 'KIEHLS', 2, false],
  ['nobody@pact.test', 'viewer', null, null, null, false],
].map(
  ([
    email,
    role,
    member_id,
    member_code,
    allowed_tenant_id,
    is_pact_staff,
  ]) => ({
    email,
    role,
    member_id,
    member_code,
    allowed_tenant_id,
    is_pact_staff,
  }),
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

  it('gives every account its own salted scrypt hash of the demo password', async () => {
    const rows = await db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users',
    );
    const salts = rows.map((row) => row.password_hash.split('$')[4]);

    expect(
      rows.every((row) =>
        /^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/.test(row.password_hash),
      ),
    ).toBe(true);
    expect(new Set(salts).size).toBe(rows.length);
    expect(
      await verifyPassword(
        DEMO_PASSWORD,
        present(rows[0], 'a user').password_hash,
      ),
    ).toBe(true);
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

  it('seeds exactly the accounts and members the client test fixtures describe', async () => {
    // @collective/api-client/testing holds the same demo data for component
    // tests; this fails as soon as the two drift apart.
    for (const fixture of Object.values(FIXTURE_USERS)) {
      const user = await findUserByEmail(db, fixture.email);
      expect(user && toContractUser(user)).toEqual(fixture);
    }
    const members = await db.query('SELECT id, name, code FROM members');
    expect(members).toEqual(expect.arrayContaining([...FIXTURE_MEMBERS]));
    expect(members).toHaveLength(FIXTURE_MEMBERS.length);
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
