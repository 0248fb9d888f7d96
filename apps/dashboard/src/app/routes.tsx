import { canOpen, HOME_PATH, ROUTES, type RouteEntry } from '@collective/nav';
import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import type { BuildStamp } from '../config';
import { SCREENS } from './screens';
import { useTenancy } from '@collective/tenancy/react';
import { SessionGate } from './session-gate';

function Guard({
  route,
  children,
}: {
  route: RouteEntry;
  children: ReactNode;
}) {
  const { access, tenant } = useTenancy();
  return canOpen(route, access, tenant.features) ? (
    children
  ) : (
    <Navigate to={HOME_PATH} replace />
  );
}

function toRouteObject(route: RouteEntry): RouteObject | null {
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
  const load = SCREENS[route.path];
  if (!load) return null;
  return {
    path: route.path,
    lazy: async () => {
      const { default: Screen } = await load();
      return {
        element: (
          <Guard route={route}>
            <Screen />
          </Guard>
        ),
      };
    },
  };
}

/** Settings of {@link buildRoutes}. */
export interface RouteSettings {
  build: BuildStamp;
}

/**
 * The router's route objects, made from the route table of @collective/nav:
 * every path the user may open renders its screen inside the shell; a path the
 * user may not open, or an unknown one, redirects to /dashboard.
 */
export function buildRoutes({ build }: RouteSettings): RouteObject[] {
  const children = ROUTES.map(toRouteObject).filter(
    (r): r is RouteObject => r !== null,
  );
  return [
    {
      element: <SessionGate build={build} />,
      children: [
        ...children,
        { path: '*', element: <Navigate to={HOME_PATH} replace /> },
      ],
    },
  ];
}
