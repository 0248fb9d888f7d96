#!/usr/bin/env node
/**
 * Soak of the production server with writes (`npm run bench:soak`; not a
 * test; issue 25, growing decision 0045's reads-only soak; the method is
 * docs/decisions/0106).
 *
 * Starts the built server (`apps/api/dist/main.js`, as `npm start` runs
 * it, logs at info into a temporary file, `TRUST_PROXY=loopback` so each
 * simulated client names its address) on a new PostgreSQL database: on the
 * server of BENCH_DATABASE_URL or TEST_DATABASE_URL, else the script runs
 * itself again under `scripts/with-postgres.sh`, which starts a throwaway
 * PostgreSQL (installing Debian's package as root when missing). The
 * database is seeded by the first start and dropped at the end.
 *
 * Then `--connections` clients (50) run for `--minutes` (10) the traffic of
 * `soak-traffic.mjs`, every answer checked by `soak-client.mjs` (status per
 * kind of request, JSON bodies against the contract's response schema):
 * - about half read every list of the contract as every demo role and by
 *   API key;
 * - a quarter write: weigh-ins, sorting, receipt corrections, stale
 *   versions (409), saved views, invitations, API keys (made with an
 *   Idempotency-Key, decision 0067), end-of-life lots made, shipped and
 *   confirmed;
 * - one exports the shipments as CSV, one runs reports and waits for each
 *   job, one uploads G2 files and waits for their validation job;
 * - some send hostile requests, and one client per demo account (but the
 *   attacked one) signs in, reads, signs out and checks the token refused.
 * The first fifth of the time (at most 60 s) is the warm-up. Each server's
 * resident memory (VmRSS) is sampled each second. From the warm-up's end,
 * each minute, and once more at rest after the traffic and its jobs, the
 * server runs a full garbage collection and reports what it still uses
 * (`heap-probe.mjs`, loaded with --expose-gc). A leak is what is still live
 * at rest beyond what was live under traffic at the warm-up's end; resident
 * memory also holds what V8 and the allocator keep for later, and is
 * printed for information.
 *
 * `--instances=2` runs two server processes on the same database behind a
 * proxy (nginx from Debian's packages, installed by scripts/ensure-nginx.sh
 * when missing, else a Node proxy; `soak-proxy.mjs`), checks that a session
 * made on one instance works on the other, that its sign-out reaches the
 * other within the session cache's 5 s, and that the login throttle counts
 * failures across instances; the clients retry GETs and keyed creates when
 * an answer is lost. With `--kill` (`npm run bench:failover`) the second
 * instance is killed with SIGKILL in the middle of the measured time and
 * restarted `--down` seconds later on the same port; the cross-instance
 * checks run again after the restart.
 *
 * At the end, once every job the soak started has finished: the audit
 * trail holds exactly one event per successful write the soak made (by
 * entity and action; a write whose answer was lost with a killed instance
 * may or may not be there), each create made with an Idempotency-Key
 * exists once with one create event, every report and validation job
 * succeeded once (one pg-boss job completed, the report's three files),
 * and the mass balance holds (D14: received = sorted + residue, sorted = in
 * lots + on hand) in the tables and in GET /api/eol/summary.
 *
 * Options: --minutes=10 (or SOAK_MINUTES; may be a fraction), --connections=50,
 *          --instances=1|2, --kill, --down=20 (seconds), --proxy=auto|nginx|node,
 *          --timeout=30 (seconds a request may take; more on a busy machine),
 *          --max-requests=5000000.
 * Targets: zero 5xx from the servers, zero wrong answers, no connection
 *          errors or timeouts (with --kill: only while an instance is down),
 *          live memory at rest under 1.2 × that at the warm-up's end, the audit trail,
 *          idempotent creates, jobs and mass balance as above, every server
 *          alive at the end and stopping with exit code 0. Exits 1 when one
 *          is missed, 2 when it could not run.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  DEMO_EMAILS,
  rerunUnderPostgres,
  residentBytes,
  startBuiltServer,
} from './bench-server.mjs';
import { SoakClient, Tally } from './soak-client.mjs';
import { startProxy } from './soak-proxy.mjs';
import {
  ATTACKED,
  exportCsv,
  listReads,
  prepare,
  readList,
  refusedAfterSignOut,
  runReport,
  signInAndOut,
  someHostile,
  someWrite,
  uploadG2,
} from './soak-traffic.mjs';

const MAX_MEMORY_GROWTH = 0.2;
/** The module each server loads so the soak can read its memory after a full GC. */
const HEAP_PROBE = fileURLToPath(new URL('./heap-probe.mjs', import.meta.url));
/** How often the soak asks each server for its live memory after the warm-up. */
const PROBE_EVERY_MS = 60_000;
/** How long the clients may take past the end: a report or G2 wait is at most 4 min. */
const CLIENTS_GRACE_MS = 300_000;
/** How long the soak waits for the jobs it started once traffic stops. */
const JOB_DRAIN_MS = { normal: 120_000, killed: 420_000 };

