import type { ApiClient } from '@collective/api-client';
import { AuthProvider } from '@collective/auth/react';
import { createTenancyServices } from '@collective/tenancy';
import { TenancyProviders } from '@collective/tenancy/react';
import { createThemeController } from '@collective/theming';
import { ThemeProvider } from '@collective/theming/react';
import { useState } from 'react';
import type { BuildStamp } from '../config';
import type { Services } from '../services';
import { withScreenFiles } from './screen-files';
import { startFirstData } from './first-data';
import { REGISTRY } from './screens';
import { ShellRouter } from './shell-router';

/** Props of {@link SignedIn}. */
export interface SignedInProps {
  services: Services;
  /** The session's API client, loaded. */
  api: ApiClient;
  build: BuildStamp;
}

/**
 * The signed-in dashboard: it completes the services once per page (query
 * client, tenancy, theme controller), adds the loaded API client to the
 * session's provider, and renders the shell's router inside them.
 */
export function SignedIn({ services, api, build }: SignedInProps) {
  // Opening a screen fetches its files at once (screen-files.ts); the same
  // loaders on every render, even one React throws away.
  const registry = services.preloadScreenFiles
    ? withScreenFiles(REGISTRY, services.preloadScreenFiles)
    : REGISTRY;
  const [shell] = useState(() => {
    services.theme ??= createThemeController({ platform: services.platform });
    const made = {
      ...createTenancyServices(services, api),
      theme: services.theme,
    };
    startFirstData(registry, window.location.pathname, made);
    return made;
  });
  return (
    <AuthProvider session={shell.session} api={shell.api}>
      <ThemeProvider controller={shell.theme}>
        <TenancyProviders services={shell}>
          <ShellRouter
            build={build}
            registry={registry}
            platform={services.platform}
          />
        </TenancyProviders>
      </ThemeProvider>
    </AuthProvider>
  );
}
