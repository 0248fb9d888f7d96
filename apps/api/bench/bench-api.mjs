#!/usr/bin/env node
/**
 * Load benchmark of the reference server (`npm run bench:api`; not a test).
 *
 * Starts the built server (`apps/api/dist/main.js`, so build first: the root
 * script builds api and dashboard) as `npm start` runs it — the built
 * dashboard beside the API, request logs at info as JSON on stdout (sent to
 * a temporary file here, as a container's log driver would take them) — on
 * in-memory PGlite, and beside it a bare Fastify server (`bare-server.mjs`)
 * answering a small JSON. It signs in, then loads, with autocannon at the
 * same connections and duration, GET /bare on the bare server and GET
 * /api/auth/me (bearer token + X-Tenant-Code) on the real one, interleaved
 * run by run so both see the same machine, and prints each run, the median
 * and the ratio /me : bare. Then GET /api/notifications?unread=true, and
 * finally 200 wrong-password logins for one account, counting the 429s.
 *
 * Options: --duration=10 (seconds per run), --connections=50, --runs=3,
 *          --log-level=info (the server's LOG_LEVEL; info is npm start's).
 * Targets: /api/auth/me >= 5,000 req/s, p99 < 50 ms, zero 5xx (issue 3);
 *          /api/auth/me at least 0.8x the bare route's throughput (issue 11).
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = dirname(fileURLToPath(import.meta.url));
const serverEntry = join(here, '..', 'dist', 'main.js');
const bareServerEntry = join(here, 'bare-server.mjs');

const TARGET_REQUESTS_PER_SECOND = 5_000;
const TARGET_P99_MS = 50;
const TARGET_RATIO_TO_BARE = 0.8;
const WRONG_LOGINS = 200;
const DEMO_PASSWORD = 'demo-pass-2026';

/** Reads `--name=value` options, with defaults. */
function options(argv) {
  const read = (name, fallback) => {
    const found = argv.find((arg) => arg.startsWith(`--${name}=`));
    return found ? found.slice(name.length + 3) : fallback;
  };
  const number = (name, fallback) => {
    const value = Number(read(name, String(fallback)));
    if (!Number.isInteger(value) || value < 1) {
      throw new Error(`--${name} must be a whole number >= 1`);
    }
    return value;
  };
  return {
    duration: number('duration', 10),
    connections: number('connections', 50),
    runs: number('runs', 3),
    logLevel: read('log-level', 'info'),
  };
}

/** A free TCP port on the loopback interface. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `entry` with `env` on a free port, its stdout into `logFile`, and
 * resolves once `readyPath` answers 200.
 */
async function startProcess(entry, env, readyPath, logFile) {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', openSync(logFile, 'w'), 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(
        `${entry} exited with code ${child.exitCode}; its output is in ${logFile}`,
      );
    }
    try {
      const response = await fetch(`${base}${readyPath}`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} did not answer ${readyPath} within 120 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function login(base, email, password) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenant-code': 'pact' },
    body: JSON.stringify({ email, password }),
  });
  return response;
}

function load(url, headers, duration, connections) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, headers, duration, connections, renderProgressBar: false },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/**
 * CPU time (user + system, in ms) the process `pid` has used so far, from
 * /proc; `undefined` where there is no /proc (not Linux).
 */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .split(') ')[1]
      .split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100/s).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** The median of `values` (the lower middle one of an even count). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The run with the median requests/s among `results`. */
function medianRun(results) {
  const sorted = [...results].sort(
    (a, b) => a.requests.average - b.requests.average,
  );
  return sorted[Math.floor(sorted.length / 2)];
}

