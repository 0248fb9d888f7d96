/**
 * One place for the Vite and Vitest settings every project of the workspace
 * shares, so the libraries, the host app and the reference server cannot drift
 * apart. Each project's `vite.config.mts` calls one of these factories.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, isAbsolute, relative } from 'node:path';
import react from '@vitejs/plugin-react';
import {
  defaultClientConditions,
  defaultServerConditions,
  type UserConfig,
} from 'vite';
import dts from 'vite-plugin-dts';
import type { InlineConfig as VitestConfig } from 'vitest/node';

/** The workspace root, two folders above this file. */
const WORKSPACE_ROOT = join(import.meta.dirname, '../..');

/**
 * Class names of CSS modules: the local name and a short hash of the file's
 * path in the workspace. The same everywhere a file is compiled (a library's
 * build, the dashboard's build, the prerender of the sign-in page, tests), so
 * markup rendered ahead of time matches the stylesheet of the build.
 */
export function scopedClassName(name: string, filename: string): string {
  const path = relative(WORKSPACE_ROOT, filename.split('?')[0] ?? filename);
  const hash = createHash('sha256').update(path).digest('base64url');
  return `_${name}_${hash.slice(0, 6)}`;
}

const css = { modules: { generateScopedName: scopedClassName } };

/** The export condition that points workspace packages at their TypeScript sources. */
export const SOURCE_CONDITION = '@collective/source';

const testFiles = ['src/**/*.test.{ts,tsx}'];

interface TestOptions {
  /** Vitest project name, the package name. */
  name: string;
  /** DOM for React and browser-storage code, node for the server and pure logic. */
  environment: 'jsdom' | 'node';
  /** Setup files relative to the project root. */
  setupFiles?: string[];
}

/** The set-up every jsdom test run gets (jest-dom, cleanup, async timeout). */
const DOM_TEST_SETUP = join(import.meta.dirname, 'dom-test-setup.ts');

function testConfig({
  name,
  environment,
  setupFiles = [],
}: TestOptions): VitestConfig {
  return {
    name,
    watch: false,
    environment,
    include: testFiles,
    setupFiles: [
      ...(environment === 'jsdom' ? [DOM_TEST_SETUP] : []),
      ...setupFiles,
    ],
    reporters: ['default'],
    // A limit against hung tests, not a speed check: on a loaded 2-core
    // machine a component test that loads lazy chunks took over 5 s.
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
    coverage: { reportsDirectory: './test-output/coverage', provider: 'v8' },
  };
}

interface LibraryOptions {
  /** Unit-test environment; jsdom unless the library says otherwise. */
  environment?: 'jsdom' | 'node';
}

interface PackageJson {
  name: string;
  exports: Record<string, string | Record<string, string>>;
  peerDependencies?: Record<string, string>;
}

/**
 * What a library's build and tests need, read from its package.json: the
 * name, one entry per export that has a source condition (`.` → `index`,
 * `./react` → `react`, …), React when it has React as a peer, and
 * `src/test-setup.ts` when it exists.
 */
function libraryFacts(dirname: string) {
  const pkg = JSON.parse(
    readFileSync(join(dirname, 'package.json'), 'utf8'),
  ) as PackageJson;
  const entries: Record<string, string> = {};
  for (const [key, target] of Object.entries(pkg.exports)) {
    const source =
      typeof target === 'object' ? target[SOURCE_CONDITION] : undefined;
    if (source) entries[key === '.' ? 'index' : key.slice(2)] = source;
  }
  const setup = 'src/test-setup.ts';
  return {
    name: pkg.name,
    entries,
    react: pkg.peerDependencies?.['react'] !== undefined,
    setupFiles: existsSync(join(dirname, setup)) ? [setup] : [],
  };
}

/**
 * A publishable library: ESM build of each entry with every bare import left
 * external (consumers bring their own React, ky, valibot and sibling
 * libraries), one rolled-up `.d.ts` per entry, CSS extracted to `dist/index.css`.
 * Everything but the test environment comes from the library's package.json,
 * so a `vite.config.mts` is one line: `libraryConfig(import.meta.dirname)`.
 */
export function libraryConfig(
  dirname: string,
  options: LibraryOptions = {},
): UserConfig & { test: VitestConfig } {
  const { name, entries, react: usesReact, setupFiles } = libraryFacts(dirname);
  return {
    root: dirname,
    cacheDir: join(WORKSPACE_ROOT, 'node_modules/.vite', name),
    css,
    resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
    plugins: [
      ...(usesReact ? [react()] : []),
      dts({
        entryRoot: 'src',
        tsconfigPath: join(dirname, 'tsconfig.lib.json'),
        rollupTypes: true,
      }),
    ],
    build: {
      outDir: './dist',
      emptyOutDir: true,
      reportCompressedSize: true,
      lib: {
        entry: Object.fromEntries(
          Object.entries(entries).map(([k, v]) => [k, join(dirname, v)]),
        ),
        formats: ['es'],
        fileName: (_format, entryName) => `${entryName}.js`,
        cssFileName: 'index',
      },
      rolldownOptions: {
        external: (id: string) =>
          !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0'),
      },
    },
    test: testConfig({
      name,
      environment: options.environment ?? 'jsdom',
      setupFiles,
    }),
  };
}

interface AppOptions extends TestOptions {
  dirname: string;
  react: boolean;
}

/** Shared part of an application's config: source resolution of workspace packages and tests. */
export function appConfig(
  options: AppOptions,
): UserConfig & { test: VitestConfig } {
  return {
    root: options.dirname,
    cacheDir: join(WORKSPACE_ROOT, 'node_modules/.vite', options.name),
    css,
    resolve: {
      conditions: [
        SOURCE_CONDITION,
        ...(options.environment === 'node'
          ? defaultServerConditions
          : defaultClientConditions),
      ],
    },
    ssr: {
      resolve: {
        conditions: [
          SOURCE_CONDITION,
          // A server runs in Node, which never reads the "module" condition:
          // left out so that the test runner (which passes these conditions
          // to Node) loads packages as the built server will. With it,
          // prom-client's require of @opentelemetry/api got that package's
          // "module" build, which Node cannot load (opentelemetry-js#3989).
          ...(options.environment === 'node'
            ? defaultServerConditions.filter((c) => c !== 'module')
            : defaultServerConditions),
        ],
      },
    },
    plugins: options.react ? [react()] : [],
    test: testConfig(options),
  };
}
