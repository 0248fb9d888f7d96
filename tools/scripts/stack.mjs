#!/usr/bin/env node
/**
 * Starts the reference API and the dashboard together with one command.
 *
 *   node tools/scripts/stack.mjs --mode=production [--no-build]   (npm start, Playwright)
 *   node tools/scripts/stack.mjs --mode=development               (npm run dev)
 *
 * production: builds dashboard and api with Nx (unless --no-build), starts
 *   `node apps/api/dist/main.js`, waits for GET /api/health to answer 200, then
 *   serves the built dashboard with `vite preview`, which proxies /api to the API.
 * development: builds the API once, then runs `vite build --watch` for it, the
 *   API under `node --watch-path`, and the dashboard's Vite dev server.
 *
 * Environment: API_PORT (3333), API_HOST (127.0.0.1), DASHBOARD_PORT (4200),
 * DASHBOARD_HOST (127.0.0.1), STACK_WAIT_TIMEOUT_MS (60000). PGLITE_DATA_DIR,
 * DATABASE_URL and everything else pass through to the children; the
 * dashboard's API_URL is set to the API started here, so its /api proxy
 * cannot point elsewhere.
 *
 * Every child's output lines carry its name. When a child exits, or on
 * SIGINT/SIGTERM, the others are stopped (SIGTERM, then SIGKILL after a grace
 * period). The exit status is 0 after a stop on SIGINT/SIGTERM and non-zero
 * when a step failed or a child ended on its own. Children stay in this
 * process's group, so a group kill (Playwright's webServer) reaches them.
 * No dependencies beyond Node.
 */
import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The workspace root, two folders above this script. */
export const WORKSPACE_ROOT = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../..',
);

/** The demo account to sign in with (decisions D11; all demo accounts share the password). */
export const DEMO_LOGIN = {
  email: 'super@pact.test',
  password: 'demo-pass-2026',
};

/** How long the API and the dashboard get to answer before the stack gives up. */
export const DEFAULT_WAIT_TIMEOUT_MS = 60_000;

/** How long a child gets after SIGTERM before it is killed. */
export const STOP_GRACE_MS = 5_000;

/**
 * @typedef {'production' | 'development'} StackMode
 *
 * @typedef {object} StackOptions
 * @property {StackMode} mode Which stack to start.
 * @property {boolean} build Whether production mode builds first (`--no-build` turns it off).
 *
 * @typedef {object} StackSettings
 * @property {number} apiPort
 * @property {string} apiHost
 * @property {number} dashboardPort
 * @property {string} dashboardHost
 * @property {number} waitTimeoutMs
 *
 * @typedef {Record<string, string | undefined>} Env
 *
 * @typedef {{ kind: 'run', name: string, command: string, args: string[], cwd: string, env: Env }} RunStep
 *   Runs a command to completion with inherited output; a failure ends the stack.
 * @typedef {{ kind: 'start', name: string, command: string, args: string[], cwd: string, env: Env }} StartStep
 *   Starts a long-running child under supervision.
 * @typedef {{ kind: 'wait', name: string, url: string, timeoutMs: number, hint: string }} WaitStep
 *   Waits until `url` answers 200.
 * @typedef {{ kind: 'require', path: string, hint: string }} RequireStep
 *   Fails early, with `hint`, when a file is missing.
 * @typedef {{ kind: 'print', text: string }} PrintStep
 *   Writes a message once everything before it is up.
 * @typedef {RunStep | StartStep | WaitStep | RequireStep | PrintStep} StackStep
 *
 * @typedef {object} Supervisor
 * @property {(step: StartStep) => void} start Starts a child with prefixed output.
 * @property {(reason?: string) => void} stop Stops every child (SIGTERM, then SIGKILL).
 * @property {Promise<number>} finished Resolves with the exit status once all children have ended after a stop.
 * @property {AbortSignal} signal Aborted once the stack is stopping; lets waits end early.
 * @property {() => void} fail Marks the stack as failed without a child having failed (a wait timed out).
 */

const USAGE =
  'Usage: node tools/scripts/stack.mjs --mode=production|development [--no-build]';

/**
 * Reads the command-line flags. Throws with the usage line on anything unknown.
 * @param {string[]} argv The arguments after the script name.
 * @returns {StackOptions}
 */
