#!/usr/bin/env node
/**
 * The external consumer test: uses @collective/theming and
 * @collective/api-client the way another collective tool would, from packed
 * tarballs, in a plain TypeScript project outside the workspace (no React,
 * no Nx, no workspace links to the libraries).
 *
 * 1. `npm pack` the built platform, theming and api-client packages
 *    (platform because theming depends on it: it is not on a registry yet).
 * 2. Write a consumer project in a temporary folder outside the workspace and
 *    `npm install --offline` the tarballs into it. Its tools (typescript,
 *    jsdom, their types) and the libraries' own dependencies (ky, valibot)
 *    are `file:` links to the workspace's node_modules, so nothing is fetched:
 *    it works wherever `npm ci` has run.
 * 3. `tsc --noEmit` (strict, nodenext: exactly what `exports` allows), then
 *    emit JavaScript.
 * 4. Start the production server (apps/api/dist/main.js, embedded in-memory
 *    database, a free port) and run the consumer's tests with node's test
 *    runner: a theme applied to a jsdom document, and calls to the server.
 *
 * Any failing step stops the run with its output and a non-zero exit code.
 * `KEEP_CONSUMER_DIR=1` keeps the temporary project for a look afterwards.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';

const HERE = import.meta.dirname;
const WORKSPACE = join(HERE, '../..');
const NODE_MODULES = join(WORKSPACE, 'node_modules');

/** The packages the consumer installs from tarballs, by workspace folder. */
const PACKED = ['libs/platform', 'libs/theming', 'libs/api-client'];

/** Packages the consumer gets from the workspace's node_modules, as `file:` links. */
const LINKED_DEPENDENCIES = ['ky', 'valibot'];
const LINKED_DEV_DEPENDENCIES = [
  'typescript',
  'jsdom',
  '@types/jsdom',
  '@types/node',
];

/** Packages that must not reach the consumer: the libraries it uses are React-free. */
const MUST_BE_ABSENT = ['react', 'react-dom', '@collective/ui'];

/**
 * How long the server may take to start: it compiles PGlite's WebAssembly,
 * migrates and seeds an in-memory database. About a second on an idle
 * machine, but over 30 s on a 2-core one running the rest of `npm test`;
 * Playwright's web server for the e2e suite waits as long.
 */
const SERVER_START_TIMEOUT_MS = 120_000;

/** @typedef {{ code: number | null, output: string }} RunResult */

class StepFailure extends Error {}

/**
 * Runs a command, collecting its output; rejects with the output when it
 * exits non-zero. With `echo`, the output is also shown as it comes.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env?: NodeJS.ProcessEnv, echo?: boolean }} options
 * @returns {Promise<string>}
 */
function run(command, args, { cwd, env = process.env, echo = false }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env });
    let output = '';
    /** @param {Buffer} chunk */
    const collect = (chunk) => {
      output += chunk.toString();
      if (echo) process.stdout.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else
        reject(
          new StepFailure(
            `${command} ${args.join(' ')} exited with ${code} in ${cwd}${echo ? '' : `:\n${output}`}`,
          ),
        );
    });
  });
}

/** @type {{ name: string, ms: number }[]} */
const timings = [];

/**
 * Runs one named step, timing it; a failure names the step.
 * @template T
 * @param {string} name
 * @param {() => Promise<T> | T} body
 * @returns {Promise<T>}
 */
async function step(name, body) {
  const start = performance.now();
  console.log(`\n▶ ${name}`);
  try {
    const result = await body();
    const ms = Math.round(performance.now() - start);
    timings.push({ name, ms });
    console.log(`✔ ${name} (${(ms / 1000).toFixed(1)} s)`);
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new StepFailure(`step "${name}" failed: ${message}`, {
      cause: error,
    });
  }
}

/**
 * `npm pack` of a built workspace package into `destination`; checks that
 * the tarball holds the built entry points and no tests.
 * @param {string} folder workspace-relative folder of the package
 * @param {string} destination
 * @returns {Promise<{ name: string, version: string, file: string }>}
 */
