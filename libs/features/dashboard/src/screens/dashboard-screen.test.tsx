import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { formatWeight } from '@collective/ui';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import DashboardScreen from './dashboard-screen';

const { server, backend } = setupFakeApi({ baseUrl: TEST_ORIGIN });

const kpi = (term: string) =>
  within(screen.getByText(term).closest('div') as HTMLElement).getByRole(
    'definition',
  );

describe('DashboardScreen', () => {
  it('shows the KPIs, the monthly chart with its table, and the top stores of the scope', async () => {
    await renderWithShell(<DashboardScreen />, {
      signedInAs: 'brandAdmin',
      route: '/dashboard',
    });
    expect(
      await screen.findByRole('heading', { name: 'Nov 2026 at a glance' }),
    ).toBeInTheDocument();
    // Kiehl's four demo stores: 1,002 + 2,002 + 3,002 + 4,002 kg.
    expect(kpi('Collected, last 12 months')).toHaveTextContent(
      formatWeight(10_008),
    );
    expect(kpi('Active stores')).toHaveTextContent('3');
    expect(
      screen.getByRole('img', { name: /Weight collected per month/ }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(
      13,
    );
    const top = screen.getAllByRole('listitem');
    expect(top).toHaveLength(4);
    expect(within(top[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/stores-analytics?store=204',
    );
    expect(
      backend.calls('/api/dashboard/summary').map((r) => r.search),
    ).toEqual(['?member_id=2']);
  });

  it('names the top stores without links for a user who may not open Store Analytics', async () => {
    await renderWithShell(<DashboardScreen />, {
      signedInAs: 'operator',
      route: '/dashboard',
    });
    await screen.findByRole('heading', { name: 'Top stores, last 12 months' });
    const top = screen.getAllByRole('listitem');
    expect(top.length).toBeGreaterThan(0);
    expect(top[0]).toHaveTextContent("Kiehl's");
    expect(
      within(
        screen.getByRole('region', { name: 'Top stores, last 12 months' }),
      ).queryAllByRole('link'),
    ).toEqual([]);
  });

  it('asks for the selected member, and never shows the previous scope’s figures while the new ones load', async () => {
    const { tenancy } = await renderWithShell(<DashboardScreen />, {
      signedInAs: 'admin',
      route: '/dashboard',
    });
    await screen.findByText('Collected, last 12 months');
    const allFigure = kpi('Collected, last 12 months').textContent ?? '';
    let release: (response: Response) => void = () => undefined;
    server.use(
      http.get(
        `${TEST_ORIGIN}/api/dashboard/summary`,
        () => new Promise<Response>((resolve) => (release = resolve)),
      ),
    );
    act(() => tenancy.selectMember(3));
    expect(screen.queryByText(allFigure)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    // The held call fails; its retry reaches the fake backend again.
    server.resetHandlers();
    release(HttpResponse.error());
    await screen.findByText('Collected, last 12 months');
    expect(
      backend
        .calls('/api/dashboard/summary')
        .map((r) => r.search)
        .at(-1),
    ).toBe('?member_id=3');
    // Lumen Skincare's four demo stores: 1,003 + 2,003 + 3,003 + 4,003 kg.
    expect(kpi('Collected, last 12 months')).toHaveTextContent(
      formatWeight(10_012),
    );
  });

  it('says why it failed, with a Retry that loads the figures', async () => {
    server.use(
      http.get(`${TEST_ORIGIN}/api/dashboard/summary`, () =>
        HttpResponse.json({ error: 'Database unavailable' }, { status: 503 }),
      ),
    );
    await renderWithShell(<DashboardScreen />, {
      signedInAs: 'admin',
      route: '/dashboard',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Database unavailable',
    );
    server.resetHandlers();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Collected, last 12 months')).toBeVisible();
  });
});
