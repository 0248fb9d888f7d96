#!/usr/bin/env node
/**
 * Soak of the production server (`npm run bench:soak`; not a test): mixed
 * valid and hostile traffic at 50 connections for 60 seconds (issue 14,
 * case 22).
 *
 * Starts the built server (`apps/api/dist/main.js`) as `npm start` runs it
 * — the built dashboard beside the API, request logs at info into a
 * temporary file, the embedded database on disk (a temporary directory) —
 * with `TRUST_PROXY=loopback`, so each request names its client address in
 * `X-Forwarded-For`: valid clients from addresses of their own, attackers
 * from others. Then autocannon runs, on every connection in turn, a cycle
 * of requests (`REQUESTS` below): a signed-in user's reads (current user,
 * unread count, member names, dashboard summary, stores, a store, the page,
 * health), a full sign-in → current user → sign-out → refused, and hostile
 * ones (wrong passwords against one account, unknown emails, malformed and
 * oversized bodies, wrong content types, operator objects, NUL characters,
 * deep nesting, tampered and revoked tokens, a foreign Origin, an unknown
 * tenant, path traversal, another member's data). Each answer is checked:
 * status, and for valid requests the body.
 *
 * A warm-up of the same traffic comes first (not counted); memory is the
 * server's resident set (VmRSS) sampled every second, and growth is the end
 * of the soak against the end of the warm-up. Bounded: at most --duration
 * seconds and --max-requests requests, and a watchdog kills everything 60 s
 * past the deadline.
 *
 * Options: --duration=60 --connections=50 --warmup=10 --max-requests=5000000
 * Targets: zero 5xx, zero wrong answers (valid or hostile), zero connection
 *          errors or timeouts, the server alive and answering afterwards and
 *          stopping with exit code 0, memory growth under 20 %.
 *          Exits 1 when one is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  DEMO_EMAILS,
  DEMO_PASSWORD,
  readOptions,
  residentBytes,
  signIn,
  runBench,
  startBuiltServer,
} from './bench-server.mjs';

const MAX_MEMORY_GROWTH = 0.2;
const json = { 'content-type': 'application/json' };
/** The account the attackers guess passwords for (valid sign-ins use others). */
const ATTACKED = 'super@pact.test';

/** Per kind of request: answers seen, and answers that were wrong. */
const tally = new Map();
let serverErrors = 0;

function record(kind, ok, status, body) {
  const entry = tally.get(kind) ?? { answers: 0, wrong: 0 };
  entry.answers += 1;
  if (!ok) {
    entry.wrong += 1;
    entry.example ??= `${status} ${String(body).slice(0, 120)}`;
  }
  tally.set(kind, entry);
}

