import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  apiHealthUrl,
  createLinePrefixer,
  createSupervisor,
  DEMO_LOGIN,
  parseStackArgs,
  planStack,
  readStackSettings,
  runStack,
  waitForOk,
  type StackStep,
  type StartStep,
} from './stack.mjs';

const root = '/repo';
const nodePath = '/usr/bin/node';

/** A long-running Node child for the supervisor, from inline code. */
function nodeChild(name: string, code: string): StartStep {
  return {
    kind: 'start',
    name,
    command: process.execPath,
    args: ['-e', code],
    cwd: process.cwd(),
    env: process.env,
  };
}

const STAY_UP =
  "process.on('SIGTERM', () => { console.log('stopping'); process.exit(0); }); setInterval(() => {}, 1000);";

/** A TCP port that was free a moment ago. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

/** Resolves once a written line contains `text` (children start slowly on a busy machine). */
async function lineContaining(lines: string[], text: string): Promise<void> {
  while (!lines.some((line) => line.includes(text))) {
    await new Promise((done) => setTimeout(done, 10));
  }
}

/** Collects what the supervisor writes. */
function output() {
  const lines: string[] = [];
  return { lines, write: (text: string) => lines.push(text) };
}

describe('parseStackArgs', () => {
  it('reads the mode and --no-build', () => {
    expect(parseStackArgs(['--mode=production', '--no-build'])).toEqual({
      mode: 'production',
      build: false,
    });
    expect(parseStackArgs(['--mode=development'])).toEqual({
      mode: 'development',
      build: true,
    });
  });

  it('rejects an unknown argument with the usage line', () => {
    expect(() => parseStackArgs(['--mode=staging'])).toThrow(
      /Unknown argument "--mode=staging".*Usage:/s,
    );
  });
});

describe('readStackSettings', () => {
  it('uses ports 3333 and 4200 on 127.0.0.1 by default', () => {
    expect(readStackSettings({})).toEqual({
      apiPort: 3333,
      apiHost: '127.0.0.1',
      dashboardPort: 4200,
      dashboardHost: '127.0.0.1',
      waitTimeoutMs: 60_000,
    });
  });

  it('takes the ports and hosts from the environment', () => {
    expect(
      readStackSettings({
        API_PORT: '3343',
        DASHBOARD_PORT: '4310',
        API_HOST: '0.0.0.0',
        DASHBOARD_HOST: 'localhost',
      }),
    ).toMatchObject({
      apiPort: 3343,
      dashboardPort: 4310,
      apiHost: '0.0.0.0',
      dashboardHost: 'localhost',
    });
  });

  it.each(['abc', '0', '70000', '33.5'])(
    'rejects API_PORT=%s with a message naming the variable',
    (value) => {
      expect(() => readStackSettings({ API_PORT: value })).toThrow(
        `API_PORT must be a port number from 1 to 65535, not "${value}"`,
      );
    },
  );

  it('reaches an API bound to every interface through loopback', () => {
    expect(
      apiHealthUrl(
        readStackSettings({ API_HOST: '0.0.0.0', API_PORT: '5000' }),
      ),
    ).toBe('http://127.0.0.1:5000/api/health');
  });
});

