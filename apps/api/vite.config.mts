import { defineConfig } from 'vite';
import { appConfig } from '../../tools/vite/project-config.mts';

const shared = appConfig({
  dirname: import.meta.dirname,
  name: '@collective/api',
  environment: 'node',
  react: false,
});

/**
 * The reference server builds as one SSR bundle, `dist/main.js`: packages from
 * node_modules stay external (Node loads them at run time), workspace libraries
 * are bundled from source through the `@collective/source` condition.
 * The entry is given as `rolldownOptions.input` (with `ssr: true`) because that
 * is what Nx's Vite plugin looks for to infer the `build` target.
 */
export default defineConfig({
  ...shared,
  build: {
    ssr: true,
    outDir: 'dist',
    emptyOutDir: true,
    target: 'node20',
    rolldownOptions: {
      input: { main: 'src/main.ts' },
      output: { chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
  test: {
    ...shared.test,
    // Template databases (PGlite dumps, a PostgreSQL template) made once per run.
    globalSetup: ['src/testing/global-setup.ts'],
    // Loading PGlite and seeding take seconds on a busy 2-core machine.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
