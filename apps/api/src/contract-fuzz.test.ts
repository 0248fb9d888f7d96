/**
 * Issue 25, "hostile input, generated" (docs/decisions/0105): every call
 * of the contract sent, as a collective admin, paths, queries and bodies
 * drawn from its own valibot schemas and mutated into hostile ones (wrong
 * types, huge and odd text, deep nesting, `__proto__` and `constructor`
 * keys, numbers out of range, broken JSON, hostile files). Whatever
 * arrives: no 5xx; every answer is in the contract (a 2xx matches the
 * entry's response schema, a 4xx is the API's error body); a 4xx writes
 * nothing (the audit trail, the data version and the writes that are not
 * audited are as they were); nothing pollutes the server's prototypes.
 *
 * fast-check draws new cases on every run and prints the seed and path of
 * a failure to replay it. `FUZZ_RUNS` sets the cases per call (8 unless
 * given, to bound the run on a busy machine; raise it for a deeper run).
 */
import {
  endpoints,
  type Endpoint,
  type EndpointName,
} from '@collective/api-client/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SqlRunner } from './db/database';
import { multipartBody } from './testing/multipart-body';
import {
  hostileArbitrary,
  hostileJsonText,
  hostileText,
  hostileValue,
  schemaArbitrary,
} from './testing/schema-arbitrary';
import { describeOnOneDatabase } from './testing/test-databases';
import { startTestServer, type TestServer } from './testing/test-server';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 8);
/** A bound against a hung property, not a speed check. */
const PROPERTY_TIMEOUT_MS = 180_000;
const CALLER = 'admin@pact.test';

const NAMES = Object.keys(endpoints) as EndpointName[];

/** `text` with every lone surrogate replaced, so it can be percent-encoded. */
const wellFormed = (text: string) =>
  text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
const entryOf = (name: EndpointName) => endpoints[name] as Endpoint;

/**
 * The answers of the route an entry is served by: its own entry's and
 * those of the entries it serves (`servedBy`, told apart by the query).
 */
function answersOf(name: EndpointName): v.GenericSchema {
  const route = entryOf(name).servedBy ?? name;
  const schemas = NAMES.filter(
    (other) => other === route || entryOf(other).servedBy === route,
  ).map((other) => entryOf(other).response);
  const [only] = schemas;
  return only && schemas.length === 1 ? only : v.union(schemas);
}

/** The error body of every 4xx of the API: `error` always, `message` when there is more to say. */
const ErrorReplySchema = v.object({
  error: v.pipe(v.string(), v.nonEmpty()),
  message: v.optional(v.string()),
});

/** A path segment: the schema's own text (small ids reach real records), percent-encoded. */
const shapedSegment = (schema: v.GenericSchema | undefined) =>
  (schema ? schemaArbitrary(schema).map(String) : hostileText).map((text) =>
    encodeURIComponent(wellFormed(text)),
  );

/** A path segment as a hostile client sends it: odd text percent-encoded, or raw bytes. */
const hostileSegment = fc.oneof(
  {
    weight: 2,
    arbitrary: hostileText.map((text) => encodeURIComponent(wellFormed(text))),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '%',
      '%zz',
      '%E0%A4%A',
      '..%2F..',
      '%00',
      ';',
      '%2F',
    ),
  },
);

/** A query string of `values`, each key and value percent-encoded. */
const queryText = (pairs: readonly (readonly [string, string])[]) =>
  pairs
    .map(
      ([key, value]) =>
        `${encodeURIComponent(key)}=${encodeURIComponent(wellFormed(value))}`,
    )
    .join('&');

/** The query a schema describes, as pairs of text. */
function shapedQuery(
  schema: v.GenericSchema | undefined,
): fc.Arbitrary<[string, string][]> {
  if (!schema) return fc.constant([]);
  return (schemaArbitrary(schema) as fc.Arbitrary<Record<string, unknown>>).map(
    (values) =>
      Object.entries(values ?? {})
        .filter(([, value]) => value !== undefined)
        .map(([key, value]): [string, string] => [key, String(value)]),
  );
}

/** A query made hostile: a value replaced, a key repeated, unknown and prototype keys added. */
function hostileQuery(
  schema: v.GenericSchema | undefined,
): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.constantFrom(
      '__proto__',
      'constructor',
      'member_id',
      'page',
      'extra',
      'toString',
      '',
    ),
    fc.oneof(hostileText, fc.nat().map(String)),
  );
  return fc
    .tuple(
      shapedQuery(schema),
      fc.array(pair, { maxLength: 3 }),
      fc.nat(),
      hostileText,
      fc.boolean(),
    )
    .map(([pairs, extra, pick, hostile, repeat]) => {
      const all: [string, string][] = [...pairs];
      const replaced = all[pick % all.length];
      if (replaced) all[pick % all.length] = [replaced[0], hostile];
      const first = all[0];
      if (repeat && first) all.push(first);
      return queryText([...all, ...extra]);
    });
}

/** What a request carries: a JSON body (as text) or a file, and the headers it needs. */
interface Payload {
  body?: string | Buffer;
  headers: Record<string, string>;
}

