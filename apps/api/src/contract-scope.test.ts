/**
 * Issue 25, "scope and access, generated" (docs/decisions/0105): every call
 * of the contract walked as every demo role (staff, admin, super, brand
 * admin, special brand admin 1009, operator, nobody), on the pact and
 * kiehls tenants, by session and by API key, and anonymously. Calls with
 * a path parameter are walked with the ids of other members', other
 * users' and other tenants' records read from the database (which table
 * each entry names is `testing/contract-records.ts`, checked both ways);
 * writes are sent only where the rules refuse them, and must leave the
 * audit trail, the data version and the named rows as they were.
 *
 * The expectation of each call is derived from the contract's own rules
 * (`allows`, `resolveDataScope`, `mayReachConcealed`, `featureOn`) and the
 * record's owner, never listed by hand: a call added tomorrow is walked
 * tomorrow, and one without an access rule, or whose rule does not hold,
 * fails here.
 */
import {
  allows,
  deriveAccess,
  endpointPath,
  endpoints,
  featureOn,
  isRefusal,
  mayReachConcealed,
  resolveDataScope,
  TENANT_MEMBER,
  type Access,
  type Endpoint,
  type EndpointName,
  type TenantCode,
} from '@collective/api-client/contract';
import {
  DEMO_MEMBERS,
  DEMO_USERS,
  type DemoUserKey,
} from '@collective/api-client/demo';
import type { LightMyRequestResponse } from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  candidatesOf,
  ENTRY_RECORDS,
  RECORD_KINDS,
  writeFingerprint,
  type ParamEntryName,
  type RecordCandidate,
  type RecordKindName,
  type RecordOwner,
} from './testing/contract-records';
import { multipartBody } from './testing/multipart-body';
import { validSample } from './testing/schema-arbitrary';
import { describeOnOneDatabase } from './testing/test-databases';
import { startTestServer, type TestServer } from './testing/test-server';

type Named = readonly [EndpointName, Endpoint];
const ENTRIES: readonly Named[] = (
  Object.keys(endpoints) as EndpointName[]
).map((name) => [name, endpoints[name] as Endpoint] as const);
const isWrite = ([, entry]: Named) => entry.method !== 'GET';
const hasParams = ([, entry]: Named) => entry.params !== undefined;
const GETS = ENTRIES.filter((e) => !isWrite(e) && !hasParams(e));
const PARAM_GETS = ENTRIES.filter((e) => !isWrite(e) && hasParams(e));
const PARAM_WRITES = ENTRIES.filter((e) => isWrite(e) && hasParams(e));
const PLAIN_WRITES = ENTRIES.filter((e) => isWrite(e) && !hasParams(e));

const TENANTS: readonly TenantCode[] = ['pact', 'kiehls'];
/**
 * A bound against a hung walk, not a speed check: one entry's walk sends
 * up to a few dozen calls, CSV exports among them, on a busy machine.
 */
const WALK_TIMEOUT_MS = 180_000;
/** How a call proves who makes it: a session's token, or an API key (D13). */
type Credential = 'session' | 'key';
const ROLES = Object.keys(DEMO_USERS) as DemoUserKey[];

/** A demo account signed in, with its API key. */
interface Caller {
  role: DemoUserKey;
  userId: number;
  access: Access;
  token: Record<Credential, string>;
}

/** One way of calling: who, on which tenant, with which credential. */
interface Way {
  caller: Caller;
  tenant: TenantCode;
  credential: Credential;
}

/**
 * The status the contract's rules give a caller before any record is
 * read, or `null` when they let the call through: a tenant without the
 * entry's feature and a concealed call the caller may not learn of are
 * 404 (D3, D19), an API key on a call keys may not make 401 (D13), a
 * caller outside the audience or without a data scope 403 (D1, D12).
 */
function gate(
  entry: Endpoint,
  { caller, tenant, credential }: Way,
): number | null {
  const viaKey = credential === 'key';
  if (entry.feature && !featureOn(tenant, entry.feature)) return 404;
  if (entry.auth === 'anonymous') return null;
  if (entry.concealed) {
    if (viaKey) return 404;
    if (
      !mayReachConcealed(
        caller.access,
        entry.audience,
        false,
        tenant,
        entry.feature,
      )
    )
      return 404;
  }
  if (viaKey && entry.auth !== 'session-or-key') return 401;
  if (!allows(caller.access, entry.audience)) return 403;
  if (entry.deniedToSpecialBrand && caller.access.isSpecialBrandUser)
    return 403;
  if (
    entry.scoped &&
    isRefusal(resolveDataScope(caller.access, tenant, undefined))
  )
    return 403;
  return null;
}

