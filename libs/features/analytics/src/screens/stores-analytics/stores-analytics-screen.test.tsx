import { setupFakeApi, type DemoUserKey } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import StoresAnalyticsScreen from './stores-analytics-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="Location">{pathname + search}</output>;
}

async function open(who: DemoUserKey, url = '/stores-analytics') {
  const shell = await renderWithShell(
    <>
      <StoresAnalyticsScreen />
      <Where />
    </>,
    { signedInAs: who, route: url },
  );
  return shell;
}

const storeNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getByRole('link').textContent);
const location = () => screen.getByRole('status', { name: 'Location' });

describe('StoresAnalyticsScreen', () => {
  it("shows a brand admin only their member's stores, without a member column", async () => {
    await open('brandAdmin');
    expect(await screen.findByRole('table')).toHaveAccessibleDescription(
      "4 stores of Kiehl's",
    );
    expect(storeNames().every((name) => name?.startsWith("Kiehl's"))).toBe(
      true,
    );
    expect(
      screen.queryByRole('columnheader', { name: 'Member' }),
    ).not.toBeInTheDocument();
  });

  it('searches, sorts and pages, keeping each view in the URL', async () => {
    await open('admin');
    expect(await screen.findByRole('table')).toHaveAccessibleDescription(
      '28 stores',
    );
    expect(
      screen.getByRole('navigation', { name: 'Pages of stores' }),
    ).toHaveTextContent('Page 1 of 2');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(location()).toHaveTextContent('/stores-analytics?page=2');
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();

    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search stores' }),
      'portland{Enter}',
    );
    expect(location()).toHaveTextContent('/stores-analytics?search=portland');
    expect(await screen.findByRole('table')).toHaveAccessibleDescription(
      '5 stores matching "portland"',
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by' }),
      'Most collected',
    );
    expect(location()).toHaveTextContent('search=portland&sort=-weight');
    expect(
      await screen.findByText('Northfield Outdoor Portland'),
    ).toBeVisible();
    expect(storeNames()[0]).toBe('Northfield Outdoor Portland');
  });

  it('opens a store, and Back returns to the list as it was', async () => {
    await open('admin', '/stores-analytics?search=portland&sort=-weight');
    await userEvent.click(
      await screen.findByRole('link', { name: 'Northfield Outdoor Portland' }),
    );
    expect(location()).toHaveTextContent('search=portland&sort=-weight&store=');
    const name = await screen.findByRole('heading', {
      level: 2,
      name: 'Northfield Outdoor Portland',
    });
    expect(name).toHaveFocus();
    expect(screen.getByText('Latest shipments')).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: '← Back to the stores' }),
    );
    expect(location()).toHaveTextContent(
      '/stores-analytics?search=portland&sort=-weight',
    );
    expect(
      await screen.findByRole('searchbox', { name: 'Search stores' }),
    ).toHaveValue('portland');
    expect(storeNames()[0]).toBe('Northfield Outdoor Portland');
  });

  it('shows the detail straight from the URL, as after a reload, and goes back to the list', async () => {
    await open('brandAdmin', '/stores-analytics?store=204');
    expect(
      await screen.findByRole('heading', { level: 2, name: "Kiehl's Chicago" }),
    ).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: '← Back to the stores' }),
    );
    expect(location()).toHaveTextContent(/^\/stores-analytics$/);
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it("says a store of another member is not in the user's scope", async () => {
    await open('brandAdmin', '/stores-analytics?store=301');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'not in your scope',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('keeps the search field, with the focus, after a search, so typing goes on', async () => {
    await open('admin');
    await screen.findByRole('table');
    const field = screen.getByRole('searchbox', { name: 'Search stores' });
    await userEvent.type(field, 'portland{Enter}');
    expect(location()).toHaveTextContent('/stores-analytics?search=portland');
    expect(screen.getByRole('searchbox', { name: 'Search stores' })).toBe(
      field,
    );
    expect(field).toHaveFocus();
    await userEvent.keyboard(' outdoor');
    expect(field).toHaveValue('portland outdoor');
  });

  it('keeps the page shown, busy, while the next loads, so the focus stays on Next', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`${TEST_ORIGIN}/api/stores`, async ({ request }) => {
        if (new URL(request.url).searchParams.get('page') === '2') await held;
        // Nothing returned: the fake backend answers.
      }),
    );
    await open('admin');
    const table = await screen.findByRole('table');
    const next = screen.getByRole('button', { name: 'Next' });
    await userEvent.click(next);
    expect(location()).toHaveTextContent('/stores-analytics?page=2');
    expect(screen.getByRole('table')).toBe(table);
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Loading the stores…')).not.toBeInTheDocument();
    expect(next).toHaveFocus();
    // It says which page is on screen: page 2 once it is there.
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    release();
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('never keeps the previous list on screen for another search', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`${TEST_ORIGIN}/api/stores`, async ({ request }) => {
        if (new URL(request.url).searchParams.get('search')) await held;
      }),
    );
    await open('admin');
    await screen.findByRole('table');
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search stores' }),
      'portland{Enter}',
    );
    expect(screen.getByText('Loading the stores…')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    release();
    expect(await screen.findByRole('table')).toHaveAccessibleDescription(
      '5 stores matching "portland"',
    );
  });

  it('gives the focus back to the link of the store left with Back', async () => {
    await open('admin', '/stores-analytics?search=portland');
    await userEvent.click(
      await screen.findByRole('link', { name: 'Northfield Outdoor Portland' }),
    );
    await screen.findByRole('heading', {
      level: 2,
      name: 'Northfield Outdoor Portland',
    });
    await userEvent.click(
      screen.getByRole('button', { name: '← Back to the stores' }),
    );
    await waitFor(() =>
      expect(
        screen.getByRole('link', { name: 'Northfield Outdoor Portland' }),
      ).toHaveFocus(),
    );
  });

  it('gives the focus to the list after Back when the store is not on its page', async () => {
    await open('brandAdmin', '/stores-analytics?store=204&search=portland');
    await screen.findByRole('heading', { level: 2, name: "Kiehl's Chicago" });
    await userEvent.click(
      screen.getByRole('button', { name: '← Back to the stores' }),
    );
    await waitFor(() => expect(screen.getByRole('table')).toHaveFocus());
  });

  it('shows the last page for a page past it, and "no stores" only when there are none', async () => {
    await open('admin', '/stores-analytics?page=99');
    await waitFor(() =>
      expect(location()).toHaveTextContent(/^\/stores-analytics\?page=2$/),
    );
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(storeNames()).toHaveLength(8);
    expect(screen.queryByText(/no stores in this scope/)).toBeNull();
  });

  it('shows the only page of a smaller list for a page kept in the URL', async () => {
    await open('brandAdmin', '/stores-analytics?page=4');
    await waitFor(() =>
      expect(location()).toHaveTextContent(/^\/stores-analytics$/),
    );
    expect(await screen.findByRole('table')).toHaveAccessibleDescription(
      "4 stores of Kiehl's",
    );
    expect(screen.queryByText(/no stores in this scope/)).toBeNull();
  });
});
