/**
 * A small stand-in for `apps/dashboard/dist`, written to a temporary folder
 * by the tests that need a built dashboard, so `nx test api` never waits for
 * (or depends on) a real dashboard build. It has the shape Vite gives the
 * real one: `index.html` with an inline boot script, hashed files under
 * `assets/` with `.br` and `.gz` copies beside them, and an icon at the top.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** The inline script of the fixture's index.html, as the theme boot script would be. */
export const FIXTURE_BOOT_SCRIPT =
  "document.documentElement.dataset.theme='pact';";

/** The fixture's hashed script. */
export const FIXTURE_SCRIPT_PATH = '/assets/index-Bx7Kq2mD.js';

/** Text of the fixture's hashed script. */
export const FIXTURE_SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});\n`;

/** The fixture's page, recognisable by its marker comment. */
export const FIXTURE_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <script>${FIXTURE_BOOT_SCRIPT}</script>
    <title>Collective Dashboard</title>
    <script type="module" crossorigin src="${FIXTURE_SCRIPT_PATH}"></script>
    <!-- dashboard fixture -->
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** Text of the file beside the fixture that must never be served. */
export const OUTSIDE_SECRET = 'not-for-the-web';

/** A built dashboard in a temporary folder, and the way to remove it. */
export interface DashboardFixture {
  dir: string;
  /** Name of a file in the fixture's parent folder, holding {@link OUTSIDE_SECRET}. */
  outsideFile: string;
  remove(): Promise<void>;
}

/** Writes the fixture dashboard to a new temporary folder. */
export async function writeDashboardFixture(): Promise<DashboardFixture> {
  const dir = await mkdtemp(join(tmpdir(), 'dashboard-fixture-'));
  const files: Record<string, string | Buffer> = {
    'index.html': FIXTURE_INDEX_HTML,
    'index.html.br': brotliCompressSync(FIXTURE_INDEX_HTML),
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    [FIXTURE_SCRIPT_PATH.slice(1)]: FIXTURE_SCRIPT,
    [`${FIXTURE_SCRIPT_PATH.slice(1)}.br`]: brotliCompressSync(FIXTURE_SCRIPT),
    [`${FIXTURE_SCRIPT_PATH.slice(1)}.gz`]: gzipSync(FIXTURE_SCRIPT),
    'assets/index-C4f9aZ1e.css': 'body{margin:0}',
  };
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  // A file beside the build that must never be reachable through it.
  const outsideFile = `${basename(dir)}-secret.txt`;
  await writeFile(join(dir, '..', outsideFile), OUTSIDE_SECRET);
  return {
    dir,
    outsideFile,
    remove: async () => {
      await rm(dir, { recursive: true, force: true });
      await rm(join(dir, '..', outsideFile), { force: true });
    },
  };
}
