/**
 * One place for the Vite and Vitest settings every project of the workspace
 * shares, so the libraries, the host app and the reference server cannot drift
 * apart. Each project's `vite.config.mts` calls one of these factories.
 */
import { join, isAbsolute } from 'node:path';
import react from '@vitejs/plugin-react';
import {
  defaultClientConditions,
  defaultServerConditions,
  type UserConfig,
} from 'vite';
import dts from 'vite-plugin-dts';
import type { InlineConfig as VitestConfig } from 'vitest/node';

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
    setupFiles,
    reporters: ['default'],
    restoreMocks: true,
    unstubGlobals: true,
    coverage: { reportsDirectory: './test-output/coverage', provider: 'v8' },
  };
}

interface LibraryOptions extends TestOptions {
  /** `import.meta.dirname` of the calling config. */
  dirname: string;
  /** Entry name → source file; each becomes `dist/<name>.js` and `dist/<name>.d.ts`. */
  entries: Record<string, string>;
  /** Whether the library has React parts (JSX transform and the React plugin). */
  react: boolean;
}

/**
 * A publishable library: ESM build of each entry with every bare import left
 * external (consumers bring their own React, ky, valibot and sibling
 * libraries), one rolled-up `.d.ts` per entry, CSS extracted to `dist/index.css`.
 */
export function libraryConfig(
  options: LibraryOptions,
): UserConfig & { test: VitestConfig } {
  const { dirname, entries } = options;
  return {
    root: dirname,
    cacheDir: join(dirname, '../../node_modules/.vite', options.name),
    resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
    plugins: [
      ...(options.react ? [react()] : []),
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
    test: testConfig(options),
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
    cacheDir: join(options.dirname, '../../node_modules/.vite', options.name),
    resolve: {
      conditions: [
        SOURCE_CONDITION,
        ...(options.environment === 'node'
          ? defaultServerConditions
          : defaultClientConditions),
      ],
    },
    ssr: {
      resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] },
    },
    plugins: options.react ? [react()] : [],
    test: testConfig(options),
  };
}
