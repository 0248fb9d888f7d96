import { canOpen, HOME_PATH, type RegisteredRoute } from '@collective/nav';
import type { ScreenLoader } from '@collective/nav/react';
import type { Platform } from '@collective/platform';
import { useTenancy } from '@collective/tenancy/react';
import {
  lazy,
  Suspense,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import type { BuildStamp } from '../config';
import { ScreenBoundary } from './screen-boundary/screen-boundary';
import type { NetworkPlatform } from './shell/offline-notice/offline-notice';
import type { ScrollPlatform } from './shell/scroll-restoration';
import { Shell } from './shell/shell';

/** Renders `children` only when the user may open `route`; else goes home, as for an unknown path (D1). */
function Guard({
  route,
  children,
}: {
  route: RegisteredRoute<ScreenLoader>;
  children: ReactNode;
}) {
  const { access, tenant } = useTenancy();
  return canOpen(route, access, tenant.features) ? (
    children
  ) : (
    <Navigate to={HOME_PATH} replace />
  );
}

function ScreenLoading() {
  return (
    <p role="status" aria-live="polite">
      Loading…
    </p>
  );
}

const lazyScreens = new WeakMap<
  ScreenLoader,
  LazyExoticComponent<ComponentType>
>();

/**
 * One lazy component per screen loader for the page's life. Route objects
 * may be made again (a first render that React throws away and starts over
 * runs state initialisers again); a lazy made each time would call `import()`
 * each time, and a chunk that fails would be asked for dozens of times.
 */
function lazyScreen(load: ScreenLoader): LazyExoticComponent<ComponentType> {
  let screen = lazyScreens.get(load);
  if (!screen) {
    screen = lazy(load);
    lazyScreens.set(load, screen);
  }
  return screen;
}

function toRouteObject(
  route: RegisteredRoute<ScreenLoader>,
  platform: RouteSettings['platform'],
): RouteObject {
  if (route.redirectTo) {
    return {
      path: route.path,
      element: (
        <Guard route={route}>
          <Navigate to={route.redirectTo} replace />
        </Guard>
      ),
    };
  }
  // createRouteRegistry guarantees every route that does not redirect has one.
  const Screen = lazyScreen(route.screen as ScreenLoader);
  return {
    path: route.path,
    element: (
      <Guard route={route}>
        {/* Keyed by route: a screen's error stays with it, never with the next. */}
        <ScreenBoundary key={route.path} platform={platform}>
          <Suspense fallback={<ScreenLoading />}>
            <Screen />
          </Suspense>
        </ScreenBoundary>
      </Guard>
    ),
  };
}

/** Settings of {@link buildRoutes}. */
export interface RouteSettings {
  build: BuildStamp;
  registry: readonly RegisteredRoute<ScreenLoader>[];
  platform: Pick<Platform, 'tabStorage' | 'reload'> &
    ScrollPlatform &
    NetworkPlatform;
}

/**
 * The router's route objects, made from the route registry: every path the
 * user may open renders its lazily loaded screen inside the shell, behind its
 * own error boundary; a path the user may not open, or an unknown one,
 * redirects to /dashboard.
 */
export function buildRoutes({
  build,
  registry,
  platform,
}: RouteSettings): RouteObject[] {
  return [
    {
      element: <Shell build={build} registry={registry} platform={platform} />,
      children: [
        ...registry.map((route) => toRouteObject(route, platform)),
        { path: '*', element: <Navigate to={HOME_PATH} replace /> },
      ],
    },
  ];
}