describe('planStack', () => {
  const env = {
    PGLITE_DATA_DIR: 'memory://',
    DATABASE_URL: 'postgres://db/x',
    PATH: '/bin',
  };
  const settings = readStackSettings({
    API_PORT: '3343',
    DASHBOARD_PORT: '4310',
  });

  /** The steps as short strings, to read the order at a glance. */
  function outline(steps: StackStep[]): string[] {
    return steps.map((step) =>
      step.kind === 'run' || step.kind === 'start'
        ? `${step.kind} ${step.name}: ${[step.command, ...step.args].join(' ')} (in ${step.cwd})`
        : step.kind === 'wait'
          ? `wait ${step.url}`
          : step.kind === 'require'
            ? `require ${step.path}`
            : 'print',
    );
  }

  it('builds, starts the API, waits for its health, then previews the dashboard in production', () => {
    const steps = planStack({ mode: 'production', build: true }, settings, {
      root,
      env,
      nodePath,
    });

    expect(outline(steps)).toEqual([
      expect.stringMatching(
        /^run build: .*nx run-many -t build -p dashboard api \(in \/repo\)$/,
      ),
      'require /repo/apps/api/dist/main.js',
      'require /repo/apps/dashboard/dist/index.html',
      'start api: /usr/bin/node /repo/apps/api/dist/main.js (in /repo)',
      'wait http://127.0.0.1:3343/api/health',
      expect.stringMatching(
        /^start dashboard: .*vite preview --strictPort --port 4310 --host 127\.0\.0\.1 \(in \/repo\/apps\/dashboard\)$/,
      ),
      'wait http://127.0.0.1:4310/',
      'print',
    ]);
  });

  it('skips the build with --no-build', () => {
    const steps = planStack({ mode: 'production', build: false }, settings, {
      root,
      env,
      nodePath,
    });

    expect(steps.some((step) => step.kind === 'run')).toBe(false);
  });

  it('gives both servers the ports, and the API the database settings, through the environment', () => {
    const steps = planStack({ mode: 'production', build: false }, settings, {
      root,
      env,
      nodePath,
    });
    const api = steps.find(
      (s): s is StartStep => s.kind === 'start' && s.name === 'api',
    );
    const dashboard = steps.find(
      (s): s is StartStep => s.kind === 'start' && s.name === 'dashboard',
    );

    expect(api?.env).toMatchObject({
      API_PORT: '3343',
      API_HOST: '127.0.0.1',
      PGLITE_DATA_DIR: 'memory://',
      DATABASE_URL: 'postgres://db/x',
    });
    expect(dashboard?.env).toMatchObject({
      API_PORT: '3343',
      API_URL: 'http://127.0.0.1:3343',
      DASHBOARD_PORT: '4310',
    });
  });

  it('points the dashboard proxy at the API it starts even when the shell has another API_URL', () => {
    const steps = planStack({ mode: 'production', build: false }, settings, {
      root,
      env: { ...env, API_URL: 'http://elsewhere:9999' },
      nodePath,
    });
    const dashboard = steps.find(
      (s): s is StartStep => s.kind === 'start' && s.name === 'dashboard',
    );

    expect(dashboard?.env['API_URL']).toBe('http://127.0.0.1:3343');
  });

  it('builds the API once, then watches it, restarts it on change and runs the dev server in development', () => {
    const steps = planStack({ mode: 'development', build: true }, settings, {
      root,
      env,
      nodePath,
    });

    expect(outline(steps)).toEqual([
      expect.stringMatching(/^run build: .*nx run api:build \(in \/repo\)$/),
      expect.stringMatching(
        /^start api-build: .*vite build --watch \(in \/repo\/apps\/api\)$/,
      ),
      'start api: /usr/bin/node --watch-path=/repo/apps/api/dist /repo/apps/api/dist/main.js (in /repo)',
      'wait http://127.0.0.1:3343/api/health',
      expect.stringMatching(
        /^start dashboard: .*vite --strictPort --port 4310 --host 127\.0\.0\.1 \(in \/repo\/apps\/dashboard\)$/,
      ),
      'wait http://127.0.0.1:4310/',
      'print',
    ]);
  });

  it('announces both URLs and the demo login once everything answers', () => {
    const steps = planStack({ mode: 'production', build: false }, settings, {
      root,
      env,
      nodePath,
    });
    const last = steps.at(-1);

    expect(last?.kind).toBe('print');
    const text = last?.kind === 'print' ? last.text : '';
    expect(text).toContain('http://127.0.0.1:4310/');
    expect(text).toContain('http://127.0.0.1:3343/api');
    expect(text).toContain(DEMO_LOGIN.email);
    expect(text).toContain(DEMO_LOGIN.password);
  });
});

describe('createLinePrefixer', () => {
  it('prefixes every complete line and holds a partial one until it completes', () => {
    const { lines, write } = output();
    const prefixer = createLinePrefixer('[api] ', write);

    prefixer.push('one\ntw');
    prefixer.push('o\r\nthree');
    expect(lines).toEqual(['[api] one\n', '[api] two\n']);

    prefixer.end();
    expect(lines).toEqual(['[api] one\n', '[api] two\n', '[api] three\n']);
  });
});

