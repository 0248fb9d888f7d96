import { AuthProvider } from '@collective/auth/react';
import { ThemeProvider } from '@collective/theming/react';
import { QueryClientProvider } from '@tanstack/react-query';
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
    () => createBrowserRouter(buildRoutes({ build, services })),
    [build, services],
  );
  return (
    <ThemeProvider controller={services.theme}>
      <AuthProvider store={services.session}>
        <QueryClientProvider client={services.queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AuthProvider>
    </ThemeProvider>
  );
}