/** The member whose data a caller's answers may hold (`null`: any), or `undefined` for none at all. */
function visibleMember(
  access: Access,
  tenant: TenantCode,
): number | null | undefined {
  const scope = resolveDataScope(access, tenant, undefined);
  return isRefusal(scope) ? undefined : scope.memberId;
}

/** Whether a record is someone else's for this caller (decisions D12). */
function foreign(owner: RecordOwner, { caller, tenant }: Way): boolean {
  if (owner.userId !== undefined && owner.userId !== caller.userId) return true;
  if (owner.tenant !== undefined && owner.tenant !== tenant) return true;
  if (owner.memberId !== undefined) {
    const member = visibleMember(caller.access, tenant);
    if (member === undefined) return true;
    if (member !== null && member !== owner.memberId) return true;
  }
  return false;
}

/**
 * The members a caller's answer may name on an entry, or `null` for no
 * limit: a brand user's answers hold their own member only (a user
 * without a dashboard's, none) whatever the entry; a collective admin's
 * are limited only on a scoped entry (the kiehls tenant shows Kiehl's
 * only). A public call (audience `anyone`) shows what anyone may see.
 */
function limitOf(entry: Endpoint, way: Way): { members: number[] } | null {
  const access = way.caller.access;
  if (entry.audience === 'anyone') return null;
  if (!access.isCollectiveAdmin)
    return { members: access.ownMemberId === null ? [] : [access.ownMemberId] };
  if (!entry.scoped) return null;
  const member = visibleMember(access, way.tenant);
  return member === null || member === undefined ? null : { members: [member] };
}

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

/**
 * The smallest query `schema` accepts: none when it takes `{}`, else a
 * sample with every key it can do without removed (no `member_id`, no
 * download ticket, no filter), so the walk asks for the caller's whole scope.
 */
function leastQuery(schema: Endpoint['query']): Record<string, string> {
  if (!schema || v.safeParse(schema, {}).success) return {};
  const query = { ...(validSample(schema) as Record<string, string>) };
  for (const key of Object.keys(query)) {
    const { [key]: _dropped, ...rest } = query;
    if (v.safeParse(schema, rest).success) delete query[key];
  }
  return query;
}