function summary(result) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    cpuMicrosecondsPerRequest:
      result.cpuMicrosecondsPerRequest === undefined
        ? '–'
        : Number(result.cpuMicrosecondsPerRequest.toFixed(1)),
    requests: result.requests.total,
    non2xx: result.non2xx,
    '5xx': result['5xx'],
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function main() {
  const settings = options(process.argv.slice(2));
  console.log(
    `bench:api: Node ${process.version}, ${availableParallelism()} cores, ` +
      `${settings.runs} run(s) of ${settings.duration} s at ${settings.connections} connections per endpoint, server LOG_LEVEL=${settings.logLevel}`,
  );
  if (!existsSync(serverEntry)) {
    throw new Error(
      `${serverEntry} is missing; run "npx nx run-many -t build -p api dashboard" first (npm run bench:api does).`,
    );
  }
  const logs = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const serverLog = join(logs, 'server.log');
  const server = await startProcess(
    serverEntry,
    {
      PGLITE_DATA_DIR: 'memory://',
      DATABASE_URL: '',
      LOG_LEVEL: settings.logLevel,
    },
    '/api/health',
    serverLog,
  );
  const bare = await startProcess(
    bareServerEntry,
    {},
    '/bare',
    join(logs, 'bare.log'),
  );
  let failed = false;
  try {
    const signedIn = await login(server.base, 'super@pact.test', DEMO_PASSWORD);
    if (!signedIn.ok) {
      throw new Error(`login failed with ${signedIn.status}`);
    }
    const { token } = await signedIn.json();
    const headers = {
      authorization: `Bearer ${token}`,
      'x-tenant-code': 'pact',
    };

    const endpoints = {
      bare: ['GET /bare (bare Fastify)', `${bare.base}/bare`, {}],
      me: ['GET /api/auth/me', `${server.base}/api/auth/me`, headers],
      unread: [
        'GET /api/notifications?unread=true',
        `${server.base}/api/notifications?unread=true`,
        headers,
      ],
    };
    const runsOf = { bare: [], me: [], unread: [] };
    const serverOf = { bare, me: server, unread: server };
    const measure = async (key) => {
      const [label, url, requestHeaders] = endpoints[key];
      const cpuBefore = cpuMs(serverOf[key].pid);
      const result = await load(
        url,
        requestHeaders,
        settings.duration,
        settings.connections,
      );
      const cpuAfter = cpuMs(serverOf[key].pid);
      // The server's own CPU time per answer: unlike requests/s, it hardly
      // moves when other work shares the machine.
      result.cpuMicrosecondsPerRequest =
        cpuBefore === undefined || cpuAfter === undefined
          ? undefined
          : ((cpuAfter - cpuBefore) * 1000) / result.requests.total;
      runsOf[key].push(result);
      console.log(
        `  ${label} run ${runsOf[key].length}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, 5xx ${result['5xx']}` +
          (result.cpuMicrosecondsPerRequest === undefined
            ? ''
            : `, server CPU ${result.cpuMicrosecondsPerRequest.toFixed(1)} µs/request`),
      );
    };
    for (const key of Object.keys(endpoints)) {
      const [, url, requestHeaders] = endpoints[key];
      await load(url, requestHeaders, 2, settings.connections); // warm-up
    }
    // Interleaved: bare, /me, bare, /me, ... so both meet the same machine.
    for (let run = 0; run < settings.runs; run += 1) {
      await measure('bare');
      await measure('me');
    }
    for (let run = 0; run < settings.runs; run += 1) await measure('unread');

    const table = {};
    for (const [key, [label]] of Object.entries(endpoints)) {
      table[label] = summary(medianRun(runsOf[key]));
      table[label].allRuns = runsOf[key]
        .map((result) => Math.round(result.requests.average))
        .join(' / ');
    }
    console.log(`\nMedian run per endpoint:`);
    console.table(table);

    const ratios = runsOf.me.map(
      (result, run) =>
        result.requests.average / runsOf.bare[run].requests.average,
    );
    const ratio = median(ratios);
    console.log(
      `\n/api/auth/me : bare Fastify route, requests/s run by run: ${ratios.map((r) => r.toFixed(2)).join(' / ')}; median ${ratio.toFixed(2)}x`,
    );
    if (runsOf.me.every((result) => result.cpuMicrosecondsPerRequest)) {
      const cpuRatios = runsOf.me.map(
        (result, run) =>
          runsOf.bare[run].cpuMicrosecondsPerRequest /
          result.cpuMicrosecondsPerRequest,
      );
      console.log(
        `Server CPU per request, bare : /api/auth/me, run by run: ${cpuRatios.map((r) => r.toFixed(2)).join(' / ')}; median ${median(cpuRatios).toFixed(2)}x (what a server-bound machine would give)`,
      );
    }
    const logText = readFileSync(serverLog, 'utf8');
    console.log(
      `Server log (LOG_LEVEL=${settings.logLevel}): ${logText.split('\n').length - 1} lines, ${(logText.length / 1024 / 1024).toFixed(1)} MiB`,
    );

    const me = table['GET /api/auth/me'];
    const checks = [
      [
        `/api/auth/me >= ${TARGET_RATIO_TO_BARE}x the bare route (median of the run-by-run ratios)`,
        ratio >= TARGET_RATIO_TO_BARE,
      ],
      [
        `/api/auth/me >= ${TARGET_REQUESTS_PER_SECOND} req/s`,
        me.requestsPerSecond >= TARGET_REQUESTS_PER_SECOND,
      ],
      [`/api/auth/me p99 < ${TARGET_P99_MS} ms`, me.p99Ms < TARGET_P99_MS],
      [
        'zero 5xx on every endpoint',
        Object.values(table).every((row) => row['5xx'] === 0),
      ],
    ];

    const statuses = {};
    for (let i = 0; i < WRONG_LOGINS; i += 1) {
      const response = await login(
        server.base,
        'admin@pact.test',
        `wrong-password-${i}`,
      );
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      await response.arrayBuffer();
    }
    console.log(
      `\n${WRONG_LOGINS} wrong-password logins for admin@pact.test: ${statuses[429] ?? 0} got 429 (by status: ${JSON.stringify(statuses)})`,
    );
    checks.push([
      `${WRONG_LOGINS - 5} of ${WRONG_LOGINS} wrong logins throttled (429)`,
      statuses[429] === WRONG_LOGINS - 5,
    ]);

    console.log('\nTargets:');
    for (const [name, met] of checks) {
      console.log(`  ${met ? 'met   ' : 'MISSED'} ${name}`);
      if (!met) failed = true;
    }
  } finally {
    await server.stop();
    await bare.stop();
    rmSync(logs, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  console.error(
    'bench:api failed:',
    error instanceof Error ? error.message : error,
  );
  process.exitCode = 2;
});