/** Reads `--name=value` and `--name value` options and flags. */
export function readSoakOptions(argv, env) {
  const settings = {
    minutes: Number(env.SOAK_MINUTES ?? 10),
    connections: 50,
    instances: 1,
    kill: false,
    down: 20,
    proxy: 'auto',
    timeout: 30,
    'max-requests': 5_000_000,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const match = /^--([\w-]+)(?:=(.*))?$/.exec(argv[i]);
    const name = match?.[1];
    if (!match || !(name in settings)) {
      throw new Error(
        `Unknown option ${argv[i]}; options: --minutes=10 --connections=50 --instances=1|2 --kill --down=20 --proxy=auto|nginx|node --timeout=30 --max-requests=5000000`,
      );
    }
    if (typeof settings[name] === 'boolean') {
      settings[name] = match[2] === undefined ? true : match[2] !== 'false';
      continue;
    }
    const text = match[2] ?? argv[(i += 1)];
    settings[name] = typeof settings[name] === 'number' ? Number(text) : text;
  }
  if (!(settings.minutes > 0)) throw new Error('--minutes must be above 0');
  if (!Number.isInteger(settings.connections) || settings.connections < 20) {
    throw new Error('--connections must be a whole number >= 20');
  }
  if (![1, 2].includes(settings.instances))
    throw new Error('--instances must be 1 or 2');
  if (settings.kill && settings.instances !== 2) {
    throw new Error('--kill needs --instances=2');
  }
  if (!(settings.timeout > 0))
    throw new Error('--timeout must be above 0 (seconds)');
  if (!['auto', 'nginx', 'node'].includes(settings.proxy)) {
    throw new Error('--proxy must be auto, nginx or node');
  }
  return settings;
}

/** Runs statements on a PostgreSQL database, one connection. */
async function withDatabase(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work((sql, values) =>
      client.query(sql, values).then((r) => r.rows),
    );
  } finally {
    await client.end();
  }
}

const mb = (bytes) =>
  bytes === undefined ? '?' : (bytes / 2 ** 20).toFixed(1);
const seconds = (ms) => (ms / 1000).toFixed(1);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Least-squares slope of `samples` ({ at, bytes }) in MB per minute. */
function slopePerMinute(samples) {
  if (samples.length < 2) return undefined;
  const xs = samples.map((s) => s.at / 60_000);
  const ys = samples.map((s) => s.bytes / 2 ** 20);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i += 1) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den === 0 ? undefined : num / den;
}

/** The JSON lines of `file`, none when it does not exist yet. */
const jsonLines = (file) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];

/**
 * One server process and its lives (a killed one is started again), with
 * its memory: resident memory each second, and live memory after a full
 * garbage collection when probed (`heap-probe.mjs`).
 */
class Instance {
  constructor(name, env, dir) {
    this.name = name;
    this.env = env;
    this.dir = dir;
    this.lives = [];
    this.probeFile = join(dir, `${name}-heap.jsonl`);
  }

  async start(port) {
    const life = { samples: [], probes: [], server: undefined };
    life.server = await startBuiltServer(
      { ...this.env, HEAP_PROBE_FILE: this.probeFile },
      join(this.dir, `${this.name}.log`),
      300_000,
      {
        port,
        append: this.lives.length > 0,
        nodeArgs: ['--expose-gc', '--import', HEAP_PROBE],
      },
    );
    this.lives.push(life);
    return life.server;
  }

  /**
   * Asks the running server for a full garbage collection and records what
   * it still uses after it (V8 heap used + external memory) at `at`, in the
   * current life's `probes` (under traffic), or as its `before` or `rest`
   * (at rest before the traffic, and after the traffic and its jobs).
   */
  async probe(at, slot = 'probes') {
    const life = this.lives.at(-1);
    if (!life?.server.alive()) return;
    const seen = jsonLines(this.probeFile).length;
    process.kill(life.server.pid, 'SIGUSR2');
    for (const until = Date.now() + 10_000; Date.now() < until; ) {
      await sleep(100);
      const usage = jsonLines(this.probeFile)[seen];
      if (usage) {
        const probe = {
          at,
          bytes: usage.heapUsed + usage.external,
          gcMs: usage.gcMs,
        };
        if (slot === 'probes') life.probes.push(probe);
        else life[slot] = probe;
        return;
      }
    }
  }

  get current() {
    return this.lives.at(-1).server;
  }