function parse(body) {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

let clients = 0;
/** An address for one run of the cycle: valid clients 10.1.x.y, attackers 10.66.x.y. */
function address(group) {
  clients += 1;
  return `10.${group}.${(clients >> 8) & 255}.${clients & 255}`;
}

/**
 * One request of the cycle: what to send, and what a right answer is.
 * `expect(status, body, headers)` returns whether the answer was right.
 */
function request(kind, send, expect) {
  const { prepare, ...plain } = send;
  return {
    ...plain,
    setupRequest(req, context) {
      context.valid ??= address(1);
      context.attacker ??= address(66);
      const from = kind.startsWith('valid') ? context.valid : context.attacker;
      const prepared = prepare ? prepare(req, context) : req;
      prepared.headers = { ...prepared.headers, 'x-forwarded-for': from };
      return prepared;
    },
    onResponse(status, body, context, headers) {
      if (status >= 500) serverErrors += 1;
      record(
        kind,
        status < 500 && expect(status, body, headers, context),
        status,
        body,
      );
    },
  };
}

/** The cycle every connection runs, over and over. */
function cycle(fixture) {
  const bearer = (token) => ({ authorization: `Bearer ${token}` });
  const tenant = (code) => ({ 'x-tenant-code': code });
  const noCors = (headers) =>
    headers['access-control-allow-origin'] === undefined;
  const reads = [
    request(
      'valid: current user',
      {
        method: 'GET',
        path: '/api/auth/me',
        headers: { ...bearer(fixture.admin), ...tenant('pact') },
      },
      (s, b) => s === 200 && parse(b)?.user?.email === 'admin@pact.test',
    ),
    request(
      'valid: unread count',
      {
        method: 'GET',
        path: '/api/notifications?unread=true',
        headers: bearer(fixture.operator),
      },
      (s, b) => s === 200 && Number.isInteger(parse(b)?.unread_count),
    ),
    request(
      'valid: member names of a brand user',
      {
        method: 'GET',
        path: '/api/members?names_only=true',
        headers: bearer(fixture.brandAdmin),
      },
      (s, b) =>
        s === 200 &&
        JSON.stringify(parse(b)?.members) === '[{"id":2,"name":"Kiehl\'s"}]',
    ),
    request(
      'valid: dashboard summary',
      {
        method: 'GET',
        path: '/api/dashboard/summary',
        headers: bearer(fixture.operator),
      },
      (s, b) => s === 200 && parse(b)?.scope?.member_id === 2,
    ),
    request(
      'valid: a page of stores',
      {
        method: 'GET',
        path: '/api/stores?page=2&sort=-weight',
        headers: bearer(fixture.admin),
      },
      (s, b) =>
        s === 200 && parse(b)?.stores?.length === 25 && parse(b)?.page === 2,
    ),
    request(
      'valid: a store',
      {
        method: 'GET',
        path: `/api/stores/${fixture.kiehlsStore}`,
        headers: bearer(fixture.brandAdmin),
      },
      (s, b) => s === 200 && parse(b)?.store?.id === fixture.kiehlsStore,
    ),
    request(
      'valid: the page',
      {
        method: 'GET',
        path: '/stores-analytics',
        headers: { accept: 'text/html' },
      },
      (s, b, h) =>
        s === 200 &&
        String(h['content-type']).startsWith('text/html') &&
        /<div id="root"[\s>]/.test(b),
    ),
    request(
      'valid: health',
      { method: 'GET', path: '/api/health' },
      (s, b) => s === 200 && parse(b)?.status === 'ok',
    ),
  ];
  const failedLogin = (s, b) =>
    (s === 401 && parse(b)?.error === 'Invalid email or password') || s === 429;
  const hostile = [
    request(
      'hostile: wrong password',
      {
        method: 'POST',
        path: '/api/auth/login',
        headers: json,
        body: JSON.stringify({ email: ATTACKED, password: 'guess' }),
      },
      failedLogin,
    ),
    request(
      'hostile: unknown email',
      {
        method: 'POST',
        path: '/api/auth/login',
        headers: json,
        prepare(req) {
          req.body = JSON.stringify({
            email: `ghost${clients}@nowhere.test`,
            password: 'guess',
          });
          return req;
        },
      },
      failedLogin,
    ),
    request(
      'hostile: 10 KB password',
      {
        method: 'POST',
        path: '/api/auth/login',
        headers: json,
        body: JSON.stringify({
          email: ATTACKED,
          password: 'x'.repeat(10 * 1024),
        }),
      },
      (s) => s === 400,
    ),
    request(
      'hostile: operator object',
      {
        method: 'POST',
        path: '/api/auth/login',
        headers: json,
        body: '{"email":{"$ne":null},"password":{"$ne":null}}',
      },
      (s) => s === 400,
    ),
    request(
      'hostile: tampered token',
      {
        method: 'GET',
        path: '/api/dashboard/summary',
        headers: bearer(fixture.tampered),
      },
      (s) => s === 401,
    ),
    request(
      'hostile: revoked token',
      { method: 'GET', path: '/api/stores', headers: bearer(fixture.revoked) },
      (s) => s === 401,
    ),
    request(
      'hostile: 8 KB Authorization header',
      {
        method: 'GET',
        path: '/api/auth/me',
        headers: { authorization: `Bearer ${'A'.repeat(8 * 1024)}` },
      },
      (s) => s === 401,
    ),
    request(
      'hostile: foreign Origin',
      {
        method: 'GET',
        path: '/api/auth/me',
        headers: { ...bearer(fixture.admin), origin: 'https://evil.example' },
      },
      (s, _b, h) => s === 200 && noCors(h),
    ),
    request(
      'hostile: foreign preflight',
      {
        method: 'OPTIONS',
        path: '/api/auth/login',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
        },
      },
      (s, _b, h) => s === 404 && noCors(h),
    ),
    request(
      'hostile: unknown tenant with markup',
      {
        method: 'GET',
        path: '/api/auth/me',
        headers: {
          ...bearer(fixture.admin),
          'x-tenant-code': '<script>alert(1)</script>',
        },
      },
      (s) => s === 400,
    ),
    request(
      'hostile: NUL in the search',
      {
        method: 'GET',
        path: '/api/stores?search=%00',
        headers: bearer(fixture.admin),
      },
      (s) => s === 400,
    ),
    request(
      'hostile: SQL in the search',
      {
        method: 'GET',
        path: '/api/stores?search=%27%20OR%201%3D1%20--',
        headers: bearer(fixture.admin),
      },
      (s, b) => s === 200 && parse(b)?.total === 0,
    ),
    request(
      'hostile: path traversal',
      { method: 'GET', path: '/assets/..%2f..%2f..%2fetc%2fpasswd' },
      (s, b) => s === 404 && !b.includes('root:'),
    ),
    request(
      "hostile: another member's store",
      {
        method: 'GET',
        path: `/api/stores/${fixture.otherStore}?member_id=3`,
        headers: bearer(fixture.brandAdmin),
      },
      (s) => s === 404,
    ),
    request(
      'hostile: the full member list as a brand user',
      {
        method: 'GET',
        path: '/api/members?all=true',
        headers: bearer(fixture.operator),
      },
      (s) => s === 403,
    ),
  ];
  return [...reads, ...hostile, ...reads];
}

