import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OutputChunk } from 'rolldown';
import {
  type Alias,
  createServer,
  defineConfig,
  runnerImport,
  type Plugin,
  type ResolveModulePreloadDependenciesFn,
  type ViteDevServer,
} from 'vite';
import { compression } from 'vite-plugin-compression2';
import { preloadTrimmer } from '../../tools/vite/preload-dependencies.mts';
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

/** Where index.html wants the session boot script. */
const SESSION_BOOT_PLACEHOLDER = '<!-- session-boot-script -->';

/** What the session boot script needs of the route table. */
interface RouteRow {
  path: string;
  redirectTo?: string;
}

/** A route pattern as a regular expression over `location.pathname`. */
function routePattern(path: string): string {
  const escaped = path
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? '[^/]+'
        : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return `^${escaped}/?$`;
}

/**
 * The small modules of libs/ui and libs/nav that the screens share (the
 * screen frame and the pieces most screens show), by folder or file name.
 */
const SCREEN_KIT_MODULES = [
  'screen-frame',
  'use-current-route',
  'data-state',
  'panel',
  'figures',
  'format',
  'visually-hidden',
  'use-outside-pointer',
  'stacked-bar-chart',
];

/**
 * One chunk for {@link SCREEN_KIT_MODULES} (docs/decisions/0027, addendum
 * of issue 25). Left to automatic chunking, each set of screens sharing a
 * module gets a chunk of its own: /dashboard fetched five of 0.2 to 1.3 kB
 * gzip, each with its own compression, import names and preload entries,
 * 0.74 kB more than this one chunk. Their dependencies stay where they were
 * (React, the router), so the sign-in page loads nothing more. The stacked
 * bar chart joined it on 2026-11-28: /dashboard draws it, and as a chunk of
 * its own it cost /dashboard 274 B more than inside the kit (129,727 B of
 * 130,000 with it here), while a screen without a chart loads 1 kB more.
 */
const screenKitGroup = {
  name: 'screen-kit',
  test: new RegExp(
    `[\\\\/]libs[\\\\/](ui|nav)[\\\\/]src[\\\\/](react[\\\\/])?(${SCREEN_KIT_MODULES.join('|')})[\\\\/.]`,
  ),
  includeDependenciesRecursively: false,
};

/**
 * The chunk of the API client, loaded by `services.loadApi()`: the one that
 * holds the library's index module. Not found by its facade: Rolldown merges
 * that dynamic entry into a shared chunk, which has none.
 */
const isApiClientChunk = (chunk: { moduleIds: readonly string[] }) =>
  chunk.moduleIds.some((id) => id.endsWith('libs/api-client/src/index.ts'));

/** The name of a route's screen chunk: its path as a slug, `:param` as `detail` (the generator's file names). */
export function screenChunkName(path: string): string {
  const slug = path
    .slice(1)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? 'detail' : segment))
    .join('-');
  return `${slug}-screen`;
}

/** What a build's chunks need to preload each route's screen. */
interface ScreenFiles {
  /** The signed-in shell's and the API client's files, with their styles. */
  shared: string[];
  /** Per route, as [pattern of `routePattern`, files beyond `shared`]. */
  table: [string, string[]][];
  /** What /dashboard needs beyond `shared` (for a path the table lacks: it redirects there). */
  home: string[];
  /** The file of each route's screen chunk. */
  screens: Set<string>;
}

/** Loads the route table of @collective/nav from its sources. */
async function loadRoutes(): Promise<readonly RouteRow[]> {
  const { module } = await runnerImport<{ ROUTES: readonly RouteRow[] }>(
    '@collective/nav',
    {
      root: import.meta.dirname,
      logLevel: 'error',
      environments: {
        inline: { resolve: { conditions: [SOURCE_CONDITION] } },
      },
    },
  );
  return module.ROUTES;
}

/**
 * The files of each route's screen, from the build's own chunks and the
 * route table, so they cannot go stale. Throws when a route has no screen
 * chunk named after its path.
 */
