import { canOpen, type RegisteredRoute } from '@collective/nav';
import type { ScreenLoader } from '@collective/nav/react';
import type { ShellServices } from '@collective/tenancy';
import { matchPath } from 'react-router-dom';

/**
 * Starts the first reads of the screen a page opens at (its module's
 * `firstData`), with the shell's services, before React renders the shell:
 * otherwise they would start only once the shell and then the screen had
 * rendered, a few hundred milliseconds later on a phone (docs/decisions/0109).
 * Nothing starts for a path the user may not open, a redirect or an unknown
 * path. The reads are the screen's own queries, under the same scope-first
 * keys, so the screen finds them in flight or answered; a session that ends
 * meanwhile cancels and clears them with every other query.
 */
export function startFirstData(
  routes: readonly RegisteredRoute<ScreenLoader>[],
  pathname: string,
  {
    api,
    tenancy,
    queryClient,
  }: Pick<ShellServices, 'api' | 'tenancy' | 'queryClient'>,
): void {
  const at = tenancy.getState();
  const route = routes.find((entry) => matchPath(entry.path, pathname));
  if (
    at.status === 'signed-in' &&
    route?.screen &&
    canOpen(route, at.access, at.tenant.features)
  )
    route.screen().then(
      ({ firstData }) => {
        for (const query of firstData?.({ api, ...at }) ?? [])
          void queryClient.prefetchQuery(query);
      },
      // The screen's own import reports a chunk that fails to load.
      () => undefined,
    );
}