const json = (text: string): Payload => ({
  body: text,
  headers: { 'content-type': 'application/json' },
});

/** A file for an upload call: CSV-like rows of hostile cells, or hostile text, under hostile names and fields. */
function hostileFile(
  upload: NonNullable<Endpoint['upload']>,
): fc.Arbitrary<Payload> {
  return fc
    .tuple(
      fc.oneof(
        fc
          .array(
            fc.array(fc.oneof(hostileText, fc.nat().map(String)), {
              maxLength: 4,
            }),
            { maxLength: 5 },
          )
          .map((rows) => rows.map((row) => row.join(',')).join('\n')),
        hostileText,
      ),
      fc.constantFrom(
        'upload.csv',
        '../../etc/passwd',
        'a.xlsx',
        'x.exe',
        '',
        'ü.csv',
      ),
      fc.constantFrom(upload.field, upload.field, 'other', ''),
    )
    .map(([content, filename, field]): Payload => {
      const { payload, headers } = multipartBody(wellFormed(content), {
        field,
        filename,
      });
      return { body: payload as Buffer, headers };
    });
}

/** The body an entry's schema describes (none where it takes none), as JSON text. */
function shapedPayload(entry: Endpoint): fc.Arbitrary<Payload> {
  if (entry.upload) return hostileFile(entry.upload);
  if (!entry.body) return fc.constant({ headers: {} });
  return schemaArbitrary(entry.body).map((value) =>
    json(JSON.stringify(value) ?? 'null'),
  );
}

