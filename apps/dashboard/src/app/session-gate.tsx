import type { Access, KeyValueStorage } from '@collective/auth';
import {
  NoDashboardScreen,
  SignInScreen,
  useAccess,
  useSession,
} from '@collective/auth/react';
import { ACTIVE_TENANT_STORAGE_KEY, type Tenant } from '@collective/tenancy';
import { useActiveTenant } from '@collective/tenancy/react';
import type { User } from '@collective/api-client';
import { useEffect } from 'react';
import { useOutletContext } from 'react-router-dom';
import type { BuildStamp } from '../config';
import { Shell } from './shell/shell';

/** What the shell hands to every screen and guard below it. */
export interface ShellContext {
  user: User;
  access: Access;
  tenant: Tenant;
}

/** The signed-in user's context, for components rendered inside the shell. */
export function useShellContext(): ShellContext {
  return useOutletContext<ShellContext>();
}

interface SignedInProps {
  user: User;
  access: Access;
  build: BuildStamp;
  storage: KeyValueStorage;
}

function SignedIn({ user, access, build, storage }: SignedInProps) {
  const stored = storage.getItem(ACTIVE_TENANT_STORAGE_KEY);
  const tenant = useActiveTenant(user, stored);
  // The resolved tenant is stored so the API client's X-Tenant-Code and the theme follow it.
  useEffect(() => {
    if (stored !== tenant.code)
      storage.setItem(ACTIVE_TENANT_STORAGE_KEY, tenant.code);
  }, [stored, tenant.code, storage]);
  return <Shell context={{ user, access, tenant }} build={build} />;
}

/**
 * Chooses the screen for the session: a status while a stored session is
 * restored, the sign-in screen (at the current URL, so signing in lands on the
 * page asked for), the no-dashboard screen, or the shell.
 */
export function SessionGate({
  build,
  storage,
}: {
  build: BuildStamp;
  storage: KeyValueStorage;
}) {
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
    <SignedIn
      user={state.user}
      access={access}
      build={build}
      storage={storage}
    />
  );
}
