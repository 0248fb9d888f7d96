import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBERS } from '../db/seed';
import { describeOnEachDatabase } from '../testing/test-databases';
import { present } from '../testing/present';
import { startTestServer, type TestServer } from '../testing/test-server';

/** The brand users of the demo data and the member each belongs to. */
const BRAND_USERS = [
  ['brand.admin@kiehls.test', 2],
  ['operator@kiehls.test', 2],
  ['special.admin@member1009.test', 1009],
] as const;

/**
 * Decisions D12: a brand user reads their own member only, whatever they
 * ask for — with a session or with their API key. Every other member's id
 * is tried on every data endpoint.
 */
describeOnEachDatabase("a brand user and other members' data", (engine) => {
  let server: TestServer;
  /** A store of each member, by member id. */
  const storeOf = new Map<number, number>();
  const credentials: Record<string, { session: string; apiKey: string }> = {};
  beforeAll(async () => {
    server = await startTestServer(engine);
    const stores = await server.db.query<{ member_id: number; id: number }>(
      'SELECT member_id, min(id) AS id FROM stores GROUP BY member_id',
    );
    for (const { member_id, id } of stores) storeOf.set(member_id, id);
    for (const [email] of BRAND_USERS) {
      const session = await server.login(email);
      const created = await server.app.inject({
        method: 'POST',
        url: '/api/keys',
        headers: { authorization: `Bearer ${session}` },
        payload: { name: 'scope test' },
      });
      expect(created.statusCode).toBe(201);
      credentials[email] = { session, apiKey: created.json().secret };
    }
  });
  afterAll(() => server?.close());

  const missingStore = () => server.get('/api/stores/2147483647');

  describe.each(BRAND_USERS)('%s (member %i)', (email, ownMember) => {
    const others = DEMO_MEMBERS.map((member) => member.id).filter(
      (id) => id !== ownMember,
    );

    it('is refused the full member list with 403, and gets only id and name of their own member', async () => {
      const { session } = present(credentials[email], 'credentials');
      const all = await server.get('/api/members?all=true', session);
      const names = await server.get('/api/members?names_only=true', session);

      expect(all.statusCode).toBe(403);
      expect(all.json().error).toBe('Forbidden');
      expect(names.json()).toEqual({
        success: true,
        members: [
          {
            id: ownMember,
            name: present(
              DEMO_MEMBERS.find((member) => member.id === ownMember),
              'the member',
            ).name,
          },
        ],
      });
      expect(Object.keys(names.json().members[0]).sort()).toEqual([
        'id',
        'name',
      ]);
    });

    describe.each(['session', 'apiKey'] as const)('with a %s', (kind) => {
      const bearer = () =>
        present(credentials[email], 'credentials')[kind] as string;

      it('gets its own summary for every other member_id', async () => {
        const own = await server.get('/api/dashboard/summary', bearer());
        expect(own.statusCode).toBe(200);
        for (const other of others) {
          const asked = await server.get(
            `/api/dashboard/summary?member_id=${other}`,
            bearer(),
          );
          expect(asked.statusCode).toBe(200);
          expect(asked.json().scope.member_id).toBe(ownMember);
          expect(asked.json()).toEqual(own.json());
        }
      });

      it("lists only its own member's stores for every other member_id", async () => {
        for (const other of others) {
          const asked = await server.get(
            `/api/stores?member_id=${other}&page_size=100`,
            bearer(),
          );
          expect(asked.statusCode).toBe(200);
          expect(asked.json().scope.member_id).toBe(ownMember);
          expect(
            asked
              .json()
              .stores.every(
                (store: { member_id: number }) => store.member_id === ownMember,
              ),
          ).toBe(true);
        }
      });

      it("answers 404 for every other member's store, exactly as for a store that does not exist", async () => {
        const missing = await server.get('/api/stores/2147483647', bearer());
        expect(missing.statusCode).toBe(404);
        for (const other of others) {
          const storeId = present(storeOf.get(other), `a store of ${other}`);
          const asked = await server.get(
            `/api/stores/${storeId}?member_id=${other}`,
            bearer(),
          );
          expect(asked.statusCode).toBe(404);
          // The same words as for a missing store, but for the id.
          expect(asked.body).toBe(
            missing.body.replace('2147483647', String(storeId)),
          );
        }
        const own = present(storeOf.get(ownMember), 'an own store');
        expect(
          (await server.get(`/api/stores/${own}`, bearer())).statusCode,
        ).toBe(200);
      });
    });
  });

  it('needs a caller for a store at all (the 404 above is not a public answer)', async () => {
    expect((await missingStore()).statusCode).toBe(401);
  });
});
