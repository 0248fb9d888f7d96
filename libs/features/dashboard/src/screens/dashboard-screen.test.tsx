import { deriveAccess, type DataFilter } from '@collective/auth';
import { TENANTS } from '@collective/tenancy';
import {
  StaticTenancyProvider,
  type TenancyView,
} from '@collective/tenancy/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import DashboardScreen from './dashboard-screen';

function view(memberId: number | null): TenancyView {
  const filter: DataFilter = memberId === null ? {} : { member_id: memberId };
  return {
    tenant: TENANTS.pact,
    access: deriveAccess({ role: 'admin', member_id: null }),
    members: [{ id: 2, name: "Kiehl's", code: 'KIEHLS' }],
    membersLoading: false,
    selectedMemberId: memberId,
    selectMember: vi.fn(),
    dataFilter: filter,
    scope: { tenant: 'pact', filter },
    switchTenant: vi.fn(),
  };
}

function renderScreen(memberId: number | null) {
  render(
    <StaticTenancyProvider value={view(memberId)}>
      <DashboardScreen />
    </StaticTenancyProvider>,
  );
}

describe('DashboardScreen', () => {
  it('labels its region with the level-one heading', () => {
    renderScreen(null);
    expect(
      screen.getByRole('region', { name: 'Dashboard' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Dashboard' }),
    ).toBeInTheDocument();
  });

  it('says the data covers all members when no member is selected', () => {
    renderScreen(null);
    expect(screen.getByTestId('data-scope')).toHaveTextContent(
      'Pact Collective · showing data for all members',
    );
  });

  it('names the selected member as the data scope', () => {
    renderScreen(2);
    expect(screen.getByTestId('data-scope')).toHaveTextContent(
      "showing data for Kiehl's",
    );
  });
});
