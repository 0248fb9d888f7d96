import type { User } from './schemas';
import type { TenantCode } from './tenant-codes';

/*
 * The rules of who may see and do what (decisions D1, D12, D15), written
 * once and without React, for the client (auth, tenancy, nav), the reference
 * server and the test fake alike. Nothing outside this module compares a
 * role string or knows which member a tenant is limited to.
 */

/** member_id of the special brand user (specification §6, §9). */
export const SPECIAL_BRAND_MEMBER_ID = 1009;

/** A member brand a tenant is limited to. */
export interface TenantMember {
  id: number;
  code: string;
  name: string;
}

/**
 * The member every answer of a tenant is limited to, or `null` for a tenant
 * that shows the whole collective: on `kiehls`, Kiehl's (member 2, code
 * KIEHLS; decisions D4, D12; the fallback member of specification §3). The
 * only place that rule is written.
 */
export const TENANT_MEMBER = {
  pact: null,
  kiehls: { id: 2, code: 'KIEHLS', name: "Kiehl's" },
} as const satisfies Readonly<Record<TenantCode, TenantMember | null>>;

/** The kinds of dashboard user (decisions D1). */
export type AccessKind =
  | 'super-admin'
  | 'collective-admin'
  | 'brand-admin'
  | 'brand-member'
  | 'no-dashboard';

/**
 * The permission checks of specification §6 that are not about opening a
 * route or calling an endpoint, one flag each. Who may open which route is
 * the route table's {@link Audience}; who may call which endpoint, the
 * contract entry's.
 */
export interface Permissions {
  /** The tenant switcher: the super admin only. */
  switchTenant: boolean;
  /**
   * The member switcher: collective admins (the tenant must also be the main
   * one with the memberSwitcher flag; tenancy checks that part).
   */
  switchMember: boolean;
  /** GET /api/members?all=true: the super admin only; everyone else gets names only. */
  loadAllMembers: boolean;
}

/**
 * What a user may see and do, derived once from the user by
 * {@link deriveAccess}. Everything else (routes, menus, header, data scope,
 * the server's access checks) reads this, never the role string.
 */
export interface Access {
  kind: AccessKind;
  /** Role super_admin. */
  isSuperAdmin: boolean;
  /** Collective (platform) admin: the super admin or an admin without a member. */
  isCollectiveAdmin: boolean;
  /** Tied to one member brand: brand admin or brand member. */
  isBrandUser: boolean;
  /** Collective admin or brand admin. */
  isAdmin: boolean;
  /** A brand user of the special brand (member_id 1009). */
  isSpecialBrandUser: boolean;
  /** The member a brand user belongs to; null for collective admins. */
  ownMemberId: number | null;
  /** Whether the user has a dashboard at all. */
  hasDashboard: boolean;
  /** A short name of the access kind for people, e.g. shown in the user menu. */
  label: string;
  /** The permission checks of specification §6. */
  can: Permissions;
}

const LABELS: Record<AccessKind, string> = {
  'super-admin': 'Super admin',
  'collective-admin': 'Collective admin',
  'brand-admin': 'Brand admin',
  'brand-member': 'Brand member',
  'no-dashboard': 'No dashboard',
};

function kindOf(user: Pick<User, 'role' | 'member_id'>): AccessKind {
  const hasMember = user.member_id !== null;
  if (user.role === 'super_admin') return 'super-admin';
  if (user.role === 'admin')
    return hasMember ? 'brand-admin' : 'collective-admin';
  return hasMember ? 'brand-member' : 'no-dashboard';
}

/**
 * Derives the {@link Access} of a user (decisions D1; specification §6).
 * The only function that reads role strings, on the client and the server.
 */
export function deriveAccess(user: Pick<User, 'role' | 'member_id'>): Access {
  const kind = kindOf(user);
  const isSuperAdmin = kind === 'super-admin';
  const isCollectiveAdmin = isSuperAdmin || kind === 'collective-admin';
  const isBrandUser = kind === 'brand-admin' || kind === 'brand-member';
  const isAdmin = isCollectiveAdmin || kind === 'brand-admin';
  const isSpecialBrandUser =
    isBrandUser && user.member_id === SPECIAL_BRAND_MEMBER_ID;
  return {
    kind,
    isSuperAdmin,
    isCollectiveAdmin,
    isBrandUser,
    isAdmin,
    isSpecialBrandUser,
    ownMemberId: isBrandUser ? user.member_id : null,
    hasDashboard: kind !== 'no-dashboard',
    label: LABELS[kind],
    can: {
      switchTenant: isSuperAdmin,
      switchMember: isCollectiveAdmin,
      loadAllMembers: isSuperAdmin,
    },
  };
}

/**
 * Who may open a screen or call an endpoint (decisions D1): one word per
 * rule, shared by the route table and the contract.
 */
export type Audience =
  /**
   * Anyone at all, signed in or not: the calls made before or without a
   * session (sign-in, sign-out, invitation and reset links, the public
   * mail-back form). For contract entries only, never a screen's.
   */
  | 'anyone'
  /** Anyone signed in, even a user without a dashboard (their own session, notifications, keys). */
  | 'signed-in'
  /** Every dashboard user, brand members included. */
  | 'everyone'
  /** Collective admins and brand admins. */
  | 'admins'
  /** Collective (platform) admins only. */
  | 'collective-admins'
  /** The super admin only. */
  | 'super-admin';

