import type { ApiClient, Member } from '@collective/api-client';
import {
  dataFilterFor,
  type Access,
  type DataFilter,
  type KeyValueStorage,
} from '@collective/auth';
import { useAccess, useSession } from '@collective/auth/react';
import { useQuery } from '@tanstack/react-query';
import {
  createContext,
  use,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { DataScope } from '../data-scope';
import type { MemberSelection } from '../member-selection';
import { resolveActiveTenant } from '../resolve-active-tenant';
import { readStoredTenant, storeActiveTenant } from '../tenant-storage';
import { TENANTS, type Tenant, type TenantCode } from '../tenants';

/** What the tenancy context holds for a signed-in user. */
export interface TenancyView {
  tenant: Tenant;
  access: Access;
  /** The member list (empty while loading and after a failure). */
  members: Member[];
  /** Whether the member list is still loading. */
  membersLoading: boolean;
  /** The selected member id, or null for all members. */
  selectedMemberId: number | null;
  selectMember(memberId: number | null): void;
  /** The data filter of specification §6 for the current selection. */
  dataFilter: DataFilter;
  /** Tenant and data filter, the start of every data query key. */
  scope: DataScope;
  /** Stores a tenant and reloads the page (the tenant switcher's action). */
  switchTenant(tenant: TenantCode): void;
}

const TenancyContext = createContext<TenancyView | undefined>(undefined);

/** Props of {@link TenancyProvider}. */
export interface TenancyProviderProps {
  /** The API's member calls. */
  api: Pick<ApiClient, 'members'>;
  /** Where `activeTenant` is kept. */
  storage: KeyValueStorage;
  /** The selected member, made once outside React and cleared when a session ends. */
  selection: MemberSelection;
  /** Reloads the page after a tenant switch. */
  reload: () => void;
  /** Where `tenantChanged` is sent (the window in the browser). */
  events?: Pick<EventTarget, 'dispatchEvent'>;
  /** Where a member list failure is logged (no user message, specification §8). */
  log?: (message: string, error: unknown) => void;
  children: ReactNode;
}

/** Query key of the member list: not scoped by data filter, but by tenant, user and list kind. */
export function membersQueryKey(
  tenant: TenantCode,
  email: string,
  all: boolean,
) {
  return [tenant, 'members', email, all ? 'all' : 'names'] as const;
}

/**
 * Resolves and stores the active tenant, loads the member list and holds the
 * selected member for the signed-in user. Render it inside `<AuthProvider>`
 * and `<QueryClientProvider>`, below the point where a user is signed in.
 */
export function TenancyProvider({
  api,
  storage,
  selection,
  reload,
  events,
  log = (m, e) => console.error(m, e),
  children,
}: TenancyProviderProps) {
  const { user } = useSession();
  const access = useAccess();
  if (!user || !access)
    throw new Error('TenancyProvider must be rendered for a signed-in user.');

  const stored = readStoredTenant(storage);
  const tenantCode = resolveActiveTenant(user, access, stored);
  useEffect(() => {
    storeActiveTenant(tenantCode, storage, events);
  }, [tenantCode, storage, events]);

  const all = access.can.loadAllMembers;
  const membersQuery = useQuery({
    queryKey: membersQueryKey(tenantCode, user.email, all),
    queryFn: ({ signal }) =>
      api.members.list(all ? { all: true } : { namesOnly: true }, { signal }),
  });
  useEffect(() => {
    if (membersQuery.error)
      log('Could not load the member list; showing none.', membersQuery.error);
  }, [membersQuery.error, log]);

  useEffect(() => {
    selection.set(user.member_id);
  }, [selection, user.email, user.member_id]);
  const selectedMemberId = useSyncExternalStore(
    selection.subscribe,
    selection.get,
    selection.get,
  );

  const value = useMemo<TenancyView>(() => {
    const dataFilter = dataFilterFor(access, selectedMemberId);
    return {
      tenant: TENANTS[tenantCode],
      access,
      members: membersQuery.data ?? [],
      membersLoading: membersQuery.isPending,
      selectedMemberId,
      selectMember: selection.set,
      dataFilter,
      scope: { tenant: tenantCode, filter: dataFilter },
      switchTenant: (tenant) => {
        storeActiveTenant(tenant, storage, events);
        reload();
      },
    };
  }, [
    access,
    selectedMemberId,
    tenantCode,
    membersQuery.data,
    membersQuery.isPending,
    selection,
    storage,
    events,
    reload,
  ]);

  return <TenancyContext value={value}>{children}</TenancyContext>;
}

/** Everything tenancy knows for the signed-in user; throws outside {@link TenancyProvider}. */
export function useTenancy(): TenancyView {
  const view = use(TenancyContext);
  if (!view)
    throw new Error('useTenancy must be used inside <TenancyProvider>.');
  return view;
}

/** The active tenant. */
export function useTenant(): Tenant {
  return useTenancy().tenant;
}

/** The member list (empty while loading or after a failure). */
export function useMembers(): Member[] {
  return useTenancy().members;
}

/** The data filter: `{}` or `{ member_id }` (specification §6). */
export function useDataFilter(): DataFilter {
  return useTenancy().dataFilter;
}

/** Tenant and data filter; pass to `scopedQueryKey` for every data query. */
export function useDataScope(): DataScope {
  return useTenancy().scope;
}

/** Provides a fixed {@link TenancyView}: for tests and previews of screens, without an API. */
export function StaticTenancyProvider({
  value,
  children,
}: {
  value: TenancyView;
  children: ReactNode;
}) {
  return <TenancyContext value={value}>{children}</TenancyContext>;
}
