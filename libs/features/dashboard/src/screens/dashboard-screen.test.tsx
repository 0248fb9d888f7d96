import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import DashboardScreen from './dashboard-screen';

setupFakeApi({ baseUrl: TEST_ORIGIN });

const renderScreen = (memberId: number | null) =>
  renderWithShell(<DashboardScreen />, { signedInAs: 'admin', memberId });

describe('DashboardScreen', () => {
  it('labels its region with the level-one heading', async () => {
    await renderScreen(null);
    expect(
      screen.getByRole('region', { name: 'Dashboard' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Dashboard' }),
    ).toBeInTheDocument();
  });

  it('says the data covers all members when no member is selected', async () => {
    await renderScreen(null);
    expect(screen.getByTestId('data-scope')).toHaveTextContent(
      'Pact Collective · showing data for all members',
    );
  });

  it('names the selected member as the data scope', async () => {
    await renderScreen(2);
    expect(
      await screen.findByText(/showing data for Kiehl's/),
    ).toBeInTheDocument();
  });
});
