import type { APIRequestContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { DEMO_PASSWORD } from './demo-accounts';

/** The built dashboard the server under test serves. */
export const DASHBOARD_DIST = fileURLToPath(
  new URL('../../../dashboard/dist', import.meta.url),
);

/**
 * The JavaScript budgets of the dashboard, in bytes of gzip -9 (kB = 1000 B),
 * counted as described in docs/decisions/0027.
 */
export const JS_BUDGETS = {
  /** Everything the sign-in page fetches before it can be used. */
  signInPage: 80_000,
  /** Everything fetched to show /dashboard with its data, from a stored session. */
  signedInDashboard: 130_000,
  /** Any one screen's own chunk. */
  screenChunk: 20_000,
  /** Everything the public mail-back form fetches (none today: decision 0091). */
  mailbackForm: 60_000,
} as const;

/** The size of one built file: as served raw, with gzip -9 and with brotli at quality 11. */
export interface FileSize {
  /** The path under the server's root, such as `/assets/index-abc.js`. */
  path: string;
  raw: number;
  gzip: number;
  brotli: number;
}

/** Measures a built file of the dashboard by its path on the server. */
export function sizeOf(path: string): FileSize {
  const bytes = readFileSync(join(DASHBOARD_DIST, path));
  return {
    path,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length,
  };
}

/** The sum of some file sizes. */
export function totalOf(sizes: readonly FileSize[]): Omit<FileSize, 'path'> {
  return sizes.reduce(
    (sum, size) => ({
      raw: sum.raw + size.raw,
      gzip: sum.gzip + size.gzip,
      brotli: sum.brotli + size.brotli,
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
}

declare global {
  interface Window {
    /** `performance.now()` when the element {@link recordReadyWhen} waits for appeared. */
    __readyAt?: number;
  }
}

/**
 * Before the page's own scripts run, watches the document and writes in
 * `window.__readyAt` the moment an element matching `selector` first exists:
 * the page's "ready" point, measured inside the page, so what the test runner
 * does afterwards cannot move it.
 */
export async function recordReadyWhen(
  page: Page,
  selector: string,
): Promise<void> {
  await page.addInitScript((wanted) => {
    const check = () => {
      if (window.__readyAt === undefined && document.querySelector(wanted)) {
        window.__readyAt = performance.now();
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
    });
  }, selector);
}

/**
 * The same-origin JavaScript files the page had started to fetch when it
 * became ready ({@link recordReadyWhen}), or when its `load` event fired if
 * that came later, from the browser's resource timings. Fetches that start
 * later (prefetches while idle) are not counted.
 */
export async function scriptsFetchedBeforeReady(page: Page): Promise<string[]> {
  await page.waitForFunction(() => window.__readyAt !== undefined);
  await page.waitForLoadState('load');
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    const cutoff = Math.max(
      window.__readyAt ?? 0,
      navigation?.loadEventStart ?? 0,
    );
    const paths = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= cutoff)
      .map((entry) => new URL(entry.name))
      .filter(
        (url) => url.origin === location.origin && url.pathname.endsWith('.js'),
      )
      .map((url) => url.pathname);
    return [...new Set(paths)].sort();
  });
}

/** What the session boot script finds in storage after a sign-in. */
export interface StoredSession {
  token: string;
  user: string;
}

/** Signs in through the API, as the sign-in screen would, and gives what it stores. */
export async function signInThroughApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<StoredSession> {
  const response = await request.post('/api/auth/login', {
    data: { email, password },
  });
  if (!response.ok()) {
    throw new Error(`Login of ${email} answered ${response.status()}`);
  }
  const { token, user } = (await response.json()) as {
    token: string;
    user: unknown;
  };
  return { token, user: JSON.stringify(user) };
}

/** Puts a session in the page's storage before any of its scripts run. */
export async function storeSession(
  page: Page,
  session: StoredSession,
): Promise<void> {
  await page.addInitScript(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', user);
  }, session);
}

