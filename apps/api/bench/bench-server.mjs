/**
 * What the auth benchmark and the soak (`bench-auth.mjs`, `bench-soak.mjs`)
 * share, with the API benchmark (`bench-api.mjs`): command-line options, a
 * free port, a server started as a child process, its memory, a median, and
 * the demo accounts (from `@collective/api-client/demo`, built with the API).
 */
import { spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, DEMO_USERS } from '@collective/api-client/demo';

export { DEMO_PASSWORD };

const here = dirname(fileURLToPath(import.meta.url));

/** The built server, `apps/api/dist/main.js`, as `npm start` runs it. */
export const SERVER_ENTRY = join(here, '..', 'dist', 'main.js');

/** The emails of the seven demo accounts of decisions D11, in seeding order. */
export const DEMO_EMAILS = Object.values(DEMO_USERS).map((user) => user.email);

/**
 * Reads `--name=value` options from `argv` against `defaults`: whole
 * numbers ≥ 1 where the default is a number, text otherwise. An unknown
 * option or a bad number throws, naming it.
 */
export function readOptions(argv, defaults) {
  const settings = { ...defaults };
  for (const arg of argv) {
    const match = /^--([\w-]+)=(.*)$/.exec(arg);
    const name = match?.[1];
    if (!match || !(name in defaults)) {
      throw new Error(
        `Unknown option ${arg}; options: ${Object.keys(defaults)
          .map((key) => `--${key}=${defaults[key]}`)
          .join(' ')}`,
      );
    }
    if (typeof defaults[name] === 'number') {
      const value = Number(match[2]);
      if (!Number.isInteger(value) || value < 1) {
        throw new Error(`--${name} must be a whole number >= 1`);
      }
      settings[name] = value;
    } else {
      settings[name] = match[2];
    }
  }
  return settings;
}

/** A free TCP port on the loopback interface. */
export function freePort() {
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
 * Starts the Node script `entry` with `env` on loopback port `port` (a free
 * one unless given), its stdout into `logFile` (appended to with `append`),
 * and resolves once `readyPath` answers 200 (within `readyTimeoutMs`; a
 * server seeding an empty database takes a while). `nodeArgs` go to Node
 * before the script (the soak's heap probe).
 */
export async function startProcess(
  entry,
  env,
  {
    readyPath,
    logFile,
    readyTimeoutMs = 120_000,
    port: fixedPort,
    append = false,
    nodeArgs = [],
  },
) {
  const port = fixedPort ?? (await freePort());
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', openSync(logFile, append ? 'a' : 'w'), 'inherit'],
  });
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(
        `${entry} exited with code ${child.exitCode} at start; its output is in ${logFile}`,
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
      throw new Error(
        `${entry} did not answer ${readyPath} within ${readyTimeoutMs / 1000} s`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    port,
    pid: child.pid,
    /** SIGKILL: the process dies at once, as in a crash. */
    kill: () => child.kill('SIGKILL'),
    /** Whether the process is still running. */
    alive: () => child.exitCode === null && child.signalCode === null,
    /** Resolves to `{ code, signal }` once the process has exited. */
    exited,
    /** SIGTERM (graceful shutdown), then the exit. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
      }
      return exited;
    },
  };
}

/**
 * Starts the built server with `env` (see {@link startProcess}; `more`
 * passes `port` and `append` on), ready once GET /api/health answers 200.
 * Fails with a clear message when there is no build.
 */
export async function startBuiltServer(
  env,
  logFile,
  readyTimeoutMs,
  more = {},
) {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(
      `${SERVER_ENTRY} is missing: build first (npx nx run-many -t build -p api dashboard), or use the npm script, which does.`,
    );
  }
  return startProcess(SERVER_ENTRY, env, {
    readyPath: '/api/health',
    logFile,
    readyTimeoutMs,
    ...more,
  });
}

/** Resident memory of process `pid` in bytes (VmRSS from /proc), or `undefined` off Linux. */
export function residentBytes(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kib === undefined ? undefined : Number(kib) * 1024;
  } catch {
    return undefined;
  }
}

/** The median of a list of numbers (the lower middle one for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Signs in and returns the token; throws with the answer when it fails. */
export async function signIn(base, email, headers = {}) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) {
    throw new Error(
      `Login of ${email} answered ${response.status}: ${await response.text()}`,
    );
  }
  return (await response.json()).token;
}

/**
 * Runs the benchmark `main`, which resolves to its list of missed targets,
 * and prints the verdict of `name`: exit code 0 when none was missed (with
 * `met`, what was met), 1 when one was, 2 when it could not run.
 */
export function runBench(name, met, main) {
  main().then(
    (problems) => {
      console.log(
        problems.length === 0
          ? `${name}: targets met (${met})`
          : `${name}: FAILED: ${problems.join('; ')}`,
      );
      process.exitCode = problems.length === 0 ? 0 : 1;
    },
    (error) => {
      console.error(`${name} failed to run:`, error);
      process.exitCode = 2;
    },
  );
}

/**
 * Runs the bench script at `scriptUrl` (its `import.meta.url`) again with
 * the same arguments under scripts/with-postgres.sh, which starts a
 * throwaway PostgreSQL; resolves to its exit code (`null` when killed).
 */
export async function rerunUnderPostgres(scriptUrl) {
  const child = spawn(
    'bash',
    [
      join(here, '..', 'scripts', 'with-postgres.sh'),
      process.execPath,
      fileURLToPath(scriptUrl),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit' },
  );
  return new Promise((resolve) => child.once('exit', resolve));
}
