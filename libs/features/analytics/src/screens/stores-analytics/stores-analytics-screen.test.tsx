import { setupFakeApi, type DemoUserKey } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import StoresAnalyticsScreen from './stores-analytics-screen';

setupFakeApi({ baseUrl: TEST_ORIGIN });

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
});
