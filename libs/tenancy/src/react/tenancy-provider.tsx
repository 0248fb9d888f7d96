import type { Member } from '@collective/api-client';
import type { DataFilter } from '@collective/auth';
import { AuthProvider, useApi } from '@collective/auth/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  createContext,
  use,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { DataScope } from '../data-scope';
import { membersQueryOptions } from '../members';
import type { ShellServices } from '../shell-services';
import type { ActiveTenancy, TenancyStore } from '../tenancy-store';
import type { Tenant, TenantCode } from '../tenants';

const TenancyContext = createContext<TenancyStore | undefined>(undefined);

/** Props of {@link TenancyProvider}. */
export interface TenancyProviderProps {
  /** The tenancy made once, outside React, with `createTenancy` (or `createShellServices`). */
  tenancy: TenancyStore;
  children: ReactNode;
}

/** Makes the tenancy available to {@link useTenancy} and the hooks built on it. */
export function TenancyProvider({ tenancy, children }: TenancyProviderProps) {
  return <TenancyContext value={tenancy}>{children}</TenancyContext>;
}

/** Props of {@link ShellProvider} and {@link TenancyProviders}. */
export interface ShellProviderProps {
  /** The services of `createShellServices` (or `createTenancyServices`). */
  services: ShellServices;
  children: ReactNode;
}

/**
 * The signed-in part of the shell's providers: the query client and the
 * tenancy. The dashboard renders them below its `AuthProvider` once a user
 * is signed in, from a chunk the sign-in page does not load.
 */
export function TenancyProviders({ services, children }: ShellProviderProps) {
  return (
    <QueryClientProvider client={services.queryClient}>
      <TenancyProvider tenancy={services.tenancy}>{children}</TenancyProvider>
    </QueryClientProvider>
  );
}

/**
 * The shell's data providers in their order: session and API client, the
 * query client, the tenancy. `renderWithShell` and tools with no sign-in
 * page of their own use it.
 */
export function ShellProvider({ services, children }: ShellProviderProps) {
  return (
    <AuthProvider session={services.session} api={services.api}>
      <TenancyProviders services={services}>{children}</TenancyProviders>
    </AuthProvider>
  );
}

/** What {@link useTenancy} gives: the signed-in tenancy and its actions. */
export interface TenancyView extends ActiveTenancy {
  selectMember(memberId: number | null): void;
  /** Stores a tenant and reloads the page (the tenant switcher's action). */
  switchTenant(tenant: TenantCode): void;
}

/**
 * The tenancy of the signed-in user; re-renders when it changes. Throws
 * outside {@link TenancyProvider}, and while no user is signed in (render
 * the shell only for a signed-in user).
 */
export function useTenancy(): TenancyView {
  const tenancy = use(TenancyContext);
  if (!tenancy)
    throw new Error('useTenancy must be used inside <TenancyProvider>.');
  const state = useSyncExternalStore(
    tenancy.subscribe,
    tenancy.getState,
    tenancy.getState,
  );
  if (state.status !== 'signed-in')
    throw new Error(
      'useTenancy needs a signed-in user; render the shell only once the session is signed in.',
    );
  return useMemo(
    () => ({
      ...state,
      selectMember: tenancy.selectMember,
      switchTenant: tenancy.switchTenant,
    }),
    [state, tenancy],
  );
}

/** The active tenant. */
export function useTenant(): Tenant {
  return useTenancy().tenant;
}

/** The data filter: `{}` or `{ member_id }` (specification §6). */
export function useDataFilter(): DataFilter {
  return useTenancy().dataFilter;
}

/**
 * Tenant and data filter of the current selection. Screens read their data
 * through `useScopedQuery`, which keys by it; this is for what else needs it.
 */
export function useDataScope(): DataScope {
  return useTenancy().scope;
}

/**
 * The member list (decisions D4): empty while loading and after a failure,
 * which is logged once and shown to no one (specification §8).
 */
export function useMembers(): Member[] {
  const { userScope, access } = useTenancy();
  const query = useQuery(
    membersQueryOptions(useApi(), userScope, access.can.loadAllMembers),
  );
  return query.data ?? EMPTY;
}

const EMPTY: Member[] = [];
