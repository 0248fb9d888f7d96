import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { appConfig } from '../../tools/vite/project-config.mts';

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

const port = Number(process.env['DASHBOARD_PORT'] ?? 4200);
const host = process.env['DASHBOARD_HOST'] ?? '127.0.0.1';
const apiTarget =
  process.env['API_URL'] ??
  `http://127.0.0.1:${process.env['API_PORT'] ?? 3333}`;
// The dev and preview servers forward /api to the reference API, so the
// dashboard and the API share one origin, as in production.
const proxy = { '/api': { target: apiTarget, changeOrigin: false } };

export default defineConfig(() => {
  const base = appConfig({
    dirname: import.meta.dirname,
    name: '@collective/dashboard',
    environment: 'jsdom',
    react: true,
    setupFiles: ['src/test-setup.ts'],
  });
  return {
    ...base,
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
