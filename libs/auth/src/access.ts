import type { User } from '@collective/api-client';
import { SPECIAL_BRAND_MEMBER_ID } from './constants';

/** The kinds of dashboard user (decisions D1). */
export type AccessKind =
  | 'super-admin'
  | 'collective-admin'
  | 'brand-admin'
  | 'brand-member'
  | 'no-dashboard';

/**
 * What a user may see and do, derived once from the user by
 * {@link deriveAccess}. Everything else (routes, menus, header, data filter)
 * reads this, never the role string.
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

/**
 * The permission checks of specification §6 that are not about opening a
 * route, one flag each. Who may open which route (the Performance link, API
 * Keys, the admin and consumer routes, the special brand's denials) is held
 * by the route table of @collective/nav, and nowhere else.
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
 * The data filter of specification §6: what every data query is scoped to.
 * `{}` means the whole collective.
 */
export type DataFilter = Record<string, never> | { member_id: number };

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
 * Derives the {@link Access} of a user (decisions D1; specification §6). This
 * is the only function that reads role strings.
 */
export function deriveAccess(user: Pick<User, 'role' | 'member_id'>): Access {
  const kind = kindOf(user);
  const isSuperAdmin = kind === 'super-admin';
  const isCollectiveAdmin = isSuperAdmin || kind === 'collective-admin';
  const isBrandUser = kind === 'brand-admin' || kind === 'brand-member';
  const isAdmin = isCollectiveAdmin || kind === 'brand-admin';
  const isSpecialBrandUser =
    isBrandUser && user.member_id === SPECIAL_BRAND_MEMBER_ID;
  const hasDashboard = kind !== 'no-dashboard';
  return {
    kind,
    isSuperAdmin,
    isCollectiveAdmin,
    isBrandUser,
    isAdmin,
    isSpecialBrandUser,
    ownMemberId: isBrandUser ? user.member_id : null,
    hasDashboard,
    label: LABELS[kind],
    can: {
      switchTenant: isSuperAdmin,
      switchMember: isCollectiveAdmin,
      loadAllMembers: isSuperAdmin,
    },
  };
}

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
