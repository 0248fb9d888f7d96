import { setupFakeApi, type DemoUserKey } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MobileNav } from './mobile-nav';

const { backend } = setupFakeApi({ baseUrl: TEST_ORIGIN });

function Where() {
  return <output aria-label="Location">{useLocation().pathname}</output>;
}

async function openSheet(who: DemoUserKey, unread = 0) {
  backend.setUnread(who, unread);
  await renderWithShell(
    <>
      <MobileNav />
      <Where />
    </>,
    { signedInAs: who, route: '/dashboard' },
  );
  const trigger = await screen.findByRole('button', {
    name: unread > 0 ? `Menu, Notifications, ${unread} unread` : 'Menu',
  });
  await userEvent.click(trigger);
  return {
    trigger,
    sheet: await screen.findByRole('dialog', { name: 'Menu' }),
  };
}

const texts = (elements: HTMLElement[]) =>
  elements.map((element) => element.textContent);

describe('MobileNav', () => {
  it('shows a brand admin the same destinations as the top navigation, by menu', async () => {
    const { sheet } = await openSheet('brandAdmin');
    const nav = within(sheet).getByRole('navigation', { name: 'Main' });
    expect(texts(within(nav).getAllByRole('heading'))).toEqual([
      'Operations',
      'Analytics & Reports',
      'Administration',
    ]);
    expect(texts(within(nav).getAllByRole('link'))).toEqual([
      'Dashboard',
      'Warehouse Operations',
      'EOL Processing',
      'Stores & Inventory Management',
      'Store Analytics',
      'User Management',
    ]);
  });

  it('gives admins the quick actions Notifications, Performance and API Keys, brand members no Performance', async () => {
    const admin = await openSheet('admin', 3);
    const quick = within(admin.sheet).getByRole('region', {
      name: 'Quick actions',
    });
    expect(
      within(quick)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/notifications', '/performance', '/api-keys']);
    expect(
      within(quick).getByRole('link', { name: 'Notifications, 3 unread' }),
    ).toBeInTheDocument();
  });

  it('caps the unread badge at 9+ on the button and in the sheet', async () => {
    const { trigger, sheet } = await openSheet('operator', 12);
    expect(trigger).toHaveTextContent('Menu9+');
    const quick = within(sheet).getByRole('region', { name: 'Quick actions' });
    expect(texts(within(quick).getAllByRole('link'))).toEqual([
      'Notifications9+',
      'API Keys',
    ]);
  });

  it('closes when a destination is chosen, which it opens', async () => {
    const { sheet } = await openSheet('admin');
    await userEvent.click(
      within(sheet).getByRole('link', { name: 'Regional Summary' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(
      '/regional-summary',
    );
  });

  it('marks the page being shown', async () => {
    const { sheet } = await openSheet('operator');
    expect(
      within(sheet).getByRole('link', { name: 'Dashboard' }),
    ).toHaveAttribute('aria-current', 'page');
  });
});
