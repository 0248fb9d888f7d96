import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ScreenFrame } from './screen-frame';

setupFakeApi({ baseUrl: TEST_ORIGIN });

const renderScreens = () =>
  renderWithShell(
    <>
      <Link to="/analytics">Analytics</Link>
      <Link to="/analytics?page=2">Page 2</Link>
      <Routes>
        <Route path="/dashboard" element={<ScreenFrame title="Dashboard" />} />
        <Route path="/analytics" element={<ScreenFrame title="Analytics" />} />
      </Routes>
    </>,
    { signedInAs: 'admin', route: '/dashboard' },
  );

describe('ScreenFrame', () => {
  it('leaves focus alone on the page’s first screen', async () => {
    await renderScreens();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Dashboard' }),
    ).not.toHaveFocus();
  });

  it('moves focus to the heading of a screen navigated to, and not again for a change of query', async () => {
    await renderScreens();
    await userEvent.click(screen.getByRole('link', { name: 'Analytics' }));
    const heading = screen.getByRole('heading', {
      level: 1,
      name: 'Analytics',
    });
    expect(heading).toHaveFocus();

    const page2 = screen.getByRole('link', { name: 'Page 2' });
    await userEvent.click(page2);
    expect(page2).toHaveFocus();
  });

  it('names its region after the heading and says the data scope', async () => {
    await renderScreens();
    expect(screen.getByRole('region', { name: 'Dashboard' })).toBeVisible();
    expect(screen.getByTestId('data-scope')).toHaveTextContent(
      'Pact Collective · showing data for all members',
    );
  });
});
