import { ShellProvider } from '@collective/tenancy/react';
import { ThemeProvider } from '@collective/theming/react';
import type { BuildStamp } from '../config';
import type { Services } from '../services';
import { REGISTRY } from './screens';
import { SessionGate } from './session-gate';
import { ShellRouter } from './shell-router';

/** Props of {@link App}. */
export interface AppProps {
  services: Services;
  build: BuildStamp;
}

/** The dashboard: the providers, the session gate, and the shell's router once signed in. */
export function App({ services, build }: AppProps) {
  return (
    <ThemeProvider controller={services.theme}>
      <ShellProvider services={services}>
        <SessionGate>
          <ShellRouter
            build={build}
            registry={REGISTRY}
            platform={services.platform}
          />
        </SessionGate>
      </ShellProvider>
    </ThemeProvider>
  );
}