/**
 * Hostile bodies the server refuses while reading them (oversized, not
 * JSON, malformed, NUL, too deep, `__proto__`): Fastify answers these and
 * closes the connection, as the client may still be sending, which would
 * upset autocannon's reuse of connections. So they go one after the other
 * on connections of their own through fetch, which reconnects as browsers
 * do, and are counted like the cycle's answers.
 */
const CLOSING = [
  [
    'hostile: 20 KB body',
    JSON.stringify({ email: ATTACKED, password: 'x'.repeat(20 * 1024) }),
    json,
    413,
  ],
  [
    'hostile: form body',
    `email=${ATTACKED}&password=x`,
    { 'content-type': 'application/x-www-form-urlencoded' },
    415,
  ],
  [
    'hostile: malformed JSON',
    '{"email": "super@pact.test", "password": ',
    json,
    400,
  ],
  [
    'hostile: NUL in the password',
    `{"email":"${ATTACKED}","password":"x\\u0000"}`,
    json,
    400,
  ],
  [
    'hostile: 100 levels of JSON',
    `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`,
    json,
    400,
  ],
  [
    'hostile: __proto__ key',
    `{"__proto__":{"role":"super_admin"},"email":"${ATTACKED}","password":"x"}`,
    json,
    400,
  ],
];

/** Sends {@link CLOSING} in turn until `deadline`; returns the connection errors. */
async function sendClosing(base, deadline) {
  let errors = 0;
  for (let i = 0; Date.now() < deadline; i += 1) {
    const [kind, body, headers, status] = CLOSING[i % CLOSING.length];
    try {
      const response = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { ...headers, 'x-forwarded-for': address(66) },
        body,
      });
      const text = await response.text();
      if (response.status >= 500) serverErrors += 1;
      record(
        kind,
        response.status === status && typeof parse(text)?.error === 'string',
        response.status,
        text,
      );
    } catch {
      errors += 1;
    }
  }
  return errors;
}