/** A body made hostile: the schema's shape mutated, hostile JSON text, another media type. */
function hostilePayload(entry: Endpoint): fc.Arbitrary<Payload> {
  const shaped = entry.body ? hostileArbitrary(entry.body) : hostileValue;
  return fc.oneof(
    {
      weight: 5,
      arbitrary: shaped.map((value) => json(JSON.stringify(value) ?? 'null')),
    },
    {
      weight: 1,
      arbitrary: entry.upload
        ? hostileFile(entry.upload)
        : hostileJsonText.map(json),
    },
    { weight: 1, arbitrary: hostileJsonText.map(json) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Payload>(
        {
          body: 'a=1&b=2',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        { body: '<x/>', headers: { 'content-type': 'text/xml' } },
        {
          body: '{}',
          headers: { 'content-type': 'application/json; charset=latin1' },
        },
      ),
    },
  );
}

/** One hostile request for an entry. */
interface Case {
  path: string;
  query: string;
  payload: Payload;
  tenant: string | undefined;
  idempotencyKey: string | undefined;
}

/** Which part of a request a case makes hostile; `none` sends the schemas' own shapes. */
type HostilePart = 'none' | 'path' | 'query' | 'body' | 'headers';

/**
 * A request for an entry shaped by its schemas, with one part made
 * hostile (or none, a third of the time, so valid input reaches the
 * handlers and their rules too).
 */
function caseArbitrary(entry: Endpoint): fc.Arbitrary<Case> {
  const names = [...entry.path.matchAll(/:(\w+)/g)].map(
    (match) => match[1] ?? '',
  );
  const paramEntries =
    (entry.params as { entries?: Record<string, v.GenericSchema> } | undefined)
      ?.entries ?? {};
  const parts: HostilePart[] = ['path', 'query', 'headers'];
  if (entry.method !== 'GET') parts.push('body', 'body');
  const fill = (values: string[]) => {
    let index = 0;
    return entry.path.replace(/:\w+/g, () => values[index++] ?? '');
  };
  return fc
    .tuple(
      fc.oneof(
        { weight: 1, arbitrary: fc.constant<HostilePart>('none') },
        { weight: 2, arbitrary: fc.constantFrom(...parts) },
      ),
      fc.nat(),
    )
    .chain(([hostile, pick]) => {
      const hostileAt = names.length === 0 ? -1 : pick % names.length;
      return fc.record({
        path: fc
          .tuple(
            ...names.map((name, index) =>
              hostile === 'path' && index === hostileAt
                ? hostileSegment
                : shapedSegment(paramEntries[name]),
            ),
          )
          .map(fill),
        query:
          hostile === 'query'
            ? hostileQuery(entry.query)
            : shapedQuery(entry.query).map(queryText),
        payload:
          entry.method === 'GET'
            ? fc.constant<Payload>({ headers: {} })
            : hostile === 'body'
              ? hostilePayload(entry)
              : shapedPayload(entry),
        tenant:
          hostile === 'headers'
            ? fc.constantFrom(undefined, 'PACT', '../x', '', 'kiehls, pact')
            : fc.constantFrom(undefined, 'pact', 'kiehls'),
        idempotencyKey:
          hostile === 'headers'
            ? fc.option(
                fc.constantFrom('', ' ', 'k'.repeat(300), 'key with spaces'),
                { nil: undefined },
              )
            : entry.idempotent
              ? fc.option(fc.uuid(), { nil: undefined })
              : fc.constant(undefined),
      });
    });
}

/**
 * What a 4xx must leave as it was: the audit trail (every audited write
 * adds to it), the data version, and what the writes that are not
 * audited change (read markers, download tickets, sessions, idempotency
 * keys). Not the login throttle's failures or the mail-back attempts:
 * recording a refused attempt is their purpose.
 */
async function fingerprint(db: SqlRunner): Promise<string> {
  const [row] = await db.query<{ print: string }>(
    `SELECT concat_ws('|',
        (SELECT count(*) FROM audit_events), (SELECT max(id) FROM audit_events),
        (SELECT data_version FROM rollup_state LIMIT 1),
        (SELECT count(*) FROM notifications WHERE read_at IS NULL),
        (SELECT count(*) FROM download_tickets),
        (SELECT count(*) FROM sessions WHERE revoked_at IS NULL),
        (SELECT count(*) FROM idempotency_keys),
        (SELECT count(*) FROM jobs)) AS print`,
  );
  return row?.print ?? '';
}

describeOnOneDatabase(
  'hostile input to every call of the contract',
  (engine) => {
    let server: TestServer;
    let token: string;
    let last: string;
    let cases = 0;
    let client = 0;
    const statuses = new Map<number, number>();
    const started = Date.now();

    beforeAll(async () => {
      server = await startTestServer(engine);
      token = await server.login(CALLER);
      last = await fingerprint(server.db);
    });

    afterAll(async () => {
      const counts = [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`);
      console.info(
        `[contract fuzz, ${engine.name}] ${cases} hostile cases (${RUNS} per call) in ${Math.round((Date.now() - started) / 1000)} s: ${counts.join(' ')}`,
      );
      await server?.close();
    });

    async function send(
      entry: Endpoint,
      hostile: Case,
    ): Promise<LightMyRequestResponse> {
      cases += 1;
      client += 1;
      const headers: Record<string, string> = {
        // The call that ends the session is sent without it, as a signed-out page may.
        ...(entry.endsSession ? {} : { authorization: `Bearer ${token}` }),
        ...hostile.payload.headers,
      };
      if (hostile.tenant !== undefined)
        headers['x-tenant-code'] = hostile.tenant;
      if (hostile.idempotencyKey !== undefined)
        headers['idempotency-key'] = hostile.idempotencyKey;
      return server.app.inject({
        method: entry.method,
        url: hostile.query ? `${hostile.path}?${hostile.query}` : hostile.path,
        headers,
        // A new client address each time: the login throttle counts per address.
        remoteAddress: `10.25.${(client >> 8) & 255}.${client & 255}`,
        ...(hostile.payload.body !== undefined
          ? { payload: hostile.payload.body }
          : {}),
      });
    }

    it('reads a body, query or path schema for nearly every call (the walk is not empty)', () => {
      const fuzzed = NAMES.filter((name) => {
        const entry = entryOf(name);
        return entry.body || entry.query || entry.params || entry.upload;
      });
      expect(fuzzed.length).toBeGreaterThan(100);
      // Every schema has an arbitrary: a schema type the walk does not know throws here.
      for (const name of fuzzed)
        expect(() => caseArbitrary(entryOf(name)), name).not.toThrow();
    });

    it.each(NAMES)(
      '%s: hostile input gets no 5xx, only answers of the contract, and a 4xx writes nothing',
      async (name) => {
        const entry = entryOf(name);
        const answers = answersOf(name);
        await fc.assert(
          fc.asyncProperty(caseArbitrary(entry), async (hostile) => {
            const answer = await send(entry, hostile);
            const status = answer.statusCode;
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            const said = `${entry.method} ${hostile.path}?${hostile.query.slice(0, 200)} → ${status} ${answer.body.slice(0, 300)}`;
            expect(status, said).toBeGreaterThanOrEqual(200);
            expect(status, said).toBeLessThan(500);
            expect(status >= 300 && status < 400, said).toBe(false);
            expect(
              ({} as Record<string, unknown>)['polluted'],
              'Object.prototype polluted',
            ).toBeUndefined();
            const type = String(answer.headers['content-type'] ?? '');
            if (status >= 400) {
              expect(type, said).toContain('application/json');
              expect(
                v.safeParse(ErrorReplySchema, answer.json()).success,
                said,
              ).toBe(true);
              expect(
                await fingerprint(server.db),
                `${said}: a ${status} wrote something`,
              ).toBe(last);
              if (status === 401 && entry.auth !== 'anonymous') {
                // A write may end the caller's own sessions (signing themselves out everywhere).
                if (
                  (await server.get('/api/auth/me', token)).statusCode === 401
                ) {
                  token = await server.login(CALLER);
                  last = await fingerprint(server.db);
                }
              }
              return;
            }
            if (entry.format === 'csv')
              expect(type, said).toContain('text/csv');
            else if (entry.format !== 'file') {
              expect(type, said).toContain('application/json');
              const parsed = v.safeParse(answers, answer.json());
              expect(
                parsed.success,
                `${said}: ${parsed.issues ? v.summarize(parsed.issues) : ''}`,
              ).toBe(true);
            }
            last = await fingerprint(server.db);
          }),
          { numRuns: RUNS, endOnFailure: true },
        );
      },
      PROPERTY_TIMEOUT_MS,
    );
  },
);
