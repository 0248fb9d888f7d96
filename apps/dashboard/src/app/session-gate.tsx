import {
  NoDashboardScreen,
  ServerUnreachableScreen,
  SignInScreen,
  useAccess,
  useSession,
} from '@collective/auth/react';
import type { ReactNode } from 'react';

/** Props of {@link SessionGate}. */
export interface SessionGateProps {
  /** The shell, rendered once a user with a dashboard is signed in. */
  children: ReactNode;
}

/**
 * Chooses the screen for the session: a status while a stored session is
 * restored, Retry while the server cannot be reached (the token kept), the
 * sign-in screen (at the current URL, so signing in lands on the page asked
 * for), the no-dashboard screen, or the shell.
 */
export function SessionGate({ children }: SessionGateProps) {
  const { state } = useSession();
  const access = useAccess();
  if (state.status === 'restoring') {
    return (
      <p role="status" className="restoring">
        Restoring your session…
      </p>
    );
  }
  if (state.status === 'unreachable') return <ServerUnreachableScreen />;
  if (state.status === 'logged-out' || !access) return <SignInScreen />;
  if (!access.hasDashboard) return <NoDashboardScreen />;
  return children;
}
