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
 * Derives the {@link Access} of a user (decisions D1; specification §6). This
 * is the only function that reads role strings.
 */
export function deriveAccess(user: Pick<User, 'role' | 'member_id'>): Access {
  const kind = kindOf(user);
  const isSuperAdmin = kind === 'super-admin';
  const isCollectiveAdmin = isSuperAdmin || kind === 'collective-admin';
  const isBrandUser = kind === 'brand-admin' || kind === 'brand-member';
  return {
    kind,
    isSuperAdmin,
    isCollectiveAdmin,
    isBrandUser,
    isAdmin: isCollectiveAdmin || kind === 'brand-admin',
    isSpecialBrandUser:
      isBrandUser && user.member_id === SPECIAL_BRAND_MEMBER_ID,
    ownMemberId: isBrandUser ? user.member_id : null,
    hasDashboard: kind !== 'no-dashboard',
    label: LABELS[kind],
  };
}