/** Whether `access` belongs to `audience`. */
export function allows(access: Access, audience: Audience): boolean {
  switch (audience) {
    case 'anyone':
    case 'signed-in':
      return true;
    case 'everyone':
      return access.hasDashboard;
    case 'admins':
      return access.isAdmin;
    case 'collective-admins':
      return access.isCollectiveAdmin;
    case 'super-admin':
      return access.isSuperAdmin;
  }
}

/**
 * The data filter of specification §6 as the client sends it: what every
 * data query is scoped to. `{}` means the whole collective.
 */
export type DataFilter = Record<string, never> | { member_id: number };

/**
 * The data filter rule (specification §6): collective admins see everything,
 * or the member they selected; every other user is always limited to their
 * own member, whatever is selected. A user without a dashboard gets a filter
 * that matches nothing (member_id -1) rather than everything.
 */
export function dataFilterFor(
  access: Access,
  selectedMemberId: number | null,
): DataFilter {
  if (access.isCollectiveAdmin) {
    return selectedMemberId === null ? {} : { member_id: selectedMemberId };
  }
  return { member_id: access.ownMemberId ?? -1 };
}

/** Whose data an answer holds: one member's, or (`null`) the whole collective's. */
export interface DataScope {
  memberId: number | null;
}

/** Why a caller gets no data at all: the status and texts of the error answer. */
export interface ScopeRefusal {
  status: 403;
  error: string;
  message: string;
}

/**
 * The data scope of a call (decisions D1 and D12), as the server decides it
 * whatever the client sends, and as the client and the test fake expect it:
 * - collective admins get the member they ask for with `member_id`, or the
 *   whole collective;
 * - brand users always and only their own member; `member_id` is ignored;
 * - on a tenant limited to one member ({@link TENANT_MEMBER}) every answer
 *   is that member's: `member_id` is ignored, and a brand user of another
 *   member is refused;
 * - users without a dashboard are refused.
 * Whether the asked member exists is for the query to find out (404).
 */
export function resolveDataScope(
  access: Access,
  tenant: TenantCode | undefined,
  askedMemberId: number | undefined,
): DataScope | ScopeRefusal {
  const limit: TenantMember | null =
    tenant === undefined ? null : TENANT_MEMBER[tenant];
  if (access.isCollectiveAdmin) {
    return { memberId: limit?.id ?? askedMemberId ?? null };
  }
  if (access.ownMemberId === null) {
    return {
      status: 403,
      error: 'Forbidden',
      message:
        'Your role has no dashboard data: only collective admins and the users of a member brand have a data scope.',
    };
  }
  if (limit && access.ownMemberId !== limit.id) {
    return {
      status: 403,
      error: 'Forbidden',
      message: `The ${tenant} tenant shows ${limit.name} data only, and your account belongs to another member; use the pact tenant.`,
    };
  }
  return { memberId: access.ownMemberId };
}

/** Whether {@link resolveDataScope} refused the caller. */
export function isRefusal(
  outcome: DataScope | ScopeRefusal,
): outcome is ScopeRefusal {
  return 'status' in outcome;
}

/** Who may see a saved view (the list kit): its owner, the owner's member, or the collective. */
export type ViewVisibility = 'private' | 'member' | 'collective';

/**
 * The visibilities a user may give their saved views: everyone keeps
 * private views; a brand user shares with their own member, a collective
 * admin with the whole collective.
 */
export function viewVisibilitiesFor(access: Access): ViewVisibility[] {
  if (access.isCollectiveAdmin) return ['private', 'collective'];
  if (access.isBrandUser) return ['private', 'member'];
  return ['private'];
}

/** Feature flags of a tenant (specification §1; decisions D3). */
export interface TenantFeatures {
  recycling: boolean;
  mailBack: boolean;
  inStore: boolean;
  kiosk: boolean;
  gamification: boolean;
  analytics: boolean;
  storeAnalytics: boolean;
  pactAnalytics: boolean;
  warehouseOperations: boolean;
  memberSwitcher: boolean;
  resale: boolean;
}

/** The name of one tenant feature flag, e.g. `mailBack`. */
export type TenantFeature = keyof TenantFeatures;

const ALL_FEATURES: TenantFeatures = {
  recycling: true,
  mailBack: true,
  inStore: true,
  kiosk: true,
  gamification: true,
  analytics: true,
  storeAnalytics: true,
  pactAnalytics: true,
  warehouseOperations: true,
  memberSwitcher: true,
  resale: false,
};

/**
 * The feature flags of each tenant (decisions D3), written once for the
 * client's route table and the server's gated endpoints alike.
 */
export const TENANT_FEATURES = {
  pact: ALL_FEATURES,
  kiehls: { ...ALL_FEATURES, memberSwitcher: false },
} as const satisfies Readonly<Record<TenantCode, TenantFeatures>>;

/**
 * Whether a tenant has `feature` on; a call without a tenant is taken as
 * the main tenant's (`pact`, specification §9).
 */
export function featureOn(
  tenant: TenantCode | undefined,
  feature: TenantFeature,
): boolean {
  return TENANT_FEATURES[tenant ?? 'pact'][feature];
}

/**
 * Whether a caller may learn that a concealed call exists (specification
 * §6, decisions D12, D19): a user in the entry's audience, on a tenant
 * with its feature on, signed in with a session (never an API key).
 * Everyone else gets the 404 of an unknown path, not a 401 or 403.
 */
export function mayReachConcealed(
  access: Access,
  audience: Audience,
  viaApiKey: boolean,
  tenant: TenantCode | undefined,
  feature: TenantFeature | undefined,
): boolean {
  return (
    !viaApiKey &&
    allows(access, audience) &&
    (feature === undefined || featureOn(tenant, feature))
  );
}