function screenFilesOf(
  chunks: readonly OutputChunk[],
  routes: readonly RouteRow[],
): ScreenFiles {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const screenChunk = (name: string) =>
    chunks.find((chunk) => chunk.isDynamicEntry && chunk.name === name);
  /** A dynamic chunk's files: itself, its static imports (not the entry's), their styles. */
  const closure = (start: OutputChunk | undefined): string[] => {
    if (!start) return [];
    const files = new Set<string>();
    const visit = (fileName: string) => {
      const chunk = byFile.get(fileName);
      if (!chunk || files.has(fileName) || chunk === entry) return;
      files.add(fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
      chunk.imports.forEach(visit);
    };
    visit(start.fileName);
    return [...files];
  };
  const apiClient = chunks.find(isApiClientChunk);
  if (!apiClient) {
    throw new Error(
      'No chunk holds libs/api-client/src/index.ts: a stored session would fetch the API client only after the entry ran.',
    );
  }
  const shared = [
    ...new Set([...closure(screenChunk('signed-in')), ...closure(apiClient)]),
  ];
  const screenOf = (route: RouteRow) =>
    screenChunk(screenChunkName(route.redirectTo ?? route.path));
  for (const route of routes) {
    if (!route.redirectTo && !screenOf(route)) {
      throw new Error(
        `No screen chunk named ${screenChunkName(route.path)} for ${route.path}: name the screen's file after its path (as the feature-library generator does) so deep links preload it.`,
      );
    }
  }
  /** What a route's screen needs beyond the shared chunks. */
  const screenExtra = (route: RouteRow) =>
    closure(screenOf(route)).filter((file) => !shared.includes(file));
  const home = routes.find((route) => route.path === '/dashboard');
  return {
    shared,
    table: routes.map((route) => [
      routePattern(route.path),
      screenExtra(route),
    ]),
    home: home ? screenExtra(home) : [],
    screens: new Set(
      routes.flatMap((route) => screenOf(route)?.fileName ?? []),
    ),
  };
}

/**
 * The script of SESSION_BOOT_PLACEHOLDER. It defines
 * `window.__preloadScreen(path)`, which adds `<link rel=modulepreload>` (and
 * style preloads) for the files the route of `path` needs beyond the shell,
 * once each; the app calls it before a screen's lazy import (screen-files.ts
 * of the app). Then, when a session token is stored, it marks
 * `<html data-signed-in>` (the prerendered sign-in screen then stays hidden)
 * and preloads, in parallel with the entry, what showing the current URL
 * needs: the API client, the signed-in shell and the route's screen, with
 * their shared chunks and styles. Without it a deep link would fetch them one
 * after another.
 */
function sessionBootScript(files: ScreenFiles, base: string): string {
  return (
    `(function(d,w){var r=${JSON.stringify(files.table)},h=${JSON.stringify(files.home)},s={};` +
    `function a(f){for(var j=0;j<f.length;j++){if(s[f[j]])continue;s[f[j]]=1;var l=d.createElement("link"),c=/\\.css$/.test(f[j]);` +
    `l.rel=c?"preload":"modulepreload";if(c)l.as="style";l.crossOrigin="";l.href=${JSON.stringify(base)}+f[j];d.head.appendChild(l)}}` +
    `function m(p){for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p))return r[i][1];return h}` +
    `w.__preloadScreen=function(p){a(m(p))};` +
    `var t;try{t=localStorage.getItem("token")}catch(e){}if(!t)return;` +
    `d.documentElement.setAttribute("data-signed-in","");` +
    `a(${JSON.stringify(files.shared)});a(m(location.pathname))})(document,window)`
  );
}

/**
 * The session boot script and what it stands for in the build:
 * - `plugin` writes the script (sessionBootScript) in place of
 *   SESSION_BOOT_PLACEHOLDER, before any stylesheet, which would make it
 *   wait; the server allows it by its hash;
 * - `resolveDependencies` of `build.modulePreload` leaves out of each lazy
 *   import's preload list the chunks certainly loaded already (the entry, the
 *   shell, the API client: preloadTrimmer), and, for the screens of the route
 *   table, every script: the app asks the script for the screen's files
 *   before importing it, so the signed-in chunk carries no list per screen,
 *   only the styles Vite's helper inserts itself.
 */
function sessionBoot(): {
  plugin: Plugin;
  resolveDependencies: ResolveModulePreloadDependenciesFn;
} {
  let base = '/';
  let files: ScreenFiles | undefined;
  // The signed-in shell is only rendered with the API client loaded
  // (app.tsx), so its lazy screens need not preload the client's chunks.
  const trimmer = preloadTrimmer([
    {
      whenLoaded: (chunk) => chunk.isDynamicEntry && chunk.name === 'signed-in',
      alsoLoaded: isApiClientChunk,
    },
  ]);
  return {
    plugin: {
      name: 'collective:session-boot-script',
      apply: 'build',
      configResolved(config) {
        base = config.base;
      },
      generateBundle: {
        // Before Vite's import analysis asks resolveDependencies.
        order: 'pre',
        async handler(_options, bundle) {
          files = screenFilesOf(
            Object.values(bundle).filter(
              (output): output is OutputChunk => output.type === 'chunk',
            ),
            await loadRoutes(),
          );
          trimmer.record(bundle);
        },
      },
      transformIndexHtml: {
        order: 'post',
        handler(html) {
          if (!files) throw new Error('The screen files were not computed.');
          if (!html.includes(SESSION_BOOT_PLACEHOLDER)) {
            throw new Error(
              `index.html has no ${SESSION_BOOT_PLACEHOLDER}; put it before any stylesheet, which would hold the script back.`,
            );
          }
          return html.replace(
            SESSION_BOOT_PLACEHOLDER,
            `<script>${sessionBootScript(files, base)}</script>`,
          );
        },
      },
    },
    resolveDependencies(file, deps, context) {
      if (context.hostType === 'js' && files?.screens.has(file)) return [];
      return trimmer.resolveDependencies(file, deps, context);
    },
  };
}

/**
 * Writes the entry's stylesheet (base styles and the sign-in screen, ~3.6 kB)
 * into index.html as a `<style>` instead of a `<link>`, so the prerendered
 * sign-in screen paints with the HTML alone: no render-blocking request. The
 * server allows it by its hash, as it does the inline scripts. The styles of
 * lazily loaded chunks stay files.
 */
function inlineEntryStylesPlugin(): Plugin {
  return {
    name: 'collective:inline-entry-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        return html.replace(
          /<link rel="stylesheet" crossorigin href="[^"]*\/(assets\/index-[\w-]+\.css)">/,
          (link, fileName: string) => {
            const asset = bundle[fileName];
            if (asset?.type !== 'asset') return link;
            // The disabled link is never fetched, but it tells Vite's
            // preload helper that these styles are on the page, so a lazy
            // chunk sharing them does not add them again later in the
            // cascade, over its own.
            return `<style>${String(asset.source)}</style>${link.replace('>', ' disabled>')}`;
          },
        );
      },
    },
  };
}