describe('waitForOk', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.close();
    server = undefined;
  });

  /** Starts a server answering with the given statuses in turn, then the last one. */
  async function serve(
    statuses: number[],
  ): Promise<{ url: string; hits: () => number }> {
    let hits = 0;
    server = createServer((_req, res) => {
      const status = statuses[Math.min(hits, statuses.length - 1)] ?? 500;
      hits += 1;
      res.writeHead(status).end();
    });
    await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/api/health`, hits: () => hits };
  }

  it('keeps asking until the server answers 200', async () => {
    const { url, hits } = await serve([503, 503, 200]);

    await waitForOk(url, { timeoutMs: 5_000, intervalMs: 10 });

    expect(hits()).toBe(3);
  });

  it('gives up after the timeout with the last answer and the hint', async () => {
    const { url } = await serve([503]);

    await expect(
      waitForOk(url, {
        timeoutMs: 200,
        intervalMs: 20,
        hint: 'Is API_PORT free?',
      }),
    ).rejects.toThrow(
      /did not answer 200 within 0\.2 s \(last: HTTP 503\)\. Is API_PORT free\?/,
    );
  });

  it('stops waiting as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(new Error('api exited')), 50);

    await expect(
      waitForOk('http://127.0.0.1:9/never', {
        timeoutMs: 10_000,
        intervalMs: 10,
        signal: controller.signal,
      }),
    ).rejects.toThrow('api exited');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('createSupervisor', () => {
  it('prefixes each child output line with its name', async () => {
    const { lines, write } = output();
    const supervisor = createSupervisor({ write, names: ['api', 'dashboard'] });

    supervisor.start(
      nodeChild(
        'api',
        `console.log('listening'); console.error('warned'); ${STAY_UP}`,
      ),
    );
    await lineContaining(lines, 'warned');
    supervisor.stop();

    expect(await supervisor.finished).toBe(0);
    expect(lines).toContain('[api]       listening\n');
    expect(lines).toContain('[api]       warned\n');
  });

  it('stops the others and finishes with 1 when a child fails', async () => {
    const { lines, write } = output();
    const supervisor = createSupervisor({ write, graceMs: 2_000 });

    supervisor.start(nodeChild('dashboard', STAY_UP));
    supervisor.start(
      nodeChild('api', 'setTimeout(() => process.exit(3), 200);'),
    );

    expect(await supervisor.finished).toBe(1);
    expect(lines.join('')).toContain(
      'api exited with status 3; stopping the others.',
    );
    // `finished` only resolves once the dashboard, which never ends on its own, was stopped.
    expect(lines.join('')).toMatch(
      /\[dashboard\] (stopping|was killed by SIGTERM)/,
    );
  });

  it('treats a server that ends on its own with status 0 as a failure', async () => {
    const { lines, write } = output();
    const supervisor = createSupervisor({ write });

    supervisor.start(nodeChild('dashboard', STAY_UP));
    supervisor.start(
      nodeChild('api', 'setTimeout(() => process.exit(0), 200);'),
    );

    expect(await supervisor.finished).toBe(1);
    expect(lines.join('')).toContain(
      'api exited with status 0; stopping the others.',
    );
  });

  it('finishes with 0 when stopped on request and every child stops cleanly', async () => {
    const { write } = output();
    const supervisor = createSupervisor({ write });

    supervisor.start(nodeChild('api', STAY_UP));
    supervisor.start(nodeChild('dashboard', STAY_UP));
    setTimeout(() => supervisor.stop('SIGINT received; stopping.'), 200);

    expect(await supervisor.finished).toBe(0);
  });

  it('kills a child that ignores SIGTERM after the grace period', async () => {
    const { lines, write } = output();
    const supervisor = createSupervisor({ write, graceMs: 300 });

    supervisor.start(
      nodeChild(
        'stubborn',
        "process.on('SIGTERM', () => {}); console.log('up'); setInterval(() => {}, 1000);",
      ),
    );
    await lineContaining(lines, '[stubborn] up');
    supervisor.stop();

    expect(await supervisor.finished).toBe(0);
    expect(lines.join('')).toContain('[stubborn] was killed by SIGKILL');
  });

  it('fails when a command cannot be started', async () => {
    const { lines, write } = output();
    const supervisor = createSupervisor({ write });

    supervisor.start({
      ...nodeChild('ghost', ''),
      command: '/nonexistent/ghost',
    });

    expect(await supervisor.finished).toBe(1);
    expect(lines.join('')).toContain('could not start /nonexistent/ghost');
  });
});

describe('runStack', () => {
  it('starts a server, waits for its health, announces, and ends with 1 when the server dies', async () => {
    const { lines, write } = output();
    const supervisor = createSupervisor({ write });
    const port = await freePort();
    const server = `require('node:http')
      .createServer((req, res) => res.writeHead(req.url === '/api/health' ? 200 : 404).end())
      .listen(${port}, '127.0.0.1', () => setTimeout(() => process.exit(7), 500));`;

    const status = await runStack(
      [
        nodeChild('api', server),
        {
          kind: 'wait',
          name: 'api',
          url: `http://127.0.0.1:${port}/api/health`,
          timeoutMs: 5_000,
          hint: '',
        },
        { kind: 'print', text: 'READY' },
      ],
      supervisor,
      write,
    );

    expect(status).toBe(1);
    expect(lines).toContain('READY\n');
    expect(lines.join('')).toContain('api exited with status 7');
  });

  it('does not start anything after a required file is missing, and ends with 1', async () => {
    const { lines, write } = output();
    const supervisor = createSupervisor({ write });

    const status = await runStack(
      [
        {
          kind: 'require',
          path: join(root, 'apps/api/dist/main.js'),
          hint: 'Build first.',
        },
        nodeChild('api', STAY_UP),
      ],
      supervisor,
      write,
    );

    expect(status).toBe(1);
    expect(lines.join('')).toContain(
      '/repo/apps/api/dist/main.js is missing. Build first.',
    );
    expect(lines.join('')).not.toContain('[api]');
  });

  it('stops the started servers and ends with 1 when a wait times out', async () => {
    const { lines, write } = output();
    const supervisor = createSupervisor({ write });

    const status = await runStack(
      [
        nodeChild('api', STAY_UP),
        {
          kind: 'wait',
          name: 'api',
          url: 'http://127.0.0.1:9/api/health',
          timeoutMs: 300,
          hint: 'Check [api].',
        },
        { kind: 'print', text: 'READY' },
      ],
      supervisor,
      write,
    );

    expect(status).toBe(1);
    expect(lines.join('')).toContain('did not answer 200 within');
    expect(lines.join('')).toMatch(/\[api\] (stopping|was killed by SIGTERM)/);
    expect(lines).not.toContain('READY\n');
  });
});
