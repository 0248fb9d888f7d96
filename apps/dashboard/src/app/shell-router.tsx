import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { buildRoutes, type RouteSettings } from './routes';

/**
 * The signed-in part of the dashboard: a browser router over the route
 * registry, made when the shell mounts, so it starts at the URL the user
 * asked for before signing in, and disposed when the session ends.
 */
export function ShellRouter(settings: RouteSettings) {
  const [router] = useState(() => createBrowserRouter(buildRoutes(settings)));
  useEffect(() => () => router.dispose(), [router]);
  return <RouterProvider router={router} />;
}
