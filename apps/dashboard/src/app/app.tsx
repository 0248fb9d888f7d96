import { AuthProvider } from '@collective/auth/react';
import {
  lazy,
  Suspense,
  useCallback,
  useMemo,
  useSyncExternalStore,
} from 'react';
import type { BuildStamp } from '../config';
import type { Services } from '../services';
import { ScreenBoundary } from './screen-boundary/screen-boundary';
import { SessionGate } from './session-gate';
import { linkPurposeOf } from './link-page/link-purpose';

const LinkPage = lazy(async () => ({
  default: (await import('./link-page/link-page')).LinkPage,
}));

/** Props of {@link App}. */
export interface AppProps {
  services: Services;
  build: BuildStamp;
}

/**
 * The dashboard: the session, its gate (status, sign-in, no dashboard), and
 * the signed-in shell once a user is in. The shell (router, query client,
 * tenancy, navigation, theme switcher) and the API client are chunks of
 * their own, fetched together after sign-in: the sign-in page loads neither.
 * When one of them fails to load (a new deploy, a dropped connection), the
 * page reloads once, then shows the error with a Reload button (decisions
 * 0019), as for a screen's chunk.
 */
export function App({ services, build }: AppProps) {
  const SignedIn = useMemo(
    () =>
      lazy(async () => {
        const [{ SignedIn: Shell }, api] = await Promise.all([
          import('./signed-in'),
          services.loadApi(),
        ]);
        return {
          default: () => <Shell services={services} api={api} build={build} />,
        };
      }),
    [services, build],
  );
  // A mailed link's page (decisions D16) is public: outside the session
  // gate and the shell, whoever is signed in on this browser. After an
  // invitation is accepted it moves to /dashboard and the gate takes over.
  // (No window while index.html is prerendered: that is the sign-in page.)
  // Read again whenever the session changes (an accepted invitation signs
  // in and moves to /dashboard).
  const subscribe = useCallback(
    (listener: () => void) => services.session.subscribe(listener),
    [services],
  );
  const purpose = useSyncExternalStore(
    subscribe,
    () => linkPurposeOf(window.location.pathname),
    () => null,
  );
  if (purpose) {
    return (
      <AuthProvider session={services.session}>
        <Suspense fallback={<p role="status">Loading…</p>}>
          <LinkPage services={services} purpose={purpose} />
        </Suspense>
      </AuthProvider>
    );
  }
  return (
    <AuthProvider session={services.session}>
      <SessionGate>
        <ScreenBoundary platform={services.platform}>
          <Suspense
            fallback={
              <p role="status" className="restoring">
                Loading the dashboard…
              </p>
            }
          >
            <SignedIn />
          </Suspense>
        </ScreenBoundary>
      </SessionGate>
    </AuthProvider>
  );
}
