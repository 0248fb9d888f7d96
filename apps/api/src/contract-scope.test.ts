/**
 * Issue 25, "scope and access, generated": every GET of the contract,
 * walked as anonymous, as each brand user of Kiehl's (session and API
 * key) asking for every other member's data, and as the super admin. The
 * list of calls is the contract itself, so a call added tomorrow is walked
 * tomorrow: without an access rule that holds, this test fails.
 */
import {
  endpoints,
  type Endpoint,
  type EndpointName,
} from '@collective/api-client/contract';
import { DEMO_MEMBERS } from '@collective/api-client/demo';
import * as v from 'valibot';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from './testing/test-databases';
import { startTestServer, type TestServer } from './testing/test-server';

const OWN_MEMBER = 2;
const OTHERS = DEMO_MEMBERS.filter((m) => m.id !== OWN_MEMBER);

/** The GETs of the contract that take no path parameter, by name. */
const GETS = (Object.keys(endpoints) as EndpointName[])
  .map((name) => [name, endpoints[name] as Endpoint] as const)
  .filter(([, entry]) => entry.method === 'GET' && !entry.path.includes(':'));

/** Whether the entry's query takes `member_id` (a caller's request for a member's data). */
function takesMemberId(entry: Endpoint): boolean {
  if (!entry.query) return false;
  return v.safeParse(entry.query, { member_id: '3' }).success;
}

/** Whether the entry answers with no query at all (no required parameter). */
const needsNothing = (entry: Endpoint) =>
  !entry.query || v.safeParse(entry.query, {}).success;

/**
 * Every value of a `member_id` key anywhere in a JSON answer, but for a
 * `query` object: an export's audit event keeps the query the caller sent,
 * which is what they asked for, not another member's data.
 */
function memberIdsIn(value: unknown, found: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const item of value) memberIdsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'member_id') found.push(inner);
      else if (key !== 'query') memberIdsIn(inner, found);
    }
  }
  return found;
}

describeOnEachDatabase(
  'every GET of the contract, as every kind of caller',
  (engine) => {
    let server: TestServer;
    const bearers: Record<string, string> = {};
    /** The calls that answered a brand user with data (the walk proves something). */
    const answered = new Set<string>();
    beforeAll(async () => {
      server = await startTestServer(engine);
      for (const email of ['brand.admin@kiehls.test', 'operator@kiehls.test']) {
        const session = await server.login(email);
        const key = await server.app.inject({
          method: 'POST',
          url: '/api/keys',
          headers: { authorization: `Bearer ${session}` },
          payload: { name: 'contract walk' },
        });
        expect(key.statusCode).toBe(201);
        bearers[`${email} session`] = session;
        bearers[`${email} key`] = key.json().secret;
      }
    });
    afterAll(() => server?.close());

    it('walks a sizeable contract (the list is not empty by mistake)', () => {
      expect(GETS.length).toBeGreaterThan(25);
    });

    it.each(GETS)(
      '%s: nobody without a credential gets an answer',
      async (_name, entry) => {
        const answer = await server.get(entry.path);
        if (entry.auth === 'anonymous' || entry.auth === 'session-if-any')
          return;
        expect([401, 404], `${entry.path}: ${answer.statusCode}`).toContain(
          answer.statusCode,
        );
      },
    );

    it.each(GETS.filter(([, entry]) => entry.auth !== 'anonymous'))(
      "%s: a Kiehl's user never gets another member's data, whatever member_id they send",
      async (_name, entry) => {
        const queries = takesMemberId(entry)
          ? OTHERS.map((m) => `?member_id=${m.id}`)
          : [''];
        for (const [who, bearer] of Object.entries(bearers)) {
          for (const query of queries) {
            const answer = await server.get(`${entry.path}${query}`, bearer);
            const what = `${who} GET ${entry.path}${query} → ${answer.statusCode}`;
            if (answer.statusCode !== 200) {
              // Refused, hidden, or a parameter this walk does not fill.
              expect([400, 401, 403, 404], what).toContain(answer.statusCode);
              if (answer.statusCode === 400)
                expect(needsNothing(entry), what).toBe(false);
              continue;
            }
            answered.add(entry.path);
            const body = answer.body;
            for (const other of OTHERS) {
              expect(body, `${what} names ${other.name}`).not.toContain(
                other.name,
              );
            }
            if (!String(answer.headers['content-type'] ?? '').includes('json'))
              continue;
            const json = answer.json();
            if (entry.scoped && json.scope) {
              expect(json.scope.member_id, what).toBe(OWN_MEMBER);
            }
            const ids = memberIdsIn(json).filter((id) => id !== null);
            expect(
              ids.filter((id) => id !== OWN_MEMBER),
              `${what}: member_id values`,
            ).toEqual([]);
          }
        }
      },
    );

    it('answered the brand users with data on many calls, not only refusals', () => {
      expect(answered.size).toBeGreaterThanOrEqual(15);
    });

    it('gives the super admin an answer on every GET that needs no parameter', async () => {
      const token = await server.login('super@pact.test');
      const failing: string[] = [];
      for (const [name, entry] of GETS) {
        if (!needsNothing(entry)) continue;
        const answer = await server.get(entry.path, token);
        if (answer.statusCode !== 200)
          failing.push(`${name} ${answer.statusCode}`);
      }
      expect(failing).toEqual([]);
    });
  },
);