function urlOf(entry: Endpoint, params?: Record<string, string>, query = {}) {
  const taken = Object.fromEntries(
    Object.entries(params ?? {}).filter(([key]) =>
      entry.path.includes(`:${key}`),
    ),
  );
  const path = endpointPath(entry, taken as never);
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** Some calls answer a reachable record with a 404 for a reason of its own. */
const REACHABLE_BUT_ABSENT: Partial<Record<EndpointName, string>> = {
  reportFile:
    'the run is queued (this server runs no jobs), so it has no file yet',
  g2UploadReportCsv: 'its upload= names an upload, and the walk names none',
};

/**
 * Writes whose body names a member that answer for the caller's own scope
 * instead of refusing another member, as a query's `member_id` does (D12).
 */
const BODY_MEMBER_IGNORED: Partial<Record<EndpointName, string>> = {
  runReport:
    "a run is always of the caller's scope: a brand user's member, Kiehl's on kiehls",
};

/** Whether a body schema takes a top-level `member_id` (in any of its variants). */
function namesMember(schema: unknown): boolean {
  const node = schema as
    | {
        pipe?: unknown[];
        entries?: Record<string, unknown>;
        options?: unknown[];
      }
    | undefined;
  if (!node) return false;
  if (node.pipe && node.pipe[0] !== node) return namesMember(node.pipe[0]);
  if (node.entries) return 'member_id' in node.entries;
  return Array.isArray(node.options) && node.options.some(namesMember);
}

describe('the contract says who may make each call', () => {
  it('names an audience on every entry, "anyone" exactly on those answered without a session', () => {
    const wrong = ENTRIES.filter(([, entry]) => {
      const open =
        entry.auth === 'anonymous' || entry.auth === 'session-if-any';
      return !entry.audience || (entry.audience === 'anyone') !== open;
    }).map(
      ([name, entry]) => `${name}: ${entry.auth} / ${String(entry.audience)}`,
    );
    expect(wrong).toEqual([]);
  });

  it('maps every entry with a path parameter to the table of its record, and only those', () => {
    const withParams = ENTRIES.filter(hasParams).map(([name]) => name);
    const mapped = Object.keys(ENTRY_RECORDS);
    expect(withParams.filter((name) => !mapped.includes(name))).toEqual([]);
    expect(
      mapped.filter((name) => !withParams.includes(name as EndpointName)),
    ).toEqual([]);
  });
});

describeOnOneDatabase(
  'every call of the contract, as every kind of caller',
  (engine) => {
    let server: TestServer;
    const callers = {} as Record<DemoUserKey, Caller>;
    const records = {} as Record<RecordKindName, RecordCandidate[]>;
    let cases = 0;
    const started = Date.now();

    const send = (
      entry: Endpoint,
      url: string,
      way: Way | null,
      payload?: { payload: unknown; headers?: Record<string, string> },
    ): Promise<LightMyRequestResponse> => {
      cases += 1;
      return server.app.inject({
        method: entry.method,
        url,
        headers: {
          ...(way
            ? {
                authorization: `Bearer ${way.caller.token[way.credential]}`,
                'x-tenant-code': way.tenant,
              }
            : {}),
          ...payload?.headers,
        },
        ...(payload ? { payload: payload.payload as string } : {}),
      });
    };

    /**
     * The ways an entry is called: every role on both tenants by session;
     * by API key too where the contract lets keys call, else as two roles
     * only (a key is refused before its owner is looked up). Roles are
     * rotated by the entry's place, so that among the collective admins,
     * whose calls that the rules let through all answer the whole
     * collective, a different one leads on each entry (see {@link Walk}).
     */
    const waysFor = (entry: Endpoint, index: number): Way[] => {
      const roles = ROLES.map(
        (_, i) => ROLES[(i + index) % ROLES.length] as DemoUserKey,
      );
      const sessions = roles.flatMap((role) =>
        TENANTS.map((tenant) => ({
          caller: callers[role],
          tenant,
          credential: 'session' as const,
        })),
      );
      const keys =
        entry.auth === 'session-or-key'
          ? roles.flatMap((role) =>
              TENANTS.map((tenant) => ({
                caller: callers[role],
                tenant,
                credential: 'key' as const,
              })),
            )
          : [
              {
                caller: callers.brandAdmin,
                tenant: 'kiehls' as const,
                credential: 'key' as const,
              },
              {
                caller: callers.super,
                tenant: 'pact' as const,
                credential: 'key' as const,
              },
            ];
      return [...sessions, ...keys];
    };

    const describeWay = ({ caller, tenant, credential }: Way) =>
      `${caller.role} (${credential}, ${tenant})`;

    beforeAll(async () => {
      server = await startTestServer(engine);
      const ids = new Map(
        (
          await server.db.query<{ id: number; email: string }>(
            'SELECT id, email FROM users',
          )
        ).map((row) => [row.email, Number(row.id)]),
      );
      for (const role of ROLES) {
        const user = DEMO_USERS[role];
        const session = await server.login(user.email);
        const key = await server.app.inject({
          method: 'POST',
          url: '/api/keys',
          headers: { authorization: `Bearer ${session}` },
          payload: { name: 'contract walk' },
        });
        expect(key.statusCode, key.body).toBe(201);
        callers[role] = {
          role,
          userId: ids.get(user.email) ?? -1,
          access: deriveAccess(user),
          token: { session, key: key.json().secret },
        };
      }
      // Records of every kind of owner that the seed does not hold: views,
      // report runs (jobs) and users who are none of the signed-in callers.
      const as = async (
        role: DemoUserKey,
        url: string,
        payload: object,
        tenant = 'pact',
      ) => {
        const answer = await server.app.inject({
          method: 'POST',
          url,
          headers: {
            authorization: `Bearer ${callers[role].token.session}`,
            'x-tenant-code': tenant,
          },
          payload,
        });
        expect(answer.statusCode, `${role} POST ${url}: ${answer.body}`).toBe(
          201,
        );
      };
      const view = (visibility: string) => ({
        list: 'stores',
        name: `walk ${visibility}`,
        visibility,
        state: 'sort=name',
      });
      for (const role of ROLES)
        if (role !== 'nobody')
          await as(
            role,
            '/api/saved-views',
            view('private'),
            role === 'brandAdmin' ? 'kiehls' : 'pact',
          );
      await as('brandAdmin', '/api/saved-views', view('member'), 'kiehls');
      await as('specialAdmin', '/api/saved-views', view('member'));
      await as('admin', '/api/saved-views', view('collective'));
      const period = {
        template: 'member-impact',
        from: '2026-01',
        to: '2026-01',
      };
      await as('brandAdmin', '/api/reports', period, 'kiehls');
      await as('super', '/api/reports', { ...period, member_id: 3 });
      await as('super', '/api/reports', period);
      for (const [index, member_id] of [2, 1009, 3, null].entries())
        await as('super', '/api/users', {
          email: `walk-${index}@example.org`,
          name: `Walk ${index}`,
          role: member_id === null ? 'admin' : 'brand_viewer',
          member_id,
        });
      for (const kind of Object.keys(RECORD_KINDS) as RecordKindName[])
        records[kind] = await candidatesOf(server.db, kind);
    });

    afterAll(async () => {
      console.info(
        `[contract scope, ${engine.name}] ${cases} endpoint × role × id cases in ${Math.round((Date.now() - started) / 1000)} s`,
      );
      await server?.close();
    });

    /** Checks one answer against what the rules say of this caller and record. */
    function expectAnswer(
      name: EndpointName,
      entry: Endpoint,
      way: Way | null,
      answer: LightMyRequestResponse,
      what: string,
      owner?: RecordOwner,
    ) {
      const status = answer.statusCode;
      const said = `${what} → ${status} ${answer.body.slice(0, 160)}`;
      if (!way) {
        if (entry.audience === 'anyone') return;
        expect([401, 404], said).toContain(status);
        return;
      }
      const refused = gate(entry, way);
      if (refused !== null) {
        expect(status, said).toBe(refused);
        return;
      }
      if (owner && foreign(owner, way)) {
        expect([403, 404], said).toContain(status);
        return;
      }
      if (REACHABLE_BUT_ABSENT[name] && status === 404) return;
      expect(status, said).toBe(200);
      const limit = limitOf(entry, way);
      if (!limit) return;
      // A tenant's own brand is in its pages (instructions): not another member's data.
      const named = entry.scoped
        ? limit.members
        : [...limit.members, TENANT_MEMBER[way.tenant]?.id];
      for (const other of DEMO_MEMBERS.filter((m) => !named.includes(m.id)))
        expect(answer.body, `${said}: names ${other.name}`).not.toContain(
          other.name,
        );
      if (!String(answer.headers['content-type'] ?? '').includes('json'))
        return;
      const json = answer.json();
      if (json.scope && entry.scoped)
        expect(json.scope.member_id, said).toBe(limit.members[0] ?? null);
      const ids = memberIdsIn(json).filter((id) => id !== null);
      expect(
        ids.filter((id) => !limit.members.includes(id as number)),
        `${said}: member_id values`,
      ).toEqual([]);
    }

    /**
     * Sends one call of the walk and checks its answer ({@link expectAnswer});
     * `label` names the record, if any, in a failure.
     */
    async function walkCall(
      name: EndpointName,
      entry: Endpoint,
      url: string,
      way: Way | null,
      {
        owner,
        label = '',
        payload,
      }: {
        owner?: RecordOwner | undefined;
        label?: string;
        payload?: Parameters<typeof send>[3];
      } = {},
    ): Promise<void> {
      const who = way ? describeWay(way) : 'anonymous';
      const answer = await send(entry, url, way, payload);
      expectAnswer(
        name,
        entry,
        way,
        answer,
        `${who} ${entry.method} ${url}${label}`,
        owner,
      );
    }

    it('walks a sizeable contract (the lists are not empty by mistake)', () => {
      expect(GETS.length).toBeGreaterThan(25);
      expect(PARAM_GETS.length).toBeGreaterThan(10);
      expect(PARAM_WRITES.length).toBeGreaterThan(20);
    });

    it.each(ENTRIES)(
      '%s: nobody without a credential gets an answer',
      async (name, entry) => {
        const kind = ENTRY_RECORDS[name as ParamEntryName];
        const params = kind ? records[kind][0]?.params : undefined;
        await walkCall(name, entry, urlOf(entry, params), null);
      },
    );

    /**
     * Which calls of one entry a walk sends. A call the rules refuse before
     * any record is read is sent for the entry's first record only (the
     * refusal does not depend on it); of the calls an unlimited caller may
     * make (a collective admin, the whole collective), one per tenant and
     * credential is sent: they differ in nothing the walk checks.
     */
    class Walk {
      private readonly unlimited = new Set<string>();
      constructor(private readonly entry: Endpoint) {}
      /** Whether `way` is sent for the entry's `index`th record (with its `owner`). */
      sends(way: Way, owner?: RecordOwner, index = 0): boolean {
        if (gate(this.entry, way) !== null) return index === 0;
        if (owner && foreign(owner, way)) return true;
        if (limitOf(this.entry, way) !== null || owner?.userId !== undefined)
          return true;
        const key = `${way.tenant} ${way.credential} ${index}`;
        if (this.unlimited.has(key)) return false;
        this.unlimited.add(key);
        return true;
      }
    }

    it.each(GETS.map((e, i) => [...e, i] as const))(
      '%s: every role, tenant and credential gets its own scope only, whatever member_id it sends',
      async (name, entry, index) => {
        const base = leastQuery(entry.query);
        const takesMemberId =
          entry.query !== undefined &&
          v.safeParse(entry.query, { ...base, member_id: '3' }).success;
        const walk = new Walk(entry);
        for (const way of waysFor(entry, index)) {
          if (!walk.sends(way)) continue;
          const own = visibleMember(way.caller.access, way.tenant);
          // Another member than the caller's own: Lumen (3), or Kiehl's (2) for Lumen's scope.
          const other = own === 3 ? 2 : 3;
          const asked =
            takesMemberId && own !== null && way.credential === 'session'
              ? [undefined, other]
              : [undefined];
          for (const member of asked) {
            const query =
              member === undefined
                ? base
                : { ...base, member_id: String(member) };
            const url = urlOf(entry, undefined, query);
            await walkCall(name, entry, url, way);
          }
        }
      },
      WALK_TIMEOUT_MS,
    );

    it.each(PARAM_GETS.map((e, i) => [...e, i] as const))(
      "%s: every role, tenant and credential reaches its own records and gets 403/404 for everyone else's",
      async (name, entry, index) => {
        const query = leastQuery(entry.query);
        const walk = new Walk(entry);
        for (const [at, record] of records[
          ENTRY_RECORDS[name as ParamEntryName]
        ].entries()) {
          const url = urlOf(entry, record.params, query);
          for (const way of waysFor(entry, index)) {
            if (!walk.sends(way, record.owner, at)) continue;
            await walkCall(name, entry, url, way, {
              owner: record.owner,
              label: ` [${record.label}]`,
            });
          }
        }
      },
      WALK_TIMEOUT_MS,
    );

    /** A body the entry's schema accepts, naming `member` where it names one, so the write gets past validation to its rules. */
    const bodyOf = (entry: Endpoint, member?: number) => {
      if (entry.upload)
        return multipartBody('name\nwalk\n', { field: entry.upload.field });
      if (!entry.body) return undefined;
      const body = validSample(entry.body) as Record<string, unknown>;
      if (member !== undefined && 'member_id' in body)
        body['member_id'] = member;
      return {
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      };
    };

    it.each(PARAM_WRITES.map((e, i) => [...e, i] as const))(
      "%s: a write on another member's, user's or tenant's record is refused and writes nothing",
      async (name, entry, index) => {
        const kind = ENTRY_RECORDS[name as ParamEntryName];
        const candidates = records[kind];
        const table = RECORD_KINDS[kind].table;
        const before = await writeFingerprint(
          server.db,
          table,
          candidates.map((c) => c.rowId),
        );
        const query = leastQuery(entry.query);
        let sent = 0;
        for (const [at, record] of candidates.entries()) {
          const url = urlOf(entry, record.params, query);
          for (const way of waysFor(entry, index)) {
            const refused = gate(entry, way) !== null;
            if (!(refused ? at === 0 : foreign(record.owner, way))) continue;
            sent += 1;
            await walkCall(name, entry, url, way, {
              owner: record.owner,
              label: ` [${record.label}]`,
              payload: bodyOf(entry),
            });
          }
        }
        expect(sent).toBeGreaterThan(0);
        expect(
          await writeFingerprint(
            server.db,
            table,
            candidates.map((c) => c.rowId),
          ),
        ).toBe(before);
      },
      WALK_TIMEOUT_MS,
    );

    it.each(
      PLAIN_WRITES.filter(([, entry]) => entry.audience !== 'anyone').map(
        (e, i) => [...e, i] as const,
      ),
    )(
      "%s: a caller the rules refuse, or who names another member's id in the body, writes nothing",
      async (name, entry, index) => {
        const before = await writeFingerprint(server.db, 'members', []);
        const url = urlOf(entry, undefined, leastQuery(entry.query));
        const byMember = namesMember(entry.body) && !BODY_MEMBER_IGNORED[name];
        for (const way of waysFor(entry, index)) {
          const refused = gate(entry, way) !== null;
          const own = visibleMember(way.caller.access, way.tenant);
          // Another member than the caller's scope, where the scope is one member or none.
          const other = own === null ? undefined : own === 3 ? 2 : 3;
          if (!refused && !(byMember && other !== undefined)) continue;
          await walkCall(name, entry, url, way, {
            owner: refused ? undefined : { memberId: other },
            payload: bodyOf(entry, other),
          });
        }
        expect(await writeFingerprint(server.db, 'members', [])).toBe(before);
      },
      WALK_TIMEOUT_MS,
    );
  },
);