async function pack(folder, destination) {
  const dir = join(WORKSPACE, folder);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  if (!existsSync(join(dir, 'dist/index.js'))) {
    throw new StepFailure(
      `${folder}/dist/index.js is missing: build it first (npx nx build ${manifest.nx?.name ?? folder}).`,
    );
  }
  const json = await run(
    'npm',
    [
      'pack',
      dir,
      '--json',
      '--ignore-scripts',
      '--pack-destination',
      destination,
    ],
    { cwd: WORKSPACE },
  );
  const [packed] = JSON.parse(json.slice(json.indexOf('[')));
  /** @type {string[]} */
  const files = packed.files.map((/** @type {{ path: string }} */ f) => f.path);
  const unwanted = files.filter((file) =>
    /\.test\.tsx?$|\.tsbuildinfo$|^out-tsc\//.test(file),
  );
  if (unwanted.length > 0) {
    throw new StepFailure(
      `${packed.name}'s tarball holds files a consumer must not get: ${unwanted.join(', ')} (fix "files" in ${folder}/package.json).`,
    );
  }
  for (const file of ['package.json', 'dist/index.js', 'dist/index.d.ts']) {
    if (!files.includes(file)) {
      throw new StepFailure(`${packed.name}'s tarball lacks ${file}.`);
    }
  }
  console.log(
    `  ${packed.filename}: ${files.length} files, ${(packed.size / 1000).toFixed(1)} kB`,
  );
  return {
    name: packed.name,
    version: packed.version,
    file: join(destination, packed.filename),
  };
}

/**
 * A `file:` link to a package of the workspace's node_modules.
 * @param {string} name
 */
function linkTo(name) {
  const dir = join(NODE_MODULES, name);
  if (!existsSync(join(dir, 'package.json'))) {
    throw new StepFailure(
      `${name} is not in the workspace's node_modules: run npm ci at the workspace root.`,
    );
  }
  return `file:${dir}`;
}

/**
 * Strips the types of the consumer's sources into `dist/`, one file at a
 * time with the consumer's own TypeScript: the previous step has checked
 * them, and a second whole-program `tsc` would only parse every lib again.
 * @param {string} project
 */
async function transpile(project) {
  const require = createRequire(join(project, 'package.json'));
  /** @type {typeof import('typescript')} */
  const ts = require('typescript');
  const src = join(project, 'src');
  const dist = join(project, 'dist');
  mkdirSync(dist, { recursive: true });
  for (const file of readdirSync(src).filter((name) => name.endsWith('.ts'))) {
    const { outputText, diagnostics = [] } = ts.transpileModule(
      readFileSync(join(src, file), 'utf8'),
      {
        fileName: file,
        reportDiagnostics: true,
        compilerOptions: {
          module: ts.ModuleKind.ESNext,
          target: ts.ScriptTarget.ES2022,
          verbatimModuleSyntax: true,
        },
      },
    );
    if (diagnostics.length > 0) {
      throw new StepFailure(
        ts.formatDiagnostics(diagnostics, {
          getCanonicalFileName: (name) => name,
          getCurrentDirectory: () => project,
          getNewLine: () => '\n',
        }),
      );
    }
    writeFileSync(join(dist, file.replace(/\.ts$/, '.js')), outputText);
  }
}

/**
 * Starts the production server on a free port with an in-memory database
 * and only the API; resolves with its origin once it says it is ready.
 * @returns {Promise<{ origin: string, stop: () => Promise<void>, output: () => string }>}
 */
function startServer() {
  const main = join(WORKSPACE, 'apps/api/dist/main.js');
  if (!existsSync(main)) {
    throw new StepFailure(
      'apps/api/dist/main.js is missing: build the server first (npx nx build api).',
    );
  }
  const child = spawn(process.execPath, [main], {
    cwd: WORKSPACE,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DASHBOARD_DIR: 'none',
      PGLITE_DATA_DIR: 'memory://',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      CORS_ORIGINS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  const closed = new Promise((resolve) => child.on('close', resolve));
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    await closed;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(
        new StepFailure(
          `the server did not report ready within ${SERVER_START_TIMEOUT_MS / 1000} s:\n${output}`,
        ),
      );
    }, SERVER_START_TIMEOUT_MS);
    /** @param {Buffer} chunk */
    const collect = (chunk) => {
      output += chunk.toString();
      const ready = /API ready at (http:\/\/[^\s/]+)\/api/.exec(output);
      if (ready?.[1]) {
        clearTimeout(timer);
        resolve({ origin: ready[1], stop, output: () => output });
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('close', (code) => {
      exited = true;
      clearTimeout(timer);
      reject(
        new StepFailure(
          `the server exited with ${code} before it was ready:\n${output}`,
        ),
      );
    });
  });
}