/**
 * Signs the demo account `email` in through the API and stores its fresh
 * session in the page's storage, as a signed-in tab leaves it; gives that
 * session.
 */
export async function storeSessionOf(
  page: Page,
  request: APIRequestContext,
  email: string,
): Promise<StoredSession> {
  const session = await signInThroughApi(request, email, DEMO_PASSWORD);
  await storeSession(page, session);
  return session;
}

/** A built manifest entry of Vite (`dist/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** Keys of the chunks it imports statically. */
  imports?: string[];
}

function readManifest(): Record<string, ManifestChunk> {
  return JSON.parse(
    readFileSync(join(DASHBOARD_DIST, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
}

/**
 * The paths of the built dynamic chunk named `name` and of every chunk it
 * imports statically, directly or not, such as `/assets/x-abc.js`.
 */
export function chunkWithImports(name: string): string[] {
  const manifest = readManifest();
  const start = Object.keys(manifest).find(
    (key) => manifest[key]?.isDynamicEntry && manifest[key]?.name === name,
  );
  if (!start) throw new Error(`No dynamic chunk named ${name} in the build.`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  visit(start);
  return [...seen].flatMap((key) =>
    manifest[key] ? [`/${manifest[key].file}`] : [],
  );
}

/** The built screen chunks (one per routed screen), by chunk name. */
export function screenChunks(): FileSize[] {
  const manifest = readManifest();
  return Object.values(manifest)
    .filter((chunk) => chunk.isDynamicEntry && chunk.name?.endsWith('-screen'))
    .map((chunk) => sizeOf(`/${chunk.file}`))
    .sort((a, b) => b.gzip - a.gzip);
}

/** The manifest keys of `key`'s chunk and of every chunk it imports statically. */
function reachable(
  manifest: Record<string, ManifestChunk>,
  key: string,
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  manifest[key].imports?.forEach((next) => reachable(manifest, next, seen));
  return seen;
}

/** A chunk screens import beside their own, with its size and the screens importing it. */
export interface SharedChunk extends FileSize {
  name: string;
  screens: string[];
}

/**
 * The chunks that opening a screen adds to what a signed-in /dashboard
 * has loaded (the entry, the signed-in shell and the dashboard screen with
 * their imports): the shared chunks of screens, such as a chart or a frame
 * several screens use, each once, with the screens that import it. A
 * chunk /dashboard loads already (the bar chart's, today) counts in its
 * budget instead.
 */
export function chunksScreensAdd(): SharedChunk[] {
  const manifest = readManifest();
  const keyOf = (found: (chunk: ManifestChunk) => boolean | undefined) =>
    Object.keys(manifest).filter((key) =>
      found(manifest[key] as ManifestChunk),
    );
  const loaded = new Set<string>();
  for (const key of keyOf(
    (chunk) =>
      chunk.isEntry ||
      (chunk.isDynamicEntry &&
        (chunk.name === 'signed-in' || chunk.name === 'dashboard-screen')),
  )) {
    reachable(manifest, key, loaded);
  }
  const added = new Map<string, string[]>();
  for (const key of keyOf(
    (chunk) => chunk.isDynamicEntry && chunk.name?.endsWith('-screen'),
  )) {
    const screen = manifest[key]?.name ?? key;
    for (const imported of reachable(manifest, key)) {
      if (imported === key || loaded.has(imported)) continue;
      if (manifest[imported]?.isDynamicEntry) continue;
      added.set(imported, [...(added.get(imported) ?? []), screen]);
    }
  }
  return [...added]
    .map(([key, screens]) => ({
      name: manifest[key]?.name ?? key,
      screens,
      ...sizeOf(`/${manifest[key]?.file}`),
    }))
    .sort((a, b) => b.gzip - a.gzip);
}

/** A size in kB (1000 B) with one decimal. */
export const kB = (bytes: number): string => (bytes / 1000).toFixed(1);
