/**
 * Test helpers of @collective/nav: `describeScreens`, the checks every
 * feature library runs on the screens it contributes to the route registry,
 * derived from the route table. Import as `@collective/nav/testing` in test
 * files; it needs Vitest, Testing Library and MSW.
 */
import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ScreenLoader, ScreenMap } from '../react/screens';
import { ROUTES, type RouteEntry } from '../routes';
import { screenComponentName, urlOf } from './screen-names';

export { screenComponentName, urlOf } from './screen-names';

/** A pattern matching text that starts with `title` (a screen may add to it, e.g. a record's id). */
function startingWith(title: string): RegExp {
  return new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/**
 * Declares, for each screen a feature library contributes, tests that it is
 * a screen of the route table (a titled route that does not redirect), that
 * its loader brings the component named after its path (so a loader wired to
 * another path's module fails), and that, rendered at its URL in the real
 * shell signed in as the super admin, it shows inside its frame the route
 * table's title as its level-one heading and region name, the data scope
 * line, and something under them: its content, its loading state or the
 * note that it has none yet. Call it once at the top of the library's
 * `src/index.test.tsx`; it starts the fake API for its tests.
 */
export function describeScreens(
  feature: string,
  screens: ScreenMap,
  routes: readonly RouteEntry[] = ROUTES,
): void {
  const entries = Object.entries(screens).filter(
    (entry): entry is [string, ScreenLoader] => entry[1] !== undefined,
  );

  describe(`screens of ${feature}`, () => {
    setupFakeApi({ baseUrl: TEST_ORIGIN });

    it('contributes at least one screen', () => {
      expect(entries.length).toBeGreaterThan(0);
    });

    describe.each(entries)('%s', (path, load) => {
      const route = routes.find((entry) => entry.path === path);
      const title = route?.title ?? '';

      it('is a titled route of the route table that does not redirect', () => {
        expect(route, `${path} is not in the route table`).toBeDefined();
        expect(route?.title).toBeTruthy();
        expect(route?.redirectTo).toBeUndefined();
      });

      it(`loads ${screenComponentName(path)} on demand`, async () => {
        const { default: Screen } = await load();
        expect(Screen.name).toBe(screenComponentName(path));
      });

      it('shows its title, the data scope and its content in its frame', async () => {
        const { default: Screen } = await load();
        await renderWithShell(
          <Routes>
            <Route path={path} element={<Screen />} />
          </Routes>,
          { signedInAs: 'super', route: urlOf(path) },
        );
        const named = startingWith(title);
        const region = screen.getByRole('region', { name: named });
        const heading = within(region).getByRole('heading', {
          level: 1,
          name: named,
        });
        const scope = within(region).getByTestId('data-scope');
        expect(scope.textContent).toBe(
          'Pact Collective · showing data for all members',
        );
        const rest = (region.textContent ?? '')
          .replace(heading.textContent ?? '', '')
          .replace(scope.textContent ?? '', '')
          .trim();
        expect(rest, 'content, a loading state or a pending note').not.toBe('');
      });
    });
  });
}