export function parseStackArgs(argv) {
  /** @type {StackOptions} */
  const options = { mode: 'production', build: true };
  for (const arg of argv) {
    if (arg === '--no-build') {
      options.build = false;
    } else if (arg === '--mode=production' || arg === '--mode=development') {
      options.mode = /** @type {StackMode} */ (arg.slice('--mode='.length));
    } else {
      throw new Error(`Unknown argument "${arg}".\n${USAGE}`);
    }
  }
  return options;
}

/**
 * Reads a TCP port from the environment, or the default when unset.
 * @param {Env} env
 * @param {string} key
 * @param {number} fallback
 * @returns {number}
 */
function readPort(env, key, fallback) {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(
      `${key} must be a port number from 1 to 65535, not "${raw}".`,
    );
  }
  return port;
}

/**
 * Ports, hosts and timeouts from the environment, with the documented defaults.
 * @param {Env} env
 * @returns {StackSettings}
 */
export function readStackSettings(env) {
  const timeout = env['STACK_WAIT_TIMEOUT_MS'];
  const waitTimeoutMs =
    timeout === undefined || timeout === ''
      ? DEFAULT_WAIT_TIMEOUT_MS
      : Number(timeout);
  if (!Number.isFinite(waitTimeoutMs) || waitTimeoutMs <= 0) {
    throw new Error(
      `STACK_WAIT_TIMEOUT_MS must be a positive number of milliseconds, not "${timeout}".`,
    );
  }
  return {
    apiPort: readPort(env, 'API_PORT', 3333),
    apiHost: env['API_HOST'] || '127.0.0.1',
    dashboardPort: readPort(env, 'DASHBOARD_PORT', 4200),
    dashboardHost: env['DASHBOARD_HOST'] || '127.0.0.1',
    waitTimeoutMs,
  };
}

/**
 * The host to reach a server on: a wildcard bind address is reached through loopback.
 * @param {string} host
 * @returns {string}
 */