async function fixtureFrom(base) {
  const from = { 'x-forwarded-for': '10.200.0.1' };
  const [admin, operator, brandAdmin, revoked] = await Promise.all([
    signIn(base, 'admin@pact.test', from),
    signIn(base, 'operator@kiehls.test', from),
    signIn(base, 'brand.admin@kiehls.test', from),
    signIn(base, 'admin@pact.test', from),
  ]);
  await fetch(`${base}/api/auth/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${revoked}` },
  });
  const firstStore = async (token, query) => {
    const response = await fetch(`${base}/api/stores?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await response.json()).stores[0].id;
  };
  const last = admin.at(-1) === 'A' ? 'B' : 'A';
  return {
    admin,
    operator,
    brandAdmin,
    revoked,
    tampered: `${admin.slice(0, -1)}${last}`,
    kiehlsStore: await firstStore(brandAdmin, ''),
    otherStore: await firstStore(admin, 'member_id=3'),
  };
}

/**
 * The accounts that sign in and out during the soak, one client each (the
 * attacked account is not among them): as real users do, one sign-in at a
 * time per account. Many parallel sign-ins of one account would meet the
 * throttle, which counts an attempt as failed until it succeeds
 * (docs/decisions/0041).
 */
const SIGNING_IN = DEMO_EMAILS.filter((email) => email !== ATTACKED);

/**
 * Signs `email` in, reads the current user, signs out and checks the token
 * is refused, over and over until `deadline`; returns the connection errors.
 */
async function signInAndOut(base, email, deadline) {
  let errors = 0;
  const from = address(1);
  const call = async (kind, path, init, check) => {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: { ...init.headers, 'x-forwarded-for': from },
    });
    const text = await response.text();
    if (response.status >= 500) serverErrors += 1;
    const ok = check(response.status, parse(text));
    record(kind, ok, response.status, text);
    return ok ? parse(text) : undefined;
  };
  while (Date.now() < deadline) {
    try {
      const session = await call(
        'valid: sign in',
        '/api/auth/login',
        {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email, password: DEMO_PASSWORD }),
        },
        (s, b) => s === 200 && b?.user?.email === email,
      );
      if (!session) continue;
      const bearer = { authorization: `Bearer ${session.token}` };
      await call(
        'valid: current user after sign-in',
        '/api/auth/me',
        { headers: bearer },
        (s, b) => s === 200 && b?.user?.email === email,
      );
      await call(
        'valid: sign out',
        '/api/auth/logout',
        { method: 'POST', headers: { ...json, ...bearer } },
        (s, b) => s === 200 && b?.success === true,
      );
      await call(
        'valid: the signed-out token refused',
        '/api/auth/me',
        { headers: bearer },
        (s) => s === 401,
      );
    } catch {
      errors += 1;
    }
  }
  return errors;
}

/** Connections of the 50 that send the {@link CLOSING} bodies. */
const CLOSING_CONNECTIONS = 4;

function autocannonRun(base, requests, seconds, connections) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections, duration: seconds, requests, timeout: 30 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('error', reject);
  });
}

/**
 * Runs, for `seconds`, the cycle on autocannon's connections, the
 * {@link CLOSING} bodies on {@link CLOSING_CONNECTIONS} and a client per
 * account of {@link SIGNING_IN}: `settings.connections` in all.
 */
async function run(base, requests, seconds, settings) {
  const deadline = Date.now() + seconds * 1000;
  const [main, ...otherErrors] = await Promise.all([
    autocannonRun(
      base,
      requests,
      seconds,
      settings.connections - CLOSING_CONNECTIONS - SIGNING_IN.length,
    ),
    ...Array.from({ length: CLOSING_CONNECTIONS }, () =>
      sendClosing(base, deadline),
    ),
    ...SIGNING_IN.map((email) => signInAndOut(base, email, deadline)),
  ]);
  return { main, bigErrors: otherErrors.reduce((a, b) => a + b, 0) };
}

async function main() {
  const settings = readOptions(process.argv.slice(2), {
    duration: 60,
    connections: 50,
    warmup: 10,
    'max-requests': 5_000_000,
  });
  console.log(
    `bench:soak: Node ${process.version}, ${availableParallelism()} cores, ${settings.connections} connections, ${settings.warmup} s warm-up + ${settings.duration} s`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'bench-soak-'));
  const server = await startBuiltServer(
    {
      PGLITE_DATA_DIR: join(dir, 'pglite'),
      LOG_LEVEL: 'info',
      TRUST_PROXY: 'loopback',
      DATABASE_URL: '',
      CORS_ORIGINS: 'https://dashboard.example.org',
    },
    join(dir, 'server.log'),
  );
  const watchdog = setTimeout(
    () => {
      console.error('bench:soak: over time; killing the server');
      process.kill(server.pid, 'SIGKILL');
      process.exit(1);
    },
    (settings.warmup + settings.duration + 60) * 1000,
  );
  watchdog.unref();
  const samples = [];
  const sampler = setInterval(() => {
    const bytes = residentBytes(server.pid);
    if (bytes !== undefined) samples.push(bytes);
  }, 1000);
  const problems = [];
  try {
    const requests = cycle(await fixtureFrom(server.base));
    const idle = residentBytes(server.pid);
    await run(server.base, requests, settings.warmup, settings);
    tally.clear();
    serverErrors = 0;
    const afterWarmup = residentBytes(server.pid);
    const peakBefore = samples.length;

    const { main: result, bigErrors } = await run(
      server.base,
      requests,
      settings.duration,
      settings,
    );
    const end = residentBytes(server.pid);
    const during = samples.slice(peakBefore);

    const answered = [...tally.values()].reduce((n, e) => n + e.answers, 0);
    const wrong = [...tally].filter(([, e]) => e.wrong > 0);
    const valid = [...tally].filter(([kind]) => kind.startsWith('valid'));
    const validAnswers = valid.reduce((n, [, e]) => n + e.answers, 0);
    const mb = (bytes) =>
      bytes === undefined ? '?' : (bytes / 2 ** 20).toFixed(1);
    const growth =
      afterWarmup && end ? (end - afterWarmup) / afterWarmup : undefined;
    const big = CLOSING.reduce(
      (n, [kind]) => n + (tally.get(kind)?.answers ?? 0),
      0,
    );
    const signingIn = [
      'valid: sign in',
      'valid: current user after sign-in',
      'valid: sign out',
      'valid: the signed-out token refused',
    ].reduce((n, kind) => n + (tally.get(kind)?.answers ?? 0), 0);
    const total = result.requests.total + big + signingIn;
    if (total > settings['max-requests']) {
      problems.push(`${total} requests, over --max-requests`);
    }

    console.log(
      `Requests: ${total} in ${result.duration.toFixed(1)} s (${Math.round(total / result.duration)} req/s; ${big} refused-while-read bodies on ${CLOSING_CONNECTIONS} connections of their own, ${signingIn} by ${SIGNING_IN.length} signing-in clients), ` +
        `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
    console.log(
      `Answers checked: ${answered} (${validAnswers} valid, ${answered - validAnswers} hostile); wrong: ${wrong.reduce((n, [, e]) => n + e.wrong, 0)}; 5xx: ${serverErrors}; ` +
        `connection errors: ${result.errors + bigErrors}, timeouts: ${result.timeouts}`,
    );
    console.log(
      `Server memory (RSS): ${mb(idle)} MB idle, ${mb(afterWarmup)} MB after warm-up, ${mb(end)} MB at the end, ` +
        `peak ${mb(Math.max(...during))} MB; growth ${growth === undefined ? '?' : `${(growth * 100).toFixed(1)} %`} (target < ${MAX_MEMORY_GROWTH * 100} %)`,
    );
    console.log('By kind (answers / wrong):');
    for (const [kind, entry] of [...tally].sort()) {
      console.log(
        `  ${kind}: ${entry.answers} / ${entry.wrong}` +
          (entry.example ? ` (e.g. ${entry.example})` : ''),
      );
    }

    if (serverErrors > 0) problems.push(`${serverErrors} answers with a 5xx`);
    for (const [kind, entry] of wrong) {
      problems.push(`${entry.wrong} wrong answers to "${kind}"`);
    }
    if (result.errors + bigErrors > 0 || result.timeouts > 0) {
      problems.push(
        `${result.errors + bigErrors} connection errors, ${result.timeouts} timeouts`,
      );
    }
    if (growth === undefined || growth >= MAX_MEMORY_GROWTH) {
      problems.push('memory growth not under 20 % (or not measurable here)');
    }
    if (!server.alive()) problems.push('the server process died');
    const health = await fetch(`${server.base}/api/health`).catch(() => null);
    if (health?.status !== 200)
      problems.push('the server no longer answers /api/health');
  } finally {
    clearInterval(sampler);
    const { code, signal } = await server.stop();
    if (code !== 0)
      problems.push(`the server stopped with code ${code} (signal ${signal})`);
    clearTimeout(watchdog);
    rmSync(dir, { recursive: true, force: true });
  }
  return problems;
}

runBench(
  'bench:soak',
  'zero 5xx, zero wrong answers, no crash, memory growth under 20 %',
  main,
);