  sample(at) {
    const life = this.lives.at(-1);
    if (!life?.server.alive()) return;
    const bytes = residentBytes(life.server.pid);
    if (bytes !== undefined) life.samples.push({ at, bytes });
  }
}

/**
 * The cross-instance checks (two instances): a session made on one works
 * on the other and its sign-out reaches it within 6 s; five wrong
 * passwords sent alternately to both from one new address, then the
 * throttle answers 429 on both (the failures are counted in the database).
 */
async function crossInstanceChecks(
  tally,
  instances,
  email,
  address,
  timeoutMs,
) {
  const [a, b] = instances.map(
    (instance) =>
      new SoakClient({ base: instance.current.base, tally, timeoutMs }),
  );
  const signedIn = await a.call('cross-instance: sign in on instance 1 (200)', {
    method: 'POST',
    path: '/api/auth/login',
    from: `${address}1`,
    json: { email: 'staff@pact.test', password: 'demo-pass-2026' },
  });
  if (signedIn?.status === 200) {
    const token = signedIn.body.token;
    await b.call('cross-instance: the session on instance 2 (200)', {
      path: '/api/auth/me',
      token,
      check: (ans) =>
        ans.body?.user?.email === 'staff@pact.test' || 'another user',
    });
    await b.call('cross-instance: sign out on instance 2 (200)', {
      method: 'POST',
      path: '/api/auth/logout',
      token,
      headers: { 'content-type': 'application/json' },
    });
    await refusedAfterSignOut(
      a,
      'cross-instance: the signed-out token on instance 1 (401, or 200 if sent within 6 s)',
      token,
      `${address}1`,
      6_000,
    );
  }
  for (let attempt = 1; attempt <= 7; attempt += 1) {
    const client = attempt % 2 === 1 ? a : b;
    const expected = attempt <= 5 ? 401 : 429;
    await client.call(
      `cross-instance: wrong password ${attempt <= 5 ? '1-5 (401)' : '6-7 (429, counted on both instances)'}`,
      {
        method: 'POST',
        path: '/api/auth/login',
        from: `${address}2`,
        json: { email, password: 'not-the-password' },
        status: expected,
      },
    );
  }
}

/** Waits for every job the soak started to finish (at most `ms`); returns the jobs table's rows. */
async function drainJobs(url, ids, ms) {
  const deadline = Date.now() + ms;
  return withDatabase(url, async (query) => {
    for (;;) {
      const rows = await query(
        `SELECT j.id, j.kind, j.status, j.attempt,
                (SELECT count(*) FROM report_files f WHERE f.job_id = j.id)::int AS files,
                (SELECT count(*) FROM pgboss.job b WHERE b.id = j.id AND b.state = 'completed')::int
                  + (SELECT count(*) FROM pgboss.archive b WHERE b.id = j.id AND b.state = 'completed')::int
                  AS completed
           FROM jobs j WHERE j.id = ANY($1::uuid[])`,
        [ids],
      );
      const open = rows.filter(
        (r) => r.status === 'queued' || r.status === 'running',
      );
      if (open.length === 0 || Date.now() > deadline) return rows;
      await sleep(2_000);
    }
  });
}

/** The audit events by `entity/action` since `since`. */
async function auditCounts(url, since) {
  const rows = await withDatabase(url, (query) =>
    query(
      `SELECT entity || '/' || action AS name, count(*)::int AS n
         FROM audit_events WHERE at >= $1 GROUP BY 1`,
      [since],
    ),
  );
  return new Map(rows.map((r) => [r.name, r.n]));
}

/** Tables of the records made with an Idempotency-Key, by audit entity. */
const KEYED_TABLES = {
  saved_view: 'saved_views',
  user: 'users',
  api_key: 'api_keys',
  eol_lot: 'eol_lots',
};

/**
 * Each create made with an Idempotency-Key: its record exists (unless the
 * soak deleted it, `deleted`: `entity/id`) and has exactly one create event. Returns the problems found and the count.
 */