/** The entry script tag and its module preloads, as Vite writes them into index.html. */
const ENTRY_SCRIPT =
  /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The script that loads the entry in place of Vite's tags. Signed in
 * (`<html data-signed-in>`, set by the session boot script before it), it
 * preloads the entry and its chunks at once and imports the entry once the
 * document is parsed, as Vite's module script would. Signed out, it does both
 * once the browser reports the prerendered sign-in screen's first contentful
 * paint (a `paint` performance entry), at once in a background tab (which
 * does not paint), and after a frame where paint entries are not reported or
 * at the latest after a second: nothing of the 70 kB entry is then on the
 * first paint's path, neither for the browser nor in Lighthouse's simulation
 * of a slow phone, which counts every script that finished loading before
 * the paint (decisions 0027, 0107).
 */
function entryLoaderScript(entry: string, preloads: string[]): string {
  return (
    `(function(d){var p=${JSON.stringify([entry, ...preloads])},o=0;` +
    `function f(){for(var i=0;i<p.length;i++){var e=d.createElement("link");e.rel="modulepreload";e.crossOrigin="";e.href=p[i];d.head.appendChild(e)}}` +
    `function l(){import(p[0])}` +
    `function g(){if(o)return;o=1;f();l()}` +
    `if(d.documentElement.hasAttribute("data-signed-in")){f();if(d.readyState=="loading")d.addEventListener("DOMContentLoaded",l);else l()}` +
    `else if(d.visibilityState=="hidden")g();` +
    `else{var P=window.PerformanceObserver;` +
    `if(P&&(P.supportedEntryTypes||[]).indexOf("paint")>=0)new P(function(l,s){if(l.getEntriesByName("first-contentful-paint").length){s.disconnect();g()}}).observe({type:"paint",buffered:true});` +
    `else requestAnimationFrame(function(){setTimeout(g)});setTimeout(g,1000)}})(document)`
  );
}

/**
 * Replaces the entry's `<script type="module">` and module preloads with
 * entryLoaderScript, where they were (after the session boot script). The
 * server allows it by its hash, as the other inline scripts.
 */
function deferredEntryPlugin(): Plugin {
  return {
    name: 'collective:deferred-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = ENTRY_SCRIPT.exec(html)?.[1];
        if (!entry) throw new Error('index.html has no entry script to defer.');
        const preloads = [...html.matchAll(MODULE_PRELOAD)].map(
          (match) => match[1] ?? '',
        );
        return html
          .replace(MODULE_PRELOAD, '')
          .replace(
            ENTRY_SCRIPT,
            `<script>${entryLoaderScript(entry, preloads)}</script>`,
          );
      },
    },
  };
}