async function main() {
  const started = performance.now();
  const root = mkdtempSync(join(tmpdir(), 'collective-consumer-'));
  const fromWorkspace = relative(WORKSPACE, root);
  if (!fromWorkspace.startsWith('..') && !isAbsolute(fromWorkspace)) {
    throw new StepFailure(
      `the consumer must live outside the workspace, but ${root} is inside it (set TMPDIR elsewhere).`,
    );
  }
  const tarballs = join(root, 'tarballs');
  const project = join(root, 'consumer');
  mkdirSync(tarballs);
  console.log(`Consumer project: ${project}`);

  /** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
  let server;
  let passed = false;
  try {
    const packed = await step('pack platform, theming and api-client', () =>
      Promise.all(PACKED.map((folder) => pack(folder, tarballs))),
    );

    await step(
      'install the tarballs into a plain project, offline',
      async () => {
        cpSync(join(HERE, 'consumer'), project, { recursive: true });
        const manifest = {
          name: 'collective-consumer',
          private: true,
          type: 'module',
          description:
            'Another collective tool: @collective/theming and @collective/api-client from tarballs, no React.',
          dependencies: {
            ...Object.fromEntries(
              packed.map(({ name, file }) => [name, `file:${file}`]),
            ),
            ...Object.fromEntries(
              LINKED_DEPENDENCIES.map((name) => [name, linkTo(name)]),
            ),
          },
          devDependencies: Object.fromEntries(
            LINKED_DEV_DEPENDENCIES.map((name) => [name, linkTo(name)]),
          ),
        };
        writeFileSync(
          join(project, 'package.json'),
          `${JSON.stringify(manifest, null, 2)}\n`,
        );
        await run(
          'npm',
          [
            'install',
            '--offline',
            '--no-audit',
            '--no-fund',
            '--ignore-scripts',
            '--no-package-lock',
            '--loglevel=error',
          ],
          // npm's workspace settings must not leak in from the caller (npx nx …).
          { cwd: project, env: withoutNpmWorkspaceEnv(process.env) },
        );
        for (const { name, version } of packed) {
          const installed = JSON.parse(
            readFileSync(
              join(project, 'node_modules', name, 'package.json'),
              'utf8',
            ),
          );
          if (installed.version !== version) {
            throw new StepFailure(
              `${name} installed at ${installed.version}, packed at ${version}.`,
            );
          }
        }
        const present = MUST_BE_ABSENT.filter((name) =>
          existsSync(join(project, 'node_modules', name)),
        );
        if (present.length > 0) {
          throw new StepFailure(
            `installing theming and api-client brought in ${present.join(', ')}: their React parts must stay optional peers.`,
          );
        }
      },
    );

    await step('typecheck: tsc --noEmit (strict, nodenext)', () =>
      run(
        process.execPath,
        [
          join(project, 'node_modules/typescript/bin/tsc'),
          '-p',
          project,
          '--noEmit',
        ],
        { cwd: project },
      ),
    );
    await step('compile to JavaScript (types already checked)', () =>
      transpile(project),
    );

    server = await step(
      'start the production server (apps/api/dist/main.js)',
      async () => {
        const started = await startServer();
        console.log(`  listening at ${started.origin}`);
        return started;
      },
    );

    const origin = server.origin;
    await step('run the consumer: theme a jsdom page, call the server', () =>
      run(
        process.execPath,
        [
          '--test',
          '--test-reporter=spec',
          join(project, 'dist/theme.test.js'),
          join(project, 'dist/api-client.test.js'),
        ],
        {
          cwd: project,
          env: { ...process.env, COLLECTIVE_API_URL: origin },
          echo: true,
        },
      ),
    );
    passed = true;
  } finally {
    if (server) {
      const running = server;
      await running.stop();
      if (!passed) console.error(`\nServer output:\n${running.output()}`);
    }
    if (process.env['KEEP_CONSUMER_DIR'] || !passed) {
      console.log(`\nKept the consumer project at ${project}`);
    } else {
      rmSync(root, { recursive: true, force: true });
    }
  }

  const total = ((performance.now() - started) / 1000).toFixed(1);
  console.log('\nConsumer test passed:');
  for (const { name, ms } of timings) {
    console.log(`  ${(ms / 1000).toFixed(1).padStart(5)} s  ${name}`);
  }
  console.log(`  ${total.padStart(5)} s  in all`);
}

/**
 * The environment without the `npm_config_*` settings npm gives scripts it
 * runs, which would make the nested `npm install` act on the workspace.
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
function withoutNpmWorkspaceEnv(env) {
  return Object.fromEntries(
    Object.entries(env).filter(
      ([key]) =>
        !/^npm_config_(workspace|workspaces|include_workspace_root|prefix|local_prefix|global|location)$/i.test(
          key,
        ),
    ),
  );
}

main().catch((error) => {
  console.error(
    `\n✘ Consumer test FAILED: ${error instanceof Error ? error.message : String(error)}`,
  );
  if (!(error instanceof StepFailure) && error instanceof Error) {
    console.error(error.stack);
  }
  process.exitCode = 1;
});
