import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import {
  appConfig,
  SOURCE_CONDITION,
} from '../../tools/vite/project-config.mts';

const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

function commit(): string {
  try {
    return execSync('git rev-parse --short HEAD', {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/** Where index.html wants the theme boot script. */
const THEME_BOOT_PLACEHOLDER = '<!-- theme-boot-script -->';

/**
 * Inlines the theme boot snippet of @collective/theming in place of
 * THEME_BOOT_PLACEHOLDER, the first script of <head>, right after
 * <meta charset> and before any stylesheet or module script, so the stored theme is on <html> before the first paint (decisions
 * D8). The snippet is generated from the theme definitions on every build
 * (and on each dev page load after a theming source changed), so it cannot
 * drift from them. The library is loaded through Vite's module runner with
 * the workspace source condition, so neither a prior library build nor a
 * relative import across projects is needed.
 */
function themeBootScriptPlugin(): Plugin {
  let script: Promise<{ code: string; files: string[] }> | undefined;
  const load = async () => {
    const { module, dependencies } = await runnerImport<{
      themeBootScript(): string;
    }>('@collective/theming', {
      root: import.meta.dirname,
      logLevel: 'error',
      environments: {
        inline: { resolve: { conditions: [SOURCE_CONDITION] } },
      },
    });
    return { code: module.themeBootScript(), files: dependencies };
  };
  return {
    name: 'collective:theme-boot-script',
    configureServer(server) {
      server.watcher.on('change', (file) => {
        void script?.then(({ files }) => {
          if (files.includes(file)) script = undefined;
        });
      });
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        script ??= load();
        if (!html.includes(THEME_BOOT_PLACEHOLDER)) {
          throw new Error(
            `index.html has no ${THEME_BOOT_PLACEHOLDER}; put it right after <meta charset> so the theme is applied before the first paint.`,
          );
        }
        return html.replace(
          THEME_BOOT_PLACEHOLDER,
          `<script>${(await script).code}</script>`,
        );
      },
    },
  };
}

// Development only (npm run dev): Vite serves the dashboard with hot reload
// and forwards the API's paths to the reference API in watch mode, so the
// dashboard and the API share one origin, as in production, where the API's
// server serves the build itself (apps/api, npm start).
const port = Number(process.env['DASHBOARD_PORT'] ?? 4200);
const host = process.env['DASHBOARD_HOST'] ?? '127.0.0.1';
const apiTarget = process.env['API_URL'] ?? 'http://127.0.0.1:3333';
// /api and below only: a plain '/api' prefix would also take /api-keys.
const proxy = { '^/api(?:[/?]|$)': { target: apiTarget, changeOrigin: false } };

export default defineConfig(() => {
  const base = appConfig({
    dirname: import.meta.dirname,
    name: '@collective/dashboard',
    environment: 'jsdom',
    react: true,
  });
  return {
    ...base,
    plugins: [
      ...(base.plugins ?? []),
      themeBootScriptPlugin(),
      // .br and .gz beside each file, so the server sends them precompressed.
      compression({ algorithms: ['brotliCompress', 'gzip'] }),
    ],
    server: { port, host, strictPort: true, proxy },
    preview: { port, host, strictPort: true, proxy },
    define: {
      'import.meta.env.VITE_APP_VERSION': JSON.stringify(version),
      'import.meta.env.VITE_BUILD_COMMIT': JSON.stringify(
        process.env['BUILD_COMMIT'] ?? commit(),
      ),
      'import.meta.env.VITE_BUILD_DATE': JSON.stringify(
        new Date().toISOString().slice(0, 10),
      ),
    },
    build: {
      outDir: './dist',
      emptyOutDir: true,
      reportCompressedSize: true,
      manifest: true,
    },
  };
});
