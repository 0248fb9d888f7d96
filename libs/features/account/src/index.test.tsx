import { setupFakeApi } from '@collective/api-client/testing';
import { ROUTES } from '@collective/nav';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { screens } from './index';

setupFakeApi({ baseUrl: TEST_ORIGIN });

/** A concrete URL of a route path (`:id` → `42`). */
const urlOf = (path: string) => path.replace(/:[^/]+/g, '42');

describe('screens of account', () => {
  // Screens with content have tests of their own.
  const pending = Object.entries(screens).filter(
    ([path]) => path === '/performance',
  );

  it.each(pending)(
    '%s loads on demand and shows its title, the data scope and its pending content',
    async (path, load) => {
      const { default: Screen } = await load();
      await renderWithShell(
        <Routes>
          <Route path={path} element={<Screen />} />
        </Routes>,
        { signedInAs: 'super', route: urlOf(path) },
      );
      const title = ROUTES.find((route) => route.path === path)?.title ?? '';
      // A screen may add to its title, e.g. the id of the record it shows.
      const named = new RegExp(
        `^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      );
      expect(
        screen.getByRole('heading', { level: 1, name: named }),
      ).toBeInTheDocument();
      expect(screen.getByRole('region', { name: named })).toBeInTheDocument();
      expect(screen.getByTestId('data-scope')).toHaveTextContent(
        'Pact Collective · showing data for all members',
      );
      expect(screen.getByText(/not available yet/)).toBeInTheDocument();
    },
  );
});
