import {
  NoDashboardScreen,
  SignInScreen,
  useAccess,
  useSession,
} from '@collective/auth/react';
import { TenancyProvider } from '@collective/tenancy/react';
import type { BuildStamp } from '../config';
import type { Services } from '../services';
import { Shell } from './shell/shell';

/** Props of {@link SessionGate}. */
export interface SessionGateProps {
  build: BuildStamp;
  services: Services;
}

/**
 * Chooses the screen for the session: a status while a stored session is
 * restored, the sign-in screen (at the current URL, so signing in lands on the
 * page asked for), the no-dashboard screen, or the shell with its tenancy.
 */
export function SessionGate({ build, services }: SessionGateProps) {
  const { state } = useSession();
  const access = useAccess();
  if (state.status === 'restoring') {
    return (
      <p role="status" className="restoring">
        Restoring your session…
      </p>
    );
  }
  if (state.status === 'logged-out' || !access) return <SignInScreen />;
  if (!access.hasDashboard) return <NoDashboardScreen />;
  return (
    <TenancyProvider
      api={services.api}
      storage={services.storage}
      selection={services.selection}
      reload={() => window.location.reload()}
      events={window}
    >
      <Shell build={build} />
    </TenancyProvider>
  );
}
