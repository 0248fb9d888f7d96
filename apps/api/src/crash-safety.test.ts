import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrations } from './db/migrations';
import { openPgliteDatabase } from './db/pglite-database';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed';

/** The server's entry, run from its TypeScript source as `node src/main.ts` would. */
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Answered operations after which the server is killed, mid-burst. */
const KILL_AFTER_ANSWERS = 60;
/** Clients logging in and out at once. */
const WORKERS = 8;

/** A server process on the on-disk PGlite directory `dataDir`. */
interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Every JSON log line it wrote so far. */
  logs: Record<string, unknown>[];
  exited: Promise<number | null>;
}

/**
 * Starts `src/main.ts` as a child process (through @swc-node/register, with
 * the workspace's source condition) on `dataDir`, on a free port, and
 * resolves once it logs that it listens.
 */
async function startServerProcess(dataDir: string): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@collective/source',
      '--import',
      '@swc-node/register/esm-register',
      MAIN,
    ],
    {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DASHBOARD_DIR: 'none',
        PGLITE_DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const logs: Record<string, unknown>[] = [];
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const base = await new Promise<string>((resolve, reject) => {
    let pending = '';
    child.stdout?.on('data', (chunk) => {
      pending += String(chunk);
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        const listening = /^Server listening at (http:\S+)$/.exec(
          String(entry['msg']),
        );
        if (listening) resolve(listening[1] as string);
      }
    });
    void exited.then((code) =>
      reject(new Error(`The server exited with ${code} at start: ${errors}`)),
    );
  });
  return { child, base, logs, exited };
}

/** Waits until the process has exited, SIGKILL-ing it first. */
async function killHard(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

describe('the server killed with SIGKILL during a burst of logins and logouts, restarted on its embedded database', () => {
  let dir: string;
  let dataDir: string;
  const running: ServerProcess[] = [];
  /** Tokens whose login was answered 200, and whether a logout of it was answered 200. */
  /**
   * Each token's fate as the clients know it: `live` (login answered, no
   * logout sent), `logging-out` (logout sent, no answer: the kill may have
   * come before or after the server revoked it, so neither outcome is
   * owed), `loggedOut` (logout answered).
   */
  const sessions = new Map<string, 'live' | 'logging-out' | 'loggedOut'>();
  let inFlightAtKill = 0;
  let restarted: ServerProcess;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'collective-crash-'));
    dataDir = join(dir, 'pglite');
    // Start from the migrated demo data the global setup dumped, so the
    // server does not spend seconds seeding; without it, it seeds itself.
    const seeded = inject('apiTestDatabaseTemplates')?.pglite?.seeded;
    if (seeded) {
      const db = await openPgliteDatabase(dataDir, {
        loadDataDir: new Blob([await readFile(seeded)]),
      });
      await db.close();
    }

    const first = await startServerProcess(dataDir);
    running.push(first);
    let answers = 0;
    let inFlight = 0;
    let killed = false;
    const killing = (async () => {
      while (answers < KILL_AFTER_ANSWERS) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      killed = true;
      inFlightAtKill = inFlight;
      await killHard(first);
    })();

    const call = async (path: string, init: RequestInit) => {
      inFlight += 1;
      try {
        const response = await fetch(`${first.base}${path}`, init);
        const body = (await response.json()) as { token?: unknown };
        if (!killed) answers += 1;
        return { status: response.status, body };
      } finally {
        inFlight -= 1;
      }
    };
    const worker = async (index: number) => {
      for (let round = 0; !killed; round += 1) {
        try {
          const user = DEMO_USERS[(index + round) % DEMO_USERS.length];
          const login = await call('/api/auth/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              email: user?.email,
              password: DEMO_PASSWORD,
            }),
          });
          if (login.status !== 200) throw new Error(`login ${login.status}`);
          const token = String(login.body.token);
          sessions.set(token, 'live');
          if (round % 2 === 1) {
            sessions.set(token, 'logging-out');
            const logout = await call('/api/auth/logout', {
              method: 'POST',
              headers: { authorization: `Bearer ${token}` },
            });
            if (logout.status === 200) {
              sessions.set(token, 'loggedOut');
            }
          }
        } catch (error) {
          // Refused connections and resets once the process is gone.
          if (!killed) throw error;
        }
      }
    };
    await Promise.all([
      ...Array.from({ length: WORKERS }, (_, index) => worker(index)),
      killing,
    ]);

    restarted = await startServerProcess(dataDir);
    running.push(restarted);
  }, 120_000);

  afterAll(async () => {
    for (const server of running) {
      if (server.child.exitCode === null) await killHard(server);
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('was killed while requests were in flight, after answering logins and logouts', () => {
    const loggedOut = [...sessions.values()].filter((s) => s === 'loggedOut');
    expect(sessions.size).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS / 2);
    expect(loggedOut.length).toBeGreaterThan(0);
    expect(inFlightAtKill).toBeGreaterThan(0);
  });

  it('starts again without applying a migration or seeding again', () => {
    const started = restarted.logs.find(
      (entry) => 'migrationsApplied' in entry,
    );

    expect(started).toMatchObject({
      migrationsApplied: [],
      demoDataSeeded: false,
    });
  });

  it('still accepts every session it answered as created and not logged out', async () => {
    const live = [...sessions].filter(([, s]) => s === 'live');
    expect(live.length).toBeGreaterThan(0);
    for (const [token] of live) {
      const response = await fetch(`${restarted.base}/api/auth/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
    }
  });

  it('still refuses every session whose logout it answered', async () => {
    for (const [token] of [...sessions].filter(([, s]) => s === 'loggedOut')) {
      const response = await fetch(`${restarted.base}/api/auth/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(401);
    }
  });

  it('stops cleanly afterwards, with each migration recorded once', async () => {
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);

    const db = await openPgliteDatabase(dataDir);
    try {
      const recorded = await db.query<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(recorded.map((row) => row.version)).toEqual(
        migrations.map((step) => step.version),
      );
    } finally {
      await db.close();
    }
  }, 60_000);
});
