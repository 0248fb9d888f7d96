import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A production server of its own whose clock a test moves on (see shifted-clock.mjs). */
export interface ClockServer {
  /** Where it listens, e.g. `http://127.0.0.1:40123`. */
  origin: string;
  /** Moves its clock on by the step it was started with; resolves once it has. */
  jump(): Promise<void>;
  /** Stops it (SIGTERM) and waits until it has exited. */
  stop(): Promise<void>;
}

const E2E_DIR = fileURLToPath(new URL('../..', import.meta.url));
const PRELOAD = fileURLToPath(new URL('./shifted-clock.mjs', import.meta.url));

/**
 * Starts the production server (apps/api/dist/main.js, as
 * playwright.config.ts does) on a free port with a fresh in-memory
 * database and a clock that each `jump()` moves on by `stepMs`: for the
 * one check that needs time to pass on the server (an expired link).
 * The shared server is never touched.
 */
export async function startClockServer(stepMs: number): Promise<ClockServer> {
  const child = spawn(
    process.execPath,
    ['--import', PRELOAD, '../../apps/api/dist/main.js'],
    {
      cwd: E2E_DIR,
      env: {
        PATH: process.env['PATH'] ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        DASHBOARD_DIR: '../dashboard/dist',
        PGLITE_DATA_DIR: 'memory://',
        LOG_LEVEL: 'info',
        E2E_CLOCK_STEP_MS: String(stepMs),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Everything it prints, and the waits for a line in it.
  let output = '';
  let gone = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    wake();
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      gone = true;
      wake();
      resolve();
    }),
  );
  // Never outlives the test run, whatever happens to the test.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const waitFor = (pattern: RegExp, what: string) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const found = pattern.exec(output);
        if (found) resolve(found);
        else if (gone)
          reject(
            new Error(`the clock server exited before ${what}:\n${output}`),
          );
        else return;
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  const listening = await waitFor(
    /Dashboard at (http:\/\/127\.0\.0\.1:\d+)\//,
    'listening',
  );
  let jumps = 0;
  return {
    origin: listening[1] ?? '',
    async jump() {
      jumps += 1;
      const moved = waitFor(
        new RegExp(`e2e clock: shifted by ${jumps * stepMs} ms`),
        'its clock moved',
      );
      child.kill('SIGUSR2');
      await moved;
    },
    async stop() {
      process.off('exit', kill);
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
