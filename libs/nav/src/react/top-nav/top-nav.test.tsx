import { setupFakeApi, type DemoUserKey } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { TopNav } from './top-nav';

setupFakeApi({ baseUrl: TEST_ORIGIN });

function Where() {
  return <output aria-label="Location">{useLocation().pathname}</output>;
}

const renderNav = (route = '/dashboard', signedInAs: DemoUserKey = 'admin') =>
  renderWithShell(
    <>
      <TopNav />
      <Where />
      <button type="button">Elsewhere</button>
    </>,
    { signedInAs, route },
  );

describe('TopNav', () => {
  it('is the main navigation: Dashboard, then one menu button per menu', async () => {
    await renderNav();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav).getByRole('link', { name: 'Dashboard' }),
    ).toHaveAttribute('aria-current', 'page');
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace('▾', '').trim()),
    ).toEqual([
      'Operations',
      'Members & Stores',
      'Analytics',
      'Administration',
    ]);
  });

  it('marks the menu that holds the current page, and the page in it', async () => {
    await renderNav('/consumer-mailback/submissions/7');
    const operations = screen.getByRole('button', { name: 'Operations' });
    expect(operations).toHaveAttribute('aria-current', 'true');
    expect(
      screen.getByRole('button', { name: 'Analytics' }),
    ).not.toHaveAttribute('aria-current');
    await userEvent.click(operations);
    expect(
      screen.getByRole('menuitem', { name: 'Consumer Mailback' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('works by keyboard alone: Tab, Enter, arrows, Escape, and Enter on an item navigates', async () => {
    await renderNav();
    await userEvent.tab();
    await userEvent.tab();
    const operations = screen.getByRole('button', { name: 'Operations' });
    expect(document.activeElement).toBe(operations);
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(
      screen.getByRole('menuitem', { name: 'Shipment Tracking' }),
    );
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(
      screen.getByRole('menuitem', { name: 'Consumer Mailback' }),
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(operations);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(
      '/warehouse-operations',
    );
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes an open menu on an outside click', async () => {
    await renderNav();
    await userEvent.click(screen.getByRole('button', { name: 'Analytics' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shows a brand member the Dashboard only', async () => {
    await renderNav('/dashboard', 'operator');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Dashboard']);
    expect(within(nav).queryByRole('button')).toBeNull();
  });
});
