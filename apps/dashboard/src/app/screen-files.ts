import type { RegisteredRoute } from '@collective/nav';
import type { ScreenLoader } from '@collective/nav/react';

/**
 * Starts fetching, in parallel, the files (scripts and styles) that showing
 * the route `path` needs beyond the signed-in shell. In a build it is the
 * session boot script's `__preloadScreen` (apps/dashboard/vite.config.mts),
 * which holds the list of each route, made from the build's own chunks; a
 * route's lazy import then preloads nothing itself, so the shell's chunk
 * carries no list per screen (docs/decisions/0027, addendum of issue 25).
 */
export type PreloadScreenFiles = (path: string) => void;

const made = new WeakMap<
  readonly RegisteredRoute<ScreenLoader>[],
  WeakMap<PreloadScreenFiles, RegisteredRoute<ScreenLoader>[]>
>();

/**
 * The route registry with each screen loader first asking `preload` for the
 * route's files, so that opening a screen (or the preload after a sign-in)
 * fetches its chunk and the chunks it imports at once, not one after the
 * other. Routes without a screen (the redirects) are kept as they are.
 *
 * The same registry and preload always give the same routes and loaders: the
 * router keeps one lazy screen per loader, and a render React throws away
 * and starts over (the shell's first one, while its data loads) would
 * otherwise make new loaders, and a chunk that fails would be asked for
 * again with each.
 */
export function withScreenFiles(
  registry: readonly RegisteredRoute<ScreenLoader>[],
  preload: PreloadScreenFiles,
): RegisteredRoute<ScreenLoader>[] {
  let byPreload = made.get(registry);
  if (!byPreload) {
    byPreload = new WeakMap();
    made.set(registry, byPreload);
  }
  let routes = byPreload.get(preload);
  if (!routes) {
    routes = registry.map((route) => {
      const load = route.screen;
      if (!load) return route;
      // One import at a time: the shell's first data and the lazy screen
      // both ask for a page's first screen; a failure may be tried again.
      let loading: ReturnType<ScreenLoader> | undefined;
      return {
        ...route,
        screen: () => {
          preload(route.path);
          return (loading ??= load().catch((error: unknown) => {
            loading = undefined;
            throw error;
          }));
        },
      };
    });
    byPreload.set(preload, routes);
  }
  return routes;
}
