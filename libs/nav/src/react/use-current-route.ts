import { useMemo } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { ROUTES, type RouteEntry } from '../routes';

/** The entry of the route table that matches `pathname`, if any. */
export function routeAt(
  pathname: string,
  routes: readonly RouteEntry[] = ROUTES,
): RouteEntry | undefined {
  return routes.find((route) => matchPath(route.path, pathname) !== null);
}

/** The entry of the route table for the page being shown (inside a router). */
export function useCurrentRoute(): RouteEntry | undefined {
  const { pathname } = useLocation();
  return useMemo(() => routeAt(pathname), [pathname]);
}