/** The empty root element of index.html, where the sign-in screen is rendered ahead of time. */
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Renders the signed-out page (the sign-in screen, by `src/prerender.tsx`)
 * into index.html's root element, marked `data-prerendered`, so the first
 * paint needs no script; `main.tsx` hydrates it. The module is loaded through
 * a Vite server in SSR mode, with the app's own config (CSS module names
 * included), so the markup matches what the browser renders.
 */
function prerenderPlugin(): Plugin {
  let devServer: ViteDevServer | undefined;
  const render = async (server: ViteDevServer): Promise<string> => {
    const module = (await server.ssrLoadModule('/src/prerender.tsx')) as {
      prerenderSignedOut(): string;
    };
    return module.prerenderSignedOut();
  };
  return {
    name: 'collective:prerender-sign-in',
    configureServer(server) {
      devServer = server;
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(ROOT_ELEMENT)) {
          throw new Error(
            `index.html has no ${ROOT_ELEMENT}; the sign-in screen is rendered into it.`,
          );
        }
        let markup: string;
        if (devServer) {
          markup = await render(devServer);
        } else {
          const shared = sharedConfig();
          const server = await createServer({
            ...shared,
            configFile: false,
            logLevel: 'error',
            appType: 'custom',
            server: { middlewareMode: true, hmr: false, ws: false },
          });
          try {
            markup = await render(server);
          } finally {
            await server.close();
          }
        }
        return html.replace(
          ROOT_ELEMENT,
          `<div id="root" data-prerendered>${markup}</div>`,
        );
      },
    },
  };
}

const sharedConfig = () =>
  appConfig({
    dirname: import.meta.dirname,
    name: '@collective/dashboard',
    environment: 'jsdom',
    react: true,
  });

// Development only (npm run dev): Vite serves the dashboard with hot reload
// and forwards the API's paths to the reference API in watch mode, so the
// dashboard and the API share one origin, as in production, where the API's
// server serves the build itself (apps/api, npm start).
const port = Number(process.env['DASHBOARD_PORT'] ?? 4200);
const host = process.env['DASHBOARD_HOST'] ?? '127.0.0.1';
const apiTarget = process.env['API_URL'] ?? 'http://127.0.0.1:3333';
// /api and below only: a plain '/api' prefix would also take /api-keys. The
// public mail-back form (/mail-back and below) is a page of the API's server.
const proxy = {
  '^/(?:api|mail-back)(?:[/?]|$)': { target: apiTarget, changeOrigin: false },
};

/**
 * React Router 7 resolves to its development build in every mode (its
 * package exports list no production condition, remix-run/react-router
 * #12532, #14102), which ships its development warnings to users. A build
 * takes the production files the package also contains.
 */
function reactRouterProductionBuild(): Alias[] {
  const dist = (file: string) =>
    fileURLToPath(
      new URL(
        `../../node_modules/react-router/dist/production/${file}`,
        import.meta.url,
      ),
    );
  return [
    { find: /^react-router$/, replacement: dist('index.mjs') },
    { find: /^react-router\/dom$/, replacement: dist('dom-export.mjs') },
  ];
}

export default defineConfig(({ command }) => {
  const base = sharedConfig();
  const boot = sessionBoot();
  return {
    ...base,
    resolve: {
      ...base.resolve,
      alias: command === 'build' ? reactRouterProductionBuild() : [],
    },
    plugins: [
      ...(base.plugins ?? []),
      themeBootScriptPlugin(),
      prerenderPlugin(),
      boot.plugin,
      inlineEntryStylesPlugin(),
      deferredEntryPlugin(),
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
      rolldownOptions: {
        output: {
          // File names recur in every import of a chunk, in the preload lists
          // and in index.html's route table: a content hash of 6 base64
          // characters (36 bits, ample for a few hundred files per release)
          // instead of 8 saves 0.17 kB on /dashboard (decisions 0027).
          // Rolldown needs 7 for chunks once there are more than 64 of them
          // (the build refuses "minimum hash size of 7" otherwise).
          entryFileNames: 'assets/[name]-[hash:6].js',
          chunkFileNames: 'assets/[name]-[hash:7].js',
          assetFileNames: 'assets/[name]-[hash:6][extname]',
          codeSplitting: { groups: [screenKitGroup] },
        },
      },
      // Every browser the dashboard supports preloads modules natively.
      modulePreload: {
        polyfill: false,
        resolveDependencies: boot.resolveDependencies,
      },
    },
  };
});