async function keyedCreates(url, keyed, deleted) {
  const byEntity = new Map();
  const problems = [];
  for (const [key, made] of keyed) {
    if (made.conflict !== undefined) {
      problems.push(
        `key ${key} answered two records (${made.id}, ${made.conflict})`,
      );
    }
    const ids = byEntity.get(made.entity) ?? { all: [], kept: [] };
    ids.all.push(String(made.id));
    if (!deleted.has(`${made.entity}/${made.id}`))
      ids.kept.push(String(made.id));
    byEntity.set(made.entity, ids);
  }
  await withDatabase(url, async (query) => {
    for (const [entity, { all: ids, kept }] of byEntity) {
      const table = KEYED_TABLES[entity];
      const [{ n }] = await query(
        `SELECT count(*)::int AS n FROM ${table} WHERE id::text = ANY($1)`,
        [kept],
      );
      if (n !== new Set(kept).size) {
        problems.push(
          `${new Set(kept).size - n} ${entity} records made with a key (and not deleted) are missing`,
        );
      }
      const events = await query(
        `SELECT entity_id, count(*)::int AS n FROM audit_events
          WHERE entity = $1 AND action IN ('create', 'invite') AND entity_id = ANY($2)
          GROUP BY entity_id`,
        [entity, ids],
      );
      const once = events.filter((e) => e.n === 1).length;
      if (once !== new Set(ids).size) {
        problems.push(
          `${entity}: ${new Set(ids).size - once} keyed creates without exactly one create event`,
        );
      }
    }
  });
  return { problems, count: keyed.size };
}

/**
 * D14's mass balance in the tables (each receipt's sorted weight is its
 * lines' sum and at most its net; each line's weight in lots is its lot
 * sources' sum and at most the line) and in GET /api/eol/summary (its
 * figures equal the tables'; received = sorted + residue, sorted = in lots
 * + on hand; on hand per material adds up).
 */
async function massBalance(url, client, token) {
  const problems = [];
  const [sums] = await withDatabase(url, async (query) => {
    const bad = await query(`
      SELECT
        (SELECT count(*) FROM receipts r WHERE r.sorted_kg <> (SELECT coalesce(sum(m.weight_kg), 0)
           FROM shipment_materials m WHERE m.shipment_id = r.shipment_id))::int AS receipts_off,
        (SELECT count(*) FROM receipts r WHERE r.sorted_kg > r.net_kg)::int AS oversorted,
        (SELECT count(*) FROM shipment_materials m WHERE m.in_lots_kg <> (SELECT coalesce(sum(s.weight_kg), 0)
           FROM lot_sources s WHERE s.shipment_id = m.shipment_id AND s.material = m.material))::int AS lines_off,
        (SELECT count(*) FROM shipment_materials m WHERE m.in_lots_kg > m.weight_kg)::int AS overdrawn,
        (SELECT count(*) FROM eol_lots l WHERE l.weight_kg <> (SELECT coalesce(sum(s.weight_kg), 0)
           FROM lot_sources s WHERE s.lot_id = l.id))::int AS lots_off`);
    for (const [name, n] of Object.entries(bad[0])) {
      if (n !== 0) problems.push(`mass balance: ${n} rows ${name}`);
    }
    return query(`
      SELECT (SELECT coalesce(sum(net_kg), 0)::float8 FROM receipts) AS received,
             (SELECT coalesce(sum(weight_kg), 0)::float8 FROM shipment_materials) AS sorted,
             (SELECT coalesce(sum(weight_kg), 0)::float8 FROM lot_sources) AS in_lots`);
  });
  const summary = await client.call('end: the mass balance (200)', {
    path: '/api/eol/summary',
    token,
    tenant: 'pact',
  });
  const balance = summary?.body?.balance;
  const near = (x, y) => Math.abs(x - y) < 0.0015;
  if (!balance) {
    problems.push('GET /api/eol/summary did not answer');
  } else {
    if (!near(balance.received_kg, sums.received))
      problems.push(
        `received ${balance.received_kg} kg answered, ${sums.received} in the tables`,
      );
    if (!near(balance.sorted_kg, sums.sorted))
      problems.push(
        `sorted ${balance.sorted_kg} kg answered, ${sums.sorted} in the tables`,
      );
    if (!near(balance.in_lots_kg, sums.in_lots))
      problems.push(
        `in lots ${balance.in_lots_kg} kg answered, ${sums.in_lots} in the tables`,
      );
    if (!near(balance.received_kg, balance.sorted_kg + balance.residue_kg))
      problems.push('received ≠ sorted + residue');
    if (!near(balance.sorted_kg, balance.in_lots_kg + balance.on_hand_kg))
      problems.push('sorted ≠ in lots + on hand');
    const perMaterial = summary.body.materials.reduce(
      (n, m) => n + m.on_hand_kg,
      0,
    );
    if (Math.abs(perMaterial - balance.on_hand_kg) > 0.01)
      problems.push(
        `on hand per material adds up to ${perMaterial}, not ${balance.on_hand_kg}`,
      );
    if (balance.residue_kg < 0 || balance.on_hand_kg < 0)
      problems.push('a negative residue or stock');
  }
  return { problems, balance };
}

