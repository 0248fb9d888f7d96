import { ShellProvider } from '@collective/tenancy/react';
import { ThemeProvider } from '@collective/theming/react';
import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { BuildStamp } from '../config';
import type { Services } from '../services';
import { buildRoutes } from './routes';

/** Props of {@link App}. */
export interface AppProps {
  services: Services;
  build: BuildStamp;
}

/** The dashboard: providers around the router built from the route table. */
export function App({ services, build }: AppProps) {
  const router = useMemo(
    () => createBrowserRouter(buildRoutes({ build })),
    [build],
  );
  return (
    <ThemeProvider controller={services.theme}>
      <ShellProvider services={services}>
        <RouterProvider router={router} />
      </ShellProvider>
    </ThemeProvider>
  );
}
