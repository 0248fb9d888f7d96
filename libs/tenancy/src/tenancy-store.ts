import type { User } from '@collective/api-client';
import {
  dataFilterFor,
  deriveAccess,
  type Access,
  type DataFilter,
  type SessionStore,
} from '@collective/auth';
import {
  createStore,
  type Platform,
  type ReadableStore,
} from '@collective/platform';
import type { DataScope } from './data-scope';
import { resolveActiveTenant } from './resolve-active-tenant';
import { readStoredTenant, storeActiveTenant } from './tenant-storage';
import {
  DEFAULT_TENANT,
  TENANTS,
  type Tenant,
  type TenantCode,
} from './tenants';

/** Tenancy of a signed-in user with a dashboard: tenant, member selection and scope. */
export interface ActiveTenancy {
  status: 'signed-in';
  user: User;
  access: Access;
  tenant: Tenant;
  /** The selected member id, or null for all members (decisions D4). */
  selectedMemberId: number | null;
  /** The data filter of specification §6 for the current selection. */
  dataFilter: DataFilter;
  /** Tenant and data filter, the start of every data query key. */
  scope: DataScope;
  /**
   * The scope of the user before any member is chosen: what the server
   * answers for this user on this tenant (the member list's scope).
   */
  userScope: DataScope;
}

/** The tenancy state: nothing while signed out, else {@link ActiveTenancy}. */
export type TenancyState = { status: 'signed-out' } | ActiveTenancy;

/** The part of a query client the tenancy clears when a session ends. */
export interface QueryCacheControl {
  cancelQueries(): Promise<unknown>;
  clear(): void;
}

/** Settings of {@link createTenancy}. */
export interface TenancyOptions {
  /** The session whose user the tenancy follows. */
  session: Pick<SessionStore, 'getState' | 'subscribe' | 'onSessionEnd'>;
  /** Where `activeTenant` is stored, `tenantChanged` sent, and the page reloaded. */
  platform: Pick<Platform, 'storage' | 'emit' | 'reload'>;
  /** Cancelled and cleared whenever a session ends, so no data of the previous user survives. */
  queryClient?: QueryCacheControl;
}

/** The tenancy of the dashboard, created once outside React. */
export interface TenancyStore extends ReadableStore<TenancyState> {
  /** The code for `X-Tenant-Code`: the active tenant, else the stored one, else pact. */
  tenantCode(): TenantCode;
  /** Selects a member (null: all members); in memory only (decisions D4). */
  selectMember(memberId: number | null): void;
  /** The tenant switcher's action (specification §4): stores the tenant and reloads. */
  switchTenant(tenant: TenantCode): void;
  /** Stops following the session. */
  dispose(): void;
}

function activeTenancy(
  user: User,
  tenant: TenantCode,
  selectedMemberId: number | null,
): ActiveTenancy {
  const access = deriveAccess(user);
  const dataFilter = dataFilterFor(access, selectedMemberId);
  return {
    status: 'signed-in',
    user,
    access,
    tenant: TENANTS[tenant],
    selectedMemberId,
    dataFilter,
    scope: { tenant, filter: dataFilter },
    userScope: { tenant, filter: dataFilterFor(access, null) },
  };
}

/**
 * Creates the tenancy (decisions D3, D4): it follows the session, and for
 * each signed-in user resolves the active tenant, stores it as
 * `activeTenant` (sending `tenantChanged`, so the theme follows) and selects
 * the user's own member; when the session ends it clears the selection and
 * cancels and clears every query. All of it happens here, outside React.
 */
export function createTenancy(options: TenancyOptions): TenancyStore {
  const { session, platform, queryClient } = options;
  const store = createStore<TenancyState>({ status: 'signed-out' });

  function follow(): void {
    const state = session.getState();
    if (state.status !== 'logged-in') {
      store.setState({ status: 'signed-out' });
      return;
    }
    const current = store.getState();
    if (current.status === 'signed-in' && current.user === state.user) return;
    const { user } = state;
    const tenant = resolveActiveTenant(
      user,
      deriveAccess(user),
      readStoredTenant(platform.storage),
    );
    storeActiveTenant(tenant, platform);
    store.setState(activeTenancy(user, tenant, user.member_id));
  }

  follow();
  const stopFollowing = session.subscribe(follow);
  const stopEnding = session.onSessionEnd(() => {
    void queryClient?.cancelQueries();
    queryClient?.clear();
  });

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    tenantCode() {
      const state = store.getState();
      return state.status === 'signed-in'
        ? state.tenant.code
        : (readStoredTenant(platform.storage) ?? DEFAULT_TENANT);
    },
    selectMember(memberId) {
      store.setState((state) =>
        state.status !== 'signed-in' || state.selectedMemberId === memberId
          ? state
          : activeTenancy(state.user, state.tenant.code, memberId),
      );
    },
    switchTenant(tenant) {
      storeActiveTenant(tenant, platform);
      platform.reload();
    },
    dispose() {
      stopFollowing();
      stopEnding();
    },
  };
}
