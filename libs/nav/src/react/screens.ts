import { useSession } from '@collective/auth/react';
import type { ScopedApi, ScopedQueryKey } from '@collective/tenancy';
import { useTenancy } from '@collective/tenancy/react';
import { useEffect, type ComponentType } from 'react';
import { preloadRoutes, type RegisteredRoute, type RoutePath } from '../routes';

/** A read a screen starts with: query options of `scopedQuery`. */
export interface FirstRead {
  queryKey: ScopedQueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<unknown>;
}

/** What a screen's module exports. */
export interface ScreenModule {
  /** The screen. */
  default: ComponentType;
  /**
   * The reads the screen makes as soon as it renders, built as its data
   * hooks build them (the same keys): the shell starts them when a page
   * opens at the screen, with the session, instead of after rendering
   * itself and the screen (docs/decisions/0109).
   */
  firstData?: (scoped: ScopedApi) => readonly FirstRead[];
}

/** Loads a screen's module on demand. */
export type ScreenLoader = () => Promise<ScreenModule>;

/**
 * The screens a feature library contributes to the route registry, by path
 * of the route table (a typo in a path is a type error).
 */
export type ScreenMap = Readonly<Partial<Record<RoutePath, ScreenLoader>>>;

/** Delay between a sign-in and the preload of the usual screens (specification §4, §9). */
export const PRELOAD_DELAY_MS = 1_000;

const preloaded = new WeakSet<ScreenLoader>();

/** Fetches a screen's chunk once per page; a failed fetch may be tried again later. */
export function preloadScreen(load: ScreenLoader | undefined): void {
  if (!load || preloaded.has(load)) return;
  preloaded.add(load);
  load().catch(() => preloaded.delete(load));
}

/**
 * Fetches the chunks of the routes marked `preload` (Analytics, Dashboard,
 * Store Rankings, Admin Stores) 1 s after a sign-in on this page, not after
 * a restored session, and only those the user may open (specification §4).
 */
export function usePreloadAfterSignIn(
  routes: readonly RegisteredRoute<ScreenLoader>[],
): void {
  const { state } = useSession();
  const { access, tenant } = useTenancy();
  const signedIn = state.status === 'logged-in' && state.via === 'login';
  useEffect(() => {
    if (!signedIn) return undefined;
    const timer = setTimeout(() => {
      for (const route of preloadRoutes(access, tenant.features, routes))
        preloadScreen(route.screen);
    }, PRELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, access, tenant, routes]);
}
