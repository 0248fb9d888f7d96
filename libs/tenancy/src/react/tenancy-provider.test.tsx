import { createApiClient, type User } from '@collective/api-client';
import {
  createSafeStorage,
  type KeyValueStorage,
  type SessionState,
  type SessionStore,
} from '@collective/auth';
import { AuthProvider } from '@collective/auth/react';
import {
  QueryClient,
  QueryClientProvider,
  useQuery,
} from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from 'vitest';
import { scopedQueryKey } from '../data-scope';
import { createMemberSelection } from '../member-selection';
import { MemberChip } from './member-chip/member-chip';
import { MemberSwitcher } from './member-switcher/member-switcher';
import { TenancyProvider, useDataScope, useTenant } from './tenancy-provider';
import { TenantSwitcher } from './tenant-switcher/tenant-switcher';

const BASE = 'http://dashboard.test';
const base = {
  name: 'x',
  member_code: null,
  allowed_tenant_id: 1,
  isPactStaff: true,
};
const USERS = {
  super: {
    ...base,
    email: 'super@pact.test',
    role: 'super_admin',
    member_id: null,
  },
  admin: { ...base, email: 'admin@pact.test', role: 'admin', member_id: null },
  staff: {
    ...base,
    email: 'staff@pact.test',
    role: 'admin',
    member_id: null,
    allowed_tenant_id: null,
  },
  brand: {
    ...base,
    email: 'brand.admin@kiehls.test',
    role: 'admin',
    member_id: 2,
    member_code: 'KIEHLS',
    allowed_tenant_id: 2,
    isPactStaff: false,
  },
  operator: {
    ...base,
    email: 'operator@kiehls.test',
    role: 'brand_operator',
    member_id: 2,
    member_code: 'KIEHLS',
    allowed_tenant_id: 2,
    isPactStaff: false,
  },
} satisfies Record<string, User>;
const MEMBERS = [
  { id: 4, name: 'Northfield Outdoor', code: 'NORTH' },
  { id: 2, name: "Kiehl's", code: 'KIEHLS' },
  { id: 1009, name: 'Meridian Naturals', code: 'MERIDIAN' },
];

