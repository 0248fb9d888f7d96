import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { scopedQueryKey } from '../data-scope';
import { MEMBER_LIST_FAILURE } from '../members';
import { renderWithShell } from '../testing';
import { MemberChip } from './member-chip/member-chip';
import { MemberSwitcher } from './member-switcher/member-switcher';
import { useDataScope, useTenancy, useTenant } from './tenancy-provider';
import { TenantSwitcher } from './tenant-switcher/tenant-switcher';

const { backend, server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

function TenantName() {
  return <p>Tenant: {useTenant().code}</p>;
}

function Header() {
  return (
    <>
      <TenantName />
      <TenantSwitcher />
      <MemberSwitcher />
      <MemberChip />
    </>
  );
}

describe('TenancyProvider', () => {
  it('shows the resolved tenant on the first render (staff@pact.test → kiehls)', async () => {
    await renderWithShell(<TenantName />, { signedInAs: 'staff' });
    expect(screen.getByText('Tenant: kiehls')).toBeInTheDocument();
  });

  it('loads the full member list for the super admin and names only for others', async () => {
    await renderWithShell(<Header />, { signedInAs: 'super' });
    await screen.findByRole('option', { name: 'Meridian Naturals' });
    expect(backend.calls('/api/members').map((r) => r.search)).toEqual([
      '?all=true',
    ]);
    backend.requests.length = 0;
    await renderWithShell(<Header />, { signedInAs: 'admin' });
    await waitFor(() =>
      expect(backend.calls('/api/members').map((r) => r.search)).toEqual([
        '?names_only=true',
      ]),
    );
  });

  it('empties the list and logs once, without a message, when the member list fails', async () => {
    server.use(
      http.get(
        `${TEST_ORIGIN}/api/members`,
        () => new HttpResponse(null, { status: 500 }),
      ),
    );
    const { logs } = await renderWithShell(<Header />, { signedInAs: 'admin' });
    await waitFor(() => expect(logs).toHaveLength(1));
    expect(logs[0]?.message).toBe(MEMBER_LIST_FAILURE);
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names what is missing when a hook is used outside the provider or signed out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<TenantName />)).toThrow(
      'useTenancy must be used inside <TenancyProvider>.',
    );
    await expect(renderWithShell(<TenantName />)).rejects.toThrow(
      /needs a signed-in user/,
    );
  });
});

describe('switchers and chip', () => {
  it.each([
    ['super', { tenant: true, member: true, chip: false }],
    ['admin', { tenant: false, member: true, chip: false }],
    ['staff', { tenant: false, member: false, chip: false }],
    ['brandAdmin', { tenant: false, member: false, chip: true }],
    ['operator', { tenant: false, member: false, chip: true }],
  ] as const)(
    'shows the %s user exactly what is specified',
    async (who, shown) => {
      await renderWithShell(<Header />, { signedInAs: who });
      expect(screen.queryByRole('button', { name: /^Tenant:/ }) !== null).toBe(
        shown.tenant,
      );
      expect(screen.queryByRole('combobox', { name: 'Member' }) !== null).toBe(
        shown.member,
      );
      if (shown.chip)
        expect(await screen.findByTestId('member-chip')).toHaveTextContent(
          "Member: Kiehl's",
        );
      else expect(screen.queryByTestId('member-chip')).not.toBeInTheDocument();
    },
  );

  it('hides the member switcher from the super admin on the kiehls tenant', async () => {
    await renderWithShell(<Header />, {
      signedInAs: 'super',
      storedTenant: 'kiehls',
    });
    expect(screen.getByText('Tenant: kiehls')).toBeInTheDocument();
    expect(
      screen.queryByRole('combobox', { name: 'Member' }),
    ).not.toBeInTheDocument();
  });

  it('lists both tenants with their names and switches by storing and reloading', async () => {
    const { platform } = await renderWithShell(<Header />, {
      signedInAs: 'super',
    });
    await userEvent.click(
      screen.getByRole('button', { name: 'Tenant: Pact Collective' }),
    );
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Pact Collective (current)',
      "Kiehl's",
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: "Kiehl's" }));
    expect(platform.stored.get('activeTenant')).toBe('kiehls');
    expect(platform.reloads).toBe(1);
  });
});

describe('data scope', () => {
  it('never renders the previous member’s answer after a switch while it was in flight', async () => {
    const held = new Map<string, (response: Response) => void>();
    server.use(
      http.get(`${TEST_ORIGIN}/api/dashboard/stats`, ({ request }) => {
        const member =
          new URL(request.url).searchParams.get('member_id') ?? 'all';
        return new Promise<Response>((resolve) => held.set(member, resolve));
      }),
    );
    function Stats() {
      const scope = useDataScope();
      const stats = useQuery({
        queryKey: scopedQueryKey(scope, 'stats'),
        // Deliberately ignores the abort signal, so the old answer does land.
        queryFn: async () => {
          const url = new URL(`${TEST_ORIGIN}/api/dashboard/stats`);
          if ('member_id' in scope.filter)
            url.searchParams.set('member_id', String(scope.filter.member_id));
          return (await (await fetch(url)).json()) as { label: string };
        },
      });
      return (
        <p>{stats.data ? `Stats of ${stats.data.label}` : 'Loading stats'}</p>
      );
    }
    function Select() {
      const { selectMember } = useTenancy();
      return <button onClick={() => selectMember(2)}>Kiehl's</button>;
    }
    const { queryClient } = await renderWithShell(
      <>
        <Select />
        <Stats />
      </>,
      { signedInAs: 'admin' },
    );
    await waitFor(() => expect(held.has('all')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: "Kiehl's" }));
    held.get('all')?.(HttpResponse.json({ label: 'all members' }));
    // The old scope's answer is in the cache, under its own key …
    await waitFor(() =>
      expect(
        queryClient.getQueryData(
          scopedQueryKey({ tenant: 'pact', filter: {} }, 'stats'),
        ),
      ).toEqual({ label: 'all members' }),
    );
    await act(async () => undefined);
    // … and never on the screen of the new one.
    expect(screen.queryByText('Stats of all members')).not.toBeInTheDocument();
    expect(screen.getByText('Loading stats')).toBeInTheDocument();
    await waitFor(() => expect(held.has('2')).toBe(true));
    held.get('2')?.(HttpResponse.json({ label: "Kiehl's" }));
    expect(await screen.findByText("Stats of Kiehl's")).toBeInTheDocument();
  });
});
