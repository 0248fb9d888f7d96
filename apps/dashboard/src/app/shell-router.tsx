import { useState } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { buildRoutes, type RouteSettings } from './routes';

function RouteTree({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * The signed-in part of the dashboard: React Router's declarative browser
 * router over the route registry, made when the shell mounts, so it starts at
 * the URL the user asked for before signing in. The data router
 * (`createBrowserRouter`) would add ~20 KB gzip to every signed-in page for
 * loaders and actions the dashboard does not use (docs/decisions/0026).
 */
export function ShellRouter(settings: RouteSettings) {
  const [routes] = useState(() => buildRoutes(settings));
  return (
    <BrowserRouter>
      <RouteTree routes={routes} />
    </BrowserRouter>
  );
}