const memberCalls: string[] = [];
const server = setupServer(
  http.get(`${BASE}/api/members`, ({ request }) => {
    const query = new URL(request.url).search;
    memberCalls.push(query);
    return HttpResponse.json(
      query.includes('all=true')
        ? { success: true, members: MEMBERS }
        : { success: true, data: MEMBERS },
    );
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  memberCalls.length = 0;
});
afterAll(() => server.close());

function signedIn(user: User): SessionStore {
  const state: SessionState = { status: 'logged-in', token: 'tok', user };
  return {
    getState: () => state,
    subscribe: () => () => undefined,
    onSessionEnd: () => () => undefined,
    getToken: () => 'tok',
    login: vi.fn(),
    logout: vi.fn(),
    expire: vi.fn(),
    restore: vi.fn(),
    dispose: vi.fn(),
  };
}

function renderTenancy(
  user: User,
  children: React.ReactNode,
  options: {
    storage?: KeyValueStorage;
    reload?: () => void;
    log?: () => void;
  } = {},
) {
  const storage = options.storage ?? createSafeStorage(null);
  const api = createApiClient({
    baseUrl: BASE,
    getToken: () => 'tok',
    getTenantCode: () => 'pact',
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  const selection = createMemberSelection();
  render(
    <AuthProvider store={signedIn(user)}>
      <QueryClientProvider client={queryClient}>
        <TenancyProvider
          api={api}
          storage={storage}
          selection={selection}
          reload={options.reload ?? vi.fn()}
          log={options.log ?? vi.fn()}
        >
          {children}
        </TenancyProvider>
      </QueryClientProvider>
    </AuthProvider>,
  );
  return { storage, selection };
}

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
  it('resolves and stores the active tenant (staff@pact.test → kiehls)', async () => {
    const { storage } = renderTenancy(USERS.staff, <TenantName />);
    expect(screen.getByText('Tenant: kiehls')).toBeInTheDocument();
    await waitFor(() => expect(storage.getItem('activeTenant')).toBe('kiehls'));
  });

  it('loads the full member list for the super admin and names only for others', async () => {
    renderTenancy(USERS.super, <Header />);
    await screen.findByRole('option', { name: 'Meridian Naturals' });
    expect(memberCalls).toEqual(['?all=true']);
    memberCalls.length = 0;
    renderTenancy(USERS.admin, <Header />);
    await waitFor(() => expect(memberCalls).toEqual(['?names_only=true']));
  });

  it('empties the list and logs, without a message, when the member list fails', async () => {
    server.use(
      http.get(
        `${BASE}/api/members`,
        () => new HttpResponse(null, { status: 500 }),
      ),
    );
    const log = vi.fn();
    renderTenancy(USERS.admin, <Header />, { log });
    await waitFor(() => expect(log).toHaveBeenCalledTimes(1));
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('switchers and chip', () => {
  it.each([
    ['super', { tenant: true, member: true, chip: false }],
    ['admin', { tenant: false, member: true, chip: false }],
    ['staff', { tenant: false, member: false, chip: false }],
    ['brand', { tenant: false, member: false, chip: true }],
    ['operator', { tenant: false, member: false, chip: true }],
  ] as const)(
    'shows the %s user exactly what is specified',
    async (who, shown) => {
      renderTenancy(USERS[who], <Header />);
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

  it('hides the member switcher from the super admin on the kiehls tenant', () => {
    const storage = createSafeStorage(null);
    storage.setItem('activeTenant', 'kiehls');
    renderTenancy(USERS.super, <Header />, { storage });
    expect(screen.getByText('Tenant: kiehls')).toBeInTheDocument();
    expect(
      screen.queryByRole('combobox', { name: 'Member' }),
    ).not.toBeInTheDocument();
  });

  it('offers All Members first, then members by name, and selects by keyboard', async () => {
    renderTenancy(USERS.admin, <Header />);
    const select = screen.getByRole('combobox', { name: 'Member' });
    await within(select).findByRole('option', { name: 'Northfield Outdoor' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All Members',
      "Kiehl's",
      'Meridian Naturals',
      'Northfield Outdoor',
    ]);
    select.focus();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.selectOptions(select, 'Meridian Naturals');
    expect(select).toHaveValue('1009');
  });

  it('lists both tenants with their names and switches by storing and reloading', async () => {
    const reload = vi.fn();
    const { storage } = renderTenancy(USERS.super, <Header />, { reload });
    await userEvent.click(
      screen.getByRole('button', { name: 'Tenant: Pact Collective' }),
    );
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Pact Collective (current)',
      "Kiehl's",
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: "Kiehl's" }));
    expect(storage.getItem('activeTenant')).toBe('kiehls');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('data scope', () => {
  it('never renders the previous member’s answer after a switch while it was in flight', async () => {
    const held: Record<string, (value: Response) => void> = {};
    server.use(
      http.get(`${BASE}/api/dashboard/stats`, ({ request }) => {
        const member =
          new URL(request.url).searchParams.get('member_id') ?? 'all';
        return new Promise<Response>((resolve) => {
          held[member] = resolve;
        });
      }),
    );
    function Stats() {
      const scope = useDataScope();
      const memberId =
        'member_id' in scope.filter ? scope.filter.member_id : undefined;
      const stats = useQuery({
        queryKey: scopedQueryKey(scope, 'stats'),
        queryFn: async () => {
          const url = new URL(`${BASE}/api/dashboard/stats`);
          if (memberId) url.searchParams.set('member_id', String(memberId));
          return (await (await fetch(url)).json()) as { label: string };
        },
      });
      return (
        <p>{stats.data ? `Stats of ${stats.data.label}` : 'Loading stats'}</p>
      );
    }
    renderTenancy(
      USERS.admin,
      <>
        <MemberSwitcher />
        <Stats />
      </>,
    );
    await waitFor(() => expect(held['all']).toBeDefined());
    await within(screen.getByRole('combobox', { name: 'Member' })).findByRole(
      'option',
      {
        name: "Kiehl's",
      },
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Member' }),
      "Kiehl's",
    );
    held['all']?.(HttpResponse.json({ label: 'all members' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('Stats of all members')).not.toBeInTheDocument();
    expect(screen.getByText('Loading stats')).toBeInTheDocument();
    await waitFor(() => expect(held['2']).toBeDefined());
    held['2']?.(HttpResponse.json({ label: "Kiehl's" }));
    expect(await screen.findByText("Stats of Kiehl's")).toBeInTheDocument();
  });
});
