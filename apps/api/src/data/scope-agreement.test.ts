/**
 * The data scope decided three times must agree: by the client (the data
 * filter it sends and the scope it expects, from the contract's rules), by
 * the reference server, and by the test fake the component tests run
 * against — for every demo user, tenant and selected member, including
 * members a brand user has no right to ask for.
 */
import {
  dataFilterFor,
  deriveAccess,
  isRefusal,
  resolveDataScope,
  type TenantCode,
} from '@collective/api-client/contract';
import {
  createFakeBackend,
  DEMO_USERS,
  demoToken,
  type DemoUserKey,
} from '@collective/api-client/testing';
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';

const FAKE_URL = 'http://fake-api.test';
const USERS = Object.keys(DEMO_USERS) as DemoUserKey[];
const TENANTS: (TenantCode | undefined)[] = ['pact', 'kiehls', undefined];
/** Selected members: none, Kiehl's, the special brand, another, one that does not exist. */
const SELECTED: (number | null)[] = [null, 2, 1009, 5, 999_999];

/** What a data call answered: the scope's member, or the refusal's status. */
type Outcome = { status: 200; member: number | null } | { status: number };

describeOnEachDatabase(
  'one data scope for client, server and fake',
  (engine) => {
    let server: TestServer;
    const tokens = new Map<DemoUserKey, string>();
    const fake = createFakeBackend({ baseUrl: FAKE_URL });
    const mock = setupServer(...fake.handlers);

    beforeAll(async () => {
      mock.listen({ onUnhandledRequest: 'bypass' });
      server = await startTestServer(engine);
      for (const key of USERS) {
        tokens.set(key, await server.login(DEMO_USERS[key].email));
      }
    });
    afterAll(async () => {
      mock.close();
      await server?.close();
    });

    const query = (memberId: number | null) =>
      memberId === null ? '' : `?member_id=${memberId}`;
    const headers = (tenant: TenantCode | undefined): Record<string, string> =>
      tenant ? { 'x-tenant-code': tenant } : {};
    function outcomeOf(status: number, body: unknown): Outcome {
      return status === 200
        ? {
            status,
            member: (body as { scope: { member_id: number | null } }).scope
              .member_id,
          }
        : { status };
    }

    async function fromServer(
      key: DemoUserKey,
      tenant: TenantCode | undefined,
      sent: number | null,
    ): Promise<Outcome> {
      const response = await server.get(
        `/api/dashboard/summary${query(sent)}`,
        tokens.get(key),
        headers(tenant),
      );
      return outcomeOf(response.statusCode, response.json());
    }

    async function fromFake(
      key: DemoUserKey,
      tenant: TenantCode | undefined,
      sent: number | null,
    ): Promise<Outcome> {
      const response = await fetch(
        `${FAKE_URL}/api/dashboard/summary${query(sent)}`,
        {
          headers: {
            authorization: `Bearer ${demoToken(key)}`,
            ...headers(tenant),
          },
        },
      );
      return outcomeOf(response.status, await response.json());
    }

    /** What the client expects: the contract's rules over the filter it sends. */
    function expected(
      key: DemoUserKey,
      tenant: TenantCode | undefined,
      sent: number | null,
    ): Outcome {
      const scope = resolveDataScope(
        deriveAccess(DEMO_USERS[key]),
        tenant,
        sent ?? undefined,
      );
      if (isRefusal(scope)) return { status: scope.status };
      return scope.memberId === 999_999
        ? { status: 404 }
        : { status: 200, member: scope.memberId };
    }

    const cases = USERS.flatMap((key) =>
      TENANTS.flatMap((tenant) =>
        SELECTED.map((selected) => [key, tenant, selected] as const),
      ),
    );

    it('gives the same answer for every user, tenant and selected member, whether the client sends its data filter or anything else', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...USERS),
          fc.constantFrom(...TENANTS),
          fc.constantFrom(...SELECTED),
          fc.boolean(),
          async (key, tenant, selected, hostile) => {
            const filter = dataFilterFor(
              deriveAccess(DEMO_USERS[key]),
              selected,
            );
            // The client sends its filter's member; a hostile caller anything.
            const sent = hostile
              ? selected
              : 'member_id' in filter
                ? filter.member_id
                : null;
            const label = `${key} on ${tenant ?? 'no tenant'} sending ${sent}`;
            const server = await fromServer(key, tenant, sent);
            expect(server, label).toEqual(expected(key, tenant, sent));
            expect(await fromFake(key, tenant, sent), label).toEqual(server);
          },
        ),
        {
          // Every combination once, then random ones.
          examples: cases.flatMap(([key, tenant, selected]) => [
            [key, tenant, selected, false],
            [key, tenant, selected, true],
          ]),
          numRuns: cases.length * 2 + 20,
        },
      );
    });
  },
);
