#!/usr/bin/env node
/**
 * Load benchmark of the reference API (`npm run bench:api`; not a test).
 *
 * Starts the built server (`apps/api/dist/main.js`, so build first: the root
 * script runs `nx build api`) on in-memory PGlite as a child process, logs in,
 * then loads GET /api/auth/me and GET /api/notifications?unread=true with
 * autocannon (bearer token + X-Tenant-Code), printing requests/s, p99
 * latency, non-2xx and 5xx counts (the median run of --runs). Finally it sends
 * 200 wrong-password logins for one account and counts the 429 answers.
 *
 * Options: --duration=10 (seconds per run), --connections=50, --runs=3,
 *          --log-level=error (the server's LOG_LEVEL; throttled logins log warnings).
 * Targets (issue 3): /api/auth/me >= 5,000 req/s, p99 < 50 ms, zero 5xx.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import autocannon from 'autocannon';

const here = dirname(fileURLToPath(import.meta.url));
const serverEntry = join(here, '..', 'dist', 'main.js');

const TARGET_REQUESTS_PER_SECOND = 5_000;
const TARGET_P99_MS = 50;
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
    logLevel: read('log-level', 'error'),
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

/** Starts the built server and resolves once /api/health answers 200. */
async function startServer(logLevel) {
  if (!existsSync(serverEntry)) {
    throw new Error(
      `${serverEntry} is missing; run "npx nx build api" first (npm run bench:api does).`,
    );
  }
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      PGLITE_DATA_DIR: 'memory://',
      DATABASE_URL: '',
      LOG_LEVEL: logLevel,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with code ${child.exitCode}`);
    }
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the server did not answer /api/health within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
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
  const server = await startServer(settings.logLevel);
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

    const endpoints = [
      ['GET /api/auth/me', '/api/auth/me'],
      ['GET /api/notifications?unread=true', '/api/notifications?unread=true'],
    ];
    const table = {};
    for (const [label, path] of endpoints) {
      const url = `${server.base}${path}`;
      await load(url, headers, 2, settings.connections); // warm-up
      const runs = [];
      for (let run = 0; run < settings.runs; run += 1) {
        const result = await load(
          url,
          headers,
          settings.duration,
          settings.connections,
        );
        runs.push(result);
        console.log(
          `  ${label} run ${run + 1}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, 5xx ${result['5xx']}`,
        );
      }
      table[label] = summary(medianRun(runs));
      table[label].allRuns = runs
        .map((result) => Math.round(result.requests.average))
        .join(' / ');
    }
    console.log(`\nMedian run per endpoint:`);
    console.table(table);

    const me = table['GET /api/auth/me'];
    const checks = [
      [
        `/api/auth/me >= ${TARGET_REQUESTS_PER_SECOND} req/s`,
        me.requestsPerSecond >= TARGET_REQUESTS_PER_SECOND,
      ],
      [`/api/auth/me p99 < ${TARGET_P99_MS} ms`, me.p99Ms < TARGET_P99_MS],
      [
        'zero 5xx on both endpoints',
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