function reachableHost(host) {
  if (host === '0.0.0.0' || host === '::' || host === '[::]')
    return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * The API's health URL.
 * @param {StackSettings} settings
 * @returns {string}
 */
export function apiHealthUrl(settings) {
  return `http://${reachableHost(settings.apiHost)}:${settings.apiPort}/api/health`;
}

/**
 * The dashboard's URL.
 * @param {StackSettings} settings
 * @returns {string}
 */
export function dashboardUrl(settings) {
  return `http://${reachableHost(settings.dashboardHost)}:${settings.dashboardPort}/`;
}

/**
 * How to run a workspace CLI (nx, vite): its node_modules/.bin entry directly,
 * so signals reach it without an npm process in between; `npx` elsewhere.
 * @param {string} root
 * @param {string} name
 * @param {string[]} args
 * @returns {{ command: string, args: string[] }}
 */
export function workspaceBin(root, name, args) {
  const bin = join(root, 'node_modules', '.bin', name);
  if (process.platform !== 'win32' && existsSync(bin)) {
    return { command: bin, args };
  }
  return {
    command: process.platform === 'win32' ? 'npx.cmd' : 'npx',
    args: [name, ...args],
  };
}

/**
 * The steps that start the stack, as data: what runs where with which environment.
 * @param {StackOptions} options
 * @param {StackSettings} settings
 * @param {{ root: string, env: Env, nodePath: string }} context
 * @returns {StackStep[]}
 */
export function planStack(options, settings, { root, env, nodePath }) {
  const apiDir = join(root, 'apps', 'api');
  const dashboardDir = join(root, 'apps', 'dashboard');
  const apiMain = join(apiDir, 'dist', 'main.js');
  /** @type {Env} */
  const childEnv = {
    ...env,
    API_PORT: String(settings.apiPort),
    API_HOST: settings.apiHost,
    DASHBOARD_PORT: String(settings.dashboardPort),
  };
  /** @type {Env} */
  const dashboardEnv = {
    ...childEnv,
    // The dashboard's Vite config proxies /api to API_URL, else to API_PORT;
    // point it at the API started here, whatever the shell says.
    API_URL: `http://${reachableHost(settings.apiHost)}:${settings.apiPort}`,
  };
  const dashboardArgs = [
    '--strictPort',
    '--port',
    String(settings.dashboardPort),
    '--host',
    settings.dashboardHost,
  ];
  const health = apiHealthUrl(settings);
  const dashboard = dashboardUrl(settings);
  /** @type {WaitStep} */
  const waitForApi = {
    kind: 'wait',
    name: 'api',
    url: health,
    timeoutMs: settings.waitTimeoutMs,
    hint: `Check the [api] output above: is port ${settings.apiPort} free (set API_PORT), is DATABASE_URL reachable?`,
  };
  /** @type {WaitStep} */
  const waitForDashboard = {
    kind: 'wait',
    name: 'dashboard',
    url: dashboard,
    timeoutMs: settings.waitTimeoutMs,
    hint: `Check the [dashboard] output above: is port ${settings.dashboardPort} free (set DASHBOARD_PORT)?`,
  };
  /** @type {PrintStep} */
  const banner = {
    kind: 'print',
    text: [
      '',
      `  Dashboard      ${dashboard}`,
      `  Reference API  ${health.replace(/\/health$/, '')}`,
      `  Sign in as ${DEMO_LOGIN.email} with password ${DEMO_LOGIN.password}.`,
      '  Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  };

  if (options.mode === 'production') {
    const build = workspaceBin(root, 'nx', [
      'run-many',
      '-t',
      'build',
      '-p',
      'dashboard',
      'api',
    ]);
    const preview = workspaceBin(root, 'vite', ['preview', ...dashboardArgs]);
    /** @type {StackStep[]} */
    const steps = options.build
      ? [{ kind: 'run', name: 'build', ...build, cwd: root, env }]
      : [];
    return [
      ...steps,
      {
        kind: 'require',
        path: apiMain,
        hint: 'Build first: npx nx run-many -t build -p dashboard api (or start without --no-build).',
      },
      {
        kind: 'require',
        path: join(dashboardDir, 'dist', 'index.html'),
        hint: 'Build first: npx nx run-many -t build -p dashboard api (or start without --no-build).',
      },
      {
        kind: 'start',
        name: 'api',
        command: nodePath,
        args: [apiMain],
        cwd: root,
        env: childEnv,
      },
      waitForApi,
      {
        kind: 'start',
        name: 'dashboard',
        ...preview,
        cwd: dashboardDir,
        env: dashboardEnv,
      },
      waitForDashboard,
      banner,
    ];
  }

  const buildApi = workspaceBin(root, 'nx', ['run', 'api:build']);
  const watchApi = workspaceBin(root, 'vite', ['build', '--watch']);
  const devServer = workspaceBin(root, 'vite', dashboardArgs);
  return [
    { kind: 'run', name: 'build', ...buildApi, cwd: root, env },
    {
      kind: 'start',
      name: 'api-build',
      ...watchApi,
      cwd: apiDir,
      env: childEnv,
    },
    {
      kind: 'start',
      name: 'api',
      command: nodePath,
      args: [`--watch-path=${join(apiDir, 'dist')}`, apiMain],
      cwd: root,
      env: childEnv,
    },
    waitForApi,
    {
      kind: 'start',
      name: 'dashboard',
      ...devServer,
      cwd: dashboardDir,
      env: dashboardEnv,
    },
    waitForDashboard,
    banner,
  ];
}

/**
 * Splits a stream of output into lines and writes each with `prefix` in
 * front; a partial last line waits for the rest or for `end()`.
 * @param {string} prefix
 * @param {(text: string) => void} write
 * @returns {{ push: (chunk: string | Buffer) => void, end: () => void }}
 */
export function createLinePrefixer(prefix, write) {
  let pending = '';
  return {
    push(chunk) {
      pending += chunk.toString();
      const lines = pending.split(/\r?\n/);
      pending = lines.pop() ?? '';
      for (const line of lines) write(`${prefix}${line}\n`);
    },
    end() {
      if (pending !== '') write(`${prefix}${pending}\n`);
      pending = '';
    },
  };
}

/**
 * Resolves once `url` answers 200. Throws with `hint` after `timeoutMs`, or
 * at once when `signal` aborts (for example because the server exited).
 * @param {string} url
 * @param {{ timeoutMs: number, hint?: string, intervalMs?: number, signal?: AbortSignal }} options
 * @returns {Promise<void>}
 */
export async function waitForOk(
  url,
  { timeoutMs, hint = '', intervalMs = 250, signal },
) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  for (;;) {
    signal?.throwIfAborted();
    try {
      // Each attempt gets at least a second, so a slow answer near the
      // deadline still counts (the wait may overrun by that second).
      const attempt = AbortSignal.timeout(
        Math.min(5_000, Math.max(1_000, deadline - Date.now())),
      );
      const response = await fetch(url, {
        signal: signal ? AbortSignal.any([signal, attempt]) : attempt,
      });
      await response.body?.cancel();
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      signal?.throwIfAborted();
      last =
        error instanceof Error
          ? error.cause instanceof Error
            ? error.cause.message
            : error.message
          : String(error);
    }
    if (Date.now() + intervalMs > deadline) {
      throw new Error(
        `${url} did not answer 200 within ${timeoutMs / 1000} s (last: ${last}).${hint ? ` ${hint}` : ''}`,
      );
    }
    await new Promise((done) => setTimeout(done, intervalMs));
  }
}

/**
 * Runs a command to completion with the terminal's stdio.
 * @param {RunStep} step
 * @returns {Promise<number>} The exit status (1 when killed by a signal).
 */
export function runToCompletion(step) {
  return new Promise((done) => {
    const child = spawn(step.command, step.args, {
      cwd: step.cwd,
      env: step.env,
      stdio: 'inherit',
    });
    child.on('error', (error) => {
      process.stderr.write(
        `[${step.name}] could not start ${step.command}: ${error.message}\n`,
      );
      done(1);
    });
    child.on('exit', (code) => done(code ?? 1));
  });
}

const COLORS = [36, 35, 33, 32, 34];

/**
 * Runs long-lived children with prefixed output; when one exits, or on
 * `stop()`, stops the others. `finished` resolves with 0 after a requested
 * stop, or 1 when a child failed: it exited before a stop was requested
 * (whatever its status) or could not start.
 * @param {{ write?: (text: string) => void, graceMs?: number, color?: boolean, names?: string[] }} [options]
 * @returns {Supervisor}
 */
export function createSupervisor(options = {}) {
  const write = options.write ?? ((text) => process.stdout.write(text));
  const graceMs = options.graceMs ?? STOP_GRACE_MS;
  const width = Math.max(
    0,
    ...(options.names ?? []).map((name) => name.length),
  );
  /** @type {Set<import('node:child_process').ChildProcess>} */
  const running = new Set();
  /**
   * Children that exited but whose last output may still be in the pipes.
   * @type {Set<import('node:child_process').ChildProcess>}
   */
  const draining = new Set();
  const controller = new AbortController();
  let failed = false;
  /** @type {(code: number) => void} */
  let settle = () => undefined;
  /** @type {Promise<number>} */
  const finished = new Promise((done) => {
    settle = done;
  });

  /** @param {string} name */
  function prefixFor(name) {
    const label = `[${name}]`.padEnd(width + 2);
    if (!options.color) return `${label} `;
    const color =
      COLORS[
        [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % COLORS.length
      ];
    return `\u001b[${color}m${label}\u001b[0m `;
  }

  function settleIfDone() {
    if (
      controller.signal.aborted &&
      running.size === 0 &&
      draining.size === 0
    ) {
      settle(failed ? 1 : 0);
    }
  }

  /**
   * Stops every running child: SIGTERM, then SIGKILL after the grace period.
   * @param {string} [reason] Why, printed once.
   */
  function stop(reason) {
    if (!controller.signal.aborted) {
      if (reason) write(`${prefixFor('stack')}${reason}\n`);
      controller.abort(new Error(reason ?? 'The stack is stopping.'));
      for (const child of running) child.kill('SIGTERM');
      if (running.size > 0) {
        setTimeout(() => {
          for (const child of running) child.kill('SIGKILL');
        }, graceMs).unref();
      }
    }
    settleIfDone();
  }

  /**
   * Starts a child under supervision, its stdout and stderr prefixed with its name.
   * @param {StartStep} step
   */
  function start(step) {
    if (controller.signal.aborted) return;
    const prefix = prefixFor(step.name);
    const child = spawn(step.command, step.args, {
      cwd: step.cwd,
      env: step.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    const out = createLinePrefixer(prefix, write);
    const err = createLinePrefixer(prefix, write);
    child.stdout?.on('data', (chunk) => out.push(chunk));
    child.stderr?.on('data', (chunk) => err.push(chunk));
    child.on('error', (error) => {
      // Spawning failed (command not found); no 'exit' follows.
      if (!running.delete(child)) return;
      failed = true;
      write(`${prefix}could not start ${step.command}: ${error.message}\n`);
      stop(`${step.name} could not start; stopping the others.`);
    });
    // 'close' flushes the last partial lines; 'exit' is what counts, as a
    // grandchild holding the pipes open must not hide that the child ended.
    // The stack finishes once the output is flushed, or a second after exit.
    child.on('close', () => {
      out.end();
      err.end();
      draining.delete(child);
      settleIfDone();
    });
    child.on('exit', (code, signal) => {
      if (!running.delete(child)) return;
      draining.add(child);
      setTimeout(() => {
        draining.delete(child);
        settleIfDone();
      }, 1_000).unref();
      const how = signal
        ? `was killed by ${signal}`
        : `exited with status ${code}`;
      if (controller.signal.aborted) {
        write(`${prefix}${how}\n`);
        settleIfDone();
        return;
      }
      // The children are servers: ending before anyone asked is a failure,
      // even with status 0.
      failed = true;
      stop(`${step.name} ${how}; stopping the others.`);
    });
  }

  return {
    start,
    stop,
    finished,
    signal: controller.signal,
    fail() {
      failed = true;
    },
  };
}

/**
 * Executes a plan: runs, starts, waits and prints in order, then keeps the
 * children running until one exits or `supervisor.stop()` is called.
 * @param {StackStep[]} steps
 * @param {Supervisor} supervisor
 * @param {(text: string) => void} [write]
 * @returns {Promise<number>} The exit status for the process.
 */
export async function runStack(
  steps,
  supervisor,
  write = (text) => process.stdout.write(text),
) {
  for (const step of steps) {
    if (supervisor.signal.aborted) break;
    if (step.kind === 'run') {
      const status = await runToCompletion(step);
      if (status !== 0) {
        write(
          `[${step.name}] failed with exit status ${status}; the stack does not start.\n`,
        );
        supervisor.fail();
        supervisor.stop();
        return status;
      }
    } else if (step.kind === 'require') {
      if (!existsSync(step.path)) {
        write(`[stack] ${step.path} is missing. ${step.hint}\n`);
        supervisor.fail();
        supervisor.stop();
      }
    } else if (step.kind === 'start') {
      supervisor.start(step);
    } else if (step.kind === 'wait') {
      try {
        await waitForOk(step.url, {
          timeoutMs: step.timeoutMs,
          hint: step.hint,
          signal: supervisor.signal,
        });
      } catch (error) {
        if (supervisor.signal.aborted) break;
        supervisor.fail();
        supervisor.stop(
          `[${step.name}] ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    } else {
      write(`${step.text}\n`);
    }
  }
  return supervisor.finished;
}

/** Parses the flags, starts the stack, forwards SIGINT/SIGTERM and exits with the stack's status. */
async function main() {
  let options;
  let settings;
  try {
    options = parseStackArgs(process.argv.slice(2));
    settings = readStackSettings(process.env);
  } catch (error) {
    process.stderr.write(
      `stack: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(2);
  }
  const steps = planStack(options, settings, {
    root: WORKSPACE_ROOT,
    env: process.env,
    nodePath: process.execPath,
  });
  const names = steps.flatMap((step) =>
    step.kind === 'start' ? [step.name] : [],
  );
  const supervisor = createSupervisor({
    color: Boolean(process.stdout.isTTY) && !process.env['NO_COLOR'],
    names: [...names, 'stack'],
  });
  let signals = 0;
  /** @param {NodeJS.Signals} signal */
  const onSignal = (signal) => {
    signals += 1;
    if (signals > 1) process.exit(130);
    supervisor.stop(`${signal} received; stopping.`);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.exit(await runStack(steps, supervisor));
}

if (
  process.argv[1] &&
  import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href
) {
  await main();
}