/** Runs `work` over and over until `deadline`, catching what it throws (counted as wrong). */
async function loop(tally, name, deadline, work, pauseMs = 0) {
  while (Date.now() < deadline) {
    try {
      await work();
    } catch (error) {
      tally.answer(
        `client error in ${name}`,
        String(error?.stack ?? error).slice(0, 300),
        0,
        '',
      );
    }
    if (pauseMs > 0)
      await sleep(Math.min(pauseMs, Math.max(0, deadline - Date.now())));
  }
}

async function main() {
  const settings = readSoakOptions(process.argv.slice(2), process.env);
  const serverUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // PostgreSQL is needed: run again under a throwaway server.
    const code = await rerunUnderPostgres(import.meta.url);
    return { rerun: typeof code === 'number' ? code : 1 };
  }
  const totalMs = settings.minutes * 60_000;
  const warmupMs = Math.min(60_000, totalMs / 5);
  console.log(
    `bench:soak: Node ${process.version}, ${availableParallelism()} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}; ` +
      `${settings.connections} connections for ${settings.minutes} min (${seconds(warmupMs)} s warm-up) on PostgreSQL, ` +
      `${settings.instances} instance(s)${settings.kill ? `, one killed (SIGKILL) mid-run and restarted after ${settings.down} s` : ''}`,
  );

  const name = `bench_soak_${process.pid}`;
  await withDatabase(serverUrl, (query) => query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.href;
  const dir = mkdtempSync(join(tmpdir(), 'bench-soak-'));
  const env = {
    DATABASE_URL: databaseUrl,
    PGLITE_DATA_DIR: '',
    LOG_LEVEL: 'info',
    TRUST_PROXY: 'loopback',
    CORS_ORIGINS: 'https://dashboard.example.org',
  };
  const instances = Array.from(
    { length: settings.instances },
    (_, i) => new Instance(`instance-${i + 1}`, env, dir),
  );
  const problems = [];
  let proxy;
  let sampler;
  const began = Date.now();
  const watchdog = setTimeout(
    () => {
      console.error('bench:soak: over time; killing the servers');
      for (const instance of instances) instance.lives.at(-1)?.server.kill();
      process.exit(1);
    },
    totalMs + 25 * 60_000,
  );
  watchdog.unref();
  try {
    // The first instance seeds the empty database; the second starts on it.
    for (const instance of instances) {
      const started = Date.now();
      await instance.start();
      console.log(
        `  ${instance.name} ready on port ${instance.current.port} after ${seconds(Date.now() - started)} s`,
      );
    }
    if (settings.instances === 2) {
      proxy = await startProxy({
        kind: settings.proxy,
        dir,
        upstreams: instances.map((i) => i.current.port),
      });
      console.log(`  proxy: ${proxy.why} at ${proxy.base}`);
    }
    const front = proxy?.base ?? instances[0].current.base;
    const tally = new Tally();
    const timeoutMs = settings.timeout * 1000;
    const client = new SoakClient({
      base: front,
      tally,
      retry: settings.instances > 1,
      timeoutMs,
    });
    const [{ now: since }] = await withDatabase(databaseUrl, (query) =>
      query('SELECT now() AS now'),
    );
    const ctx = await prepare(client, { instances: settings.instances });
    const signing = DEMO_EMAILS.filter((email) => email !== ATTACKED);
    const signingFrom = (i) => `10.1.0.${i + 1}`;
    // One round each first, so each account knows its client's address: the
    // throttle check below fails an account from an unknown address (0085).
    await Promise.all(
      signing.map((email, i) => signInAndOut(ctx, email, signingFrom(i))),
    );
    if (settings.instances === 2) {
      await crossInstanceChecks(
        tally,
        instances,
        'operator@kiehls.test',
        '10.77.0.',
        timeoutMs,
      );
    }
    const idle = instances.map((i) => residentBytes(i.current.pid));
    await Promise.all(instances.map((i) => i.probe(0, 'before')));
    const t0 = Date.now();
    sampler = setInterval(() => {
      for (const instance of instances) instance.sample(Date.now() - t0);
    }, 1000);

    // The clients.
    const deadline = t0 + totalMs;
    const reads = listReads();
    const c = settings.connections;
    const writers = Math.round(c / 4);
    const hostile = Math.max(2, Math.round(c / 12));
    const readers = c - writers - hostile - signing.length - 3;
    const clients = [
      ...Array.from({ length: readers }, () =>
        loop(tally, 'reads', deadline, () =>
          readList(ctx, reads[Math.floor(Math.random() * reads.length)]),
        ),
      ),
      ...Array.from({ length: writers }, () =>
        loop(tally, 'writes', deadline, () => someWrite(ctx)),
      ),
      ...Array.from({ length: hostile }, () =>
        loop(tally, 'hostile', deadline, () => someHostile(ctx)),
      ),
      ...signing.map((email, i) =>
        loop(tally, 'sign-in', deadline, () =>
          signInAndOut(ctx, email, signingFrom(i)),
        ),
      ),
      loop(tally, 'export', deadline, () => exportCsv(ctx), 5_000),
      loop(tally, 'reports', deadline, () => runReport(ctx), 2_000),
      loop(tally, 'G2', deadline, () => uploadG2(ctx), 10_000),
    ];
    console.log(
      `  clients: ${readers} reading ${reads.length} list reads (entries × roles), ${writers} writing, ${hostile} hostile, ${signing.length} signing in and out, 3 exporting / running reports / uploading G2 files`,
    );

    // The warm-up's end, and the kill.
    await sleep(warmupMs);
    const afterWarmup = instances.map((i) => residentBytes(i.current.pid));
    const warmAt = Date.now() - t0;
    // Live memory after a full GC: now, each minute, and just before the end.
    const probing = (async () => {
      const last = deadline - 2_000;
      for (;;) {
        await Promise.all(instances.map((i) => i.probe(Date.now() - t0)));
        if (Date.now() >= last) return;
        await sleep(Math.min(PROBE_EVERY_MS, last - Date.now()));
      }
    })();
    let killedAt;
    let restartedAt;
    if (settings.kill) {
      await sleep((totalMs - warmupMs) / 2 - settings.down * 500);
      // A G2 validation killed mid-run resumes only after its 30 min timeout (0071): wait for none to run (at most 30 s).
      const waitUntil = Date.now() + 30_000;
      while (Date.now() < waitUntil) {
        const [{ n }] = await withDatabase(databaseUrl, (query) =>
          query(
            `SELECT count(*)::int AS n FROM jobs WHERE kind = 'g2-validate' AND status = 'running'`,
          ),
        );
        if (n === 0) break;
        await sleep(500);
      }
      const victim = instances[1];
      const port = victim.current.port;
      victim.current.kill();
      killedAt = Date.now() - t0;
      console.log(
        `  killed ${victim.name} (SIGKILL) at ${seconds(killedAt)} s`,
      );
      await sleep(settings.down * 1000);
      await victim.start(port);
      restartedAt = Date.now() - t0;
      console.log(
        `  restarted ${victim.name} on port ${port}, ready at ${seconds(restartedAt)} s`,
      );
      await crossInstanceChecks(
        tally,
        instances,
        'special.admin@member1009.test',
        '10.78.0.',
        timeoutMs,
      );
    }
    // Each client ends its request or its wait for a job (at most 4 min).
    let graceTimer;
    const settled = await Promise.race([
      Promise.all(clients).then(() => true),
      new Promise((resolve) => {
        graceTimer = setTimeout(
          () => resolve(false),
          Math.max(0, deadline - Date.now()) + CLIENTS_GRACE_MS,
        );
      }),
    ]);
    clearTimeout(graceTimer);
    if (!settled) {
      const busy = [...client.inFlight].map(
        (r) => `${r.kind} ${r.path} since ${seconds(r.since - t0)} s`,
      );
      problems.push(
        `clients still busy ${CLIENTS_GRACE_MS / 60_000} min after the end: ${busy.join('; ') || 'no request in flight'}`,
      );
    }
    const trafficMs = Date.now() - t0;
    console.log(
      `  traffic ended after ${seconds(trafficMs)} s; waiting for the jobs, then checking`,
    );
    clearInterval(sampler);
    const end = instances.map((i) => residentBytes(i.current.pid));
    await probing;

    // The jobs, the audit trail, the keyed creates, the mass balance.
    const jobIds = [...ctx.jobs.reports, ...ctx.jobs.g2];
    const drainStart = Date.now();
    const jobs = await drainJobs(
      databaseUrl,
      jobIds,
      settings.kill ? JOB_DRAIN_MS.killed : JOB_DRAIN_MS.normal,
    );
    const drainMs = Date.now() - drainStart;
    await Promise.all(instances.map((i) => i.probe(Date.now() - t0, 'rest')));
    const unfinished = jobs.filter((j) => j.status !== 'succeeded');
    const notOnce = jobs.filter(
      (j) => j.completed !== 1 || (j.kind === 'report' && j.files !== 3),
    );
    if (jobs.length !== jobIds.length)
      problems.push(
        `${jobIds.length - jobs.length} started jobs not in the jobs table`,
      );
    if (unfinished.length > 0)
      problems.push(
        `${unfinished.length} jobs did not succeed (${unfinished.map((j) => `${j.kind} ${j.status}`).join(', ')})`,
      );
    if (notOnce.length > 0)
      problems.push(`${notOnce.length} jobs not completed exactly once`);

    const audit = await auditCounts(databaseUrl, since);
    const auditRows = [];
    for (const name of new Set([
      ...audit.keys(),
      ...tally.writes.keys(),
      ...tally.unknownWrites.keys(),
    ])) {
      const made = tally.writes.get(name) ?? 0;
      const unknown = tally.unknownWrites.get(name) ?? 0;
      const events = audit.get(name) ?? 0;
      const ok = events >= made && events <= made + unknown;
      auditRows.push(
        `${name}: ${made} made${unknown ? ` + ${unknown} of unknown outcome` : ''}, ${events} events${ok ? '' : '  ← MISMATCH'}`,
      );
      if (!ok)
        problems.push(
          `audit trail: ${name}: ${made} successful writes (+${unknown} unknown), ${events} events`,
        );
    }
    const keyed = await keyedCreates(
      databaseUrl,
      ctx.keyedCreates,
      ctx.deleted,
    );
    problems.push(...keyed.problems);
    const balance = await massBalance(
      databaseUrl,
      client,
      ctx.sessions.admin.token,
    );
    problems.push(...balance.problems);

    // The figures.
    const { answers, wrong } = tally.totals();
    const writes = [...tally.writes.values()].reduce((a, b) => a + b, 0);
    const unknownWrites = [...tally.unknownWrites.values()].reduce(
      (a, b) => a + b,
      0,
    );
    console.log(
      `\nTraffic: ${seconds(trafficMs)} s; machine load at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`,
    );
    console.log(
      `Answers checked: ${answers} (${Math.round(answers / (trafficMs / 1000))}/s); wrong: ${wrong}; 5xx from the servers: ${tally.serverErrors}${tally.serverErrorExample ? ` (e.g. ${tally.serverErrorExample})` : ''}`,
    );
    const firstError = tally.connectionErrors[0];
    console.log(
      `Connection errors: ${tally.connectionErrors.length}${firstError ? ` (first: ${firstError.kind}, ${firstError.error}, at ${seconds(firstError.at - t0)} s)` : ''}, timeouts: ${tally.timeouts}, ` +
        `proxy errors (no instance answered): ${tally.proxyErrors.length}, retried requests: ${tally.retries}, requests lost without retry: ${tally.lost.length}`,
    );
    console.log(
      `Writes: ${writes} successful, ${unknownWrites} of unknown outcome (the answer lost: a timeout, or the killed instance); creates with an Idempotency-Key: ${keyed.count}, lost or doubled: ${keyed.problems.length}`,
    );
    console.log(
      `Jobs: ${jobs.length} started (${jobs.filter((j) => j.kind === 'report').length} reports, ${jobs.filter((j) => j.kind !== 'report').length} G2 validations), ${jobs.filter((j) => j.status === 'succeeded').length} succeeded, ${jobs.filter((j) => j.attempt > 1).length} needed a second attempt; waited ${seconds(drainMs)} s after the traffic`,
    );
    console.log(
      `Mass balance: ${
        balance.balance
          ? Object.entries(balance.balance)
              .map(([k, x]) => `${k} ${x}`)
              .join(', ')
          : '?'
      }; ${balance.problems.length === 0 ? 'consistent' : balance.problems.join('; ')}`,
    );
    if (killedAt !== undefined) {
      const windowEnd = restartedAt + 15_000;
      const outside = [
        ...tally.connectionErrors,
        ...tally.proxyErrors,
        ...tally.lost,
      ].filter((e) => e.at - t0 < killedAt - 1_000 || e.at - t0 > windowEnd);
      console.log(
        `Kill: at ${seconds(killedAt)} s, restarted at ${seconds(restartedAt)} s; ${tally.connectionErrors.length + tally.proxyErrors.length + tally.lost.length} errors and lost answers, ${outside.length} outside the kill window`,
      );
      if (outside.length > 0)
        problems.push(
          `${outside.length} connection/proxy errors outside the kill window`,
        );
    } else {
      const errors =
        tally.connectionErrors.length +
        tally.proxyErrors.length +
        tally.lost.length;
      if (errors + tally.timeouts > 0)
        problems.push(
          `${errors} connection errors, ${tally.timeouts} timeouts`,
        );
    }
    if (settings.kill && tally.timeouts > 0)
      problems.push(`${tally.timeouts} timeouts`);
    console.log(
      'Server memory: resident (RSS, each second), and live after a full GC (heap used + external, each minute):',
    );
    instances.forEach((instance, i) => {
      instance.lives.forEach((life, n) => {
        const after = life.samples.filter((s) => s.at >= warmAt);
        const peak = Math.max(...life.samples.map((s) => s.bytes));
        const slope = slopePerMinute(after);
        const first = n === 0;
        const whole = first && life.server.alive();
        const last = life.samples.at(-1)?.bytes;
        const rssGrowth =
          whole && afterWarmup[i]
            ? (end[i] - afterWarmup[i]) / afterWarmup[i]
            : undefined;
        const name = `${instance.name}${instance.lives.length > 1 ? ` (life ${n + 1})` : ''}`;
        console.log(
          `  ${name} RSS: ` +
            (first
              ? `${mb(idle[i])} MB idle, ${mb(afterWarmup[i])} MB after warm-up, `
              : '') +
            `${mb(whole ? end[i] : last)} MB at the ${whole || !first ? 'end' : 'kill'}, peak ${mb(peak)} MB; ` +
            `slope after warm-up ${slope === undefined ? '?' : `${slope.toFixed(2)} MB/min`}` +
            (rssGrowth === undefined
              ? ''
              : `; growth ${(rssGrowth * 100).toFixed(1)} % (for information)`),
        );
        const { probes, before, rest } = life;
        const liveGrowth =
          whole && probes[0] && rest
            ? (rest.bytes - probes[0].bytes) / probes[0].bytes
            : undefined;
        const liveSlope = slopePerMinute(probes);
        console.log(
          `  ${name} live: ${before ? `${mb(before.bytes)} MB at rest before the traffic, ` : ''}${probes.map((p) => mb(p.bytes)).join(', ') || 'no probe answered'} MB under traffic` +
            (probes.length > 0
              ? ` (slope ${liveSlope === undefined ? '?' : `${liveSlope.toFixed(2)} MB/min`}; full GC ${Math.max(...probes.map((p) => p.gcMs)).toFixed(0)} ms at most)`
              : '') +
            `, ${mb(rest?.bytes)} MB at rest after it` +
            (liveGrowth === undefined
              ? ''
              : `; growth from the warm-up's end to rest ${(liveGrowth * 100).toFixed(1)} % (target < ${MAX_MEMORY_GROWTH * 100} %)`),
        );
        if (
          whole &&
          (liveGrowth === undefined || liveGrowth >= MAX_MEMORY_GROWTH)
        ) {
          problems.push(
            `${instance.name}: live memory growth not under 20 % (or not measurable)`,
          );
        }
      });
    });
    console.log(
      'Audit trail (successful writes of the soak / events since it began):',
    );
    for (const row of auditRows.sort()) console.log(`  ${row}`);
    console.log('By kind (answers / wrong):');
    for (const [kind, entry] of [...tally.kinds].sort()) {
      console.log(
        `  ${kind}: ${entry.answers} / ${entry.wrong}${entry.example ? ` (e.g. ${entry.example})` : ''}`,
      );
    }
    if (tally.serverErrors > 0)
      problems.push(`${tally.serverErrors} answers with a 5xx`);
    for (const [kind, entry] of tally.kinds) {
      if (entry.wrong > 0)
        problems.push(`${entry.wrong} wrong answers to "${kind}"`);
    }
    if (answers > settings['max-requests'])
      problems.push(`${answers} requests, over --max-requests`);
    for (const instance of instances) {
      if (!instance.current.alive()) problems.push(`${instance.name} died`);
      const health = await fetch(`${instance.current.base}/api/health`).catch(
        () => null,
      );
      if (health?.status !== 200)
        problems.push(`${instance.name} no longer answers /api/health`);
    }
  } finally {
    clearInterval(sampler);
    await proxy?.stop();
    for (const instance of instances) {
      const server = instance.lives.at(-1)?.server;
      if (!server) continue;
      const { code, signal } = await server.stop();
      if (code !== 0)
        problems.push(
          `${instance.name} stopped with code ${code} (signal ${signal})`,
        );
    }
    clearTimeout(watchdog);
    await withDatabase(serverUrl, (query) =>
      query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    ).catch((error) =>
      console.error(`could not drop ${name}: ${error.message}`),
    );
    if (problems.length === 0) rmSync(dir, { recursive: true, force: true });
    else console.log(`The servers' logs are kept in ${dir}`);
  }
  console.log(
    `The soak took ${((Date.now() - began) / 60_000).toFixed(1)} min in all.`,
  );
  return { problems };
}

main().then(
  (result) => {
    if (result.rerun !== undefined) {
      process.exitCode = result.rerun;
      return;
    }
    const { problems } = result;
    console.log(
      problems.length === 0
        ? 'bench:soak: targets met (zero 5xx, zero wrong answers, no lost or doubled write, every job finished once, audit trail and mass balance consistent, live memory growth under 20 %)'
        : `bench:soak: FAILED: ${problems.join('; ')}`,
    );
    process.exitCode = problems.length === 0 ? 0 : 1;
  },
  (error) => {
    console.error('bench:soak failed to run:', error);
    process.exitCode = 2;
  },
);
