import { deriveAccess, type Access } from './access';

/*
 * Users and roles (decisions D16): which roles a caller may give and whose
 * users they may manage. The companion of `access.ts` (whose deriveAccess
 * reads the role strings), in a module of its own so the shell's chunks,
 * which load the access rules at start, do not carry these: only the user
 * management screen and the server use them.
 */

/** The super admin's role, held without a member. */
export const SUPER_ADMIN_ROLE = 'super_admin';
/** The admin role: of a member (a brand admin), or without one the collective's (a platform admin). */
export const ADMIN_ROLE = 'admin';

/** The roles a dashboard user can be given. */
export const USER_ROLES = [
  SUPER_ADMIN_ROLE,
  ADMIN_ROLE,
  'brand_operator',
  'brand_viewer',
] as const;
/** A role a dashboard user can be given. */
export type UserRole = (typeof USER_ROLES)[number];

/** Roles that belong to one member brand (they need a member). */
export const BRAND_ROLES: readonly UserRole[] = [
  ADMIN_ROLE,
  'brand_operator',
  'brand_viewer',
];

/** Roles in words, as the user management screens and the audit trail show them. */
export const ROLE_LABELS: Readonly<Record<UserRole, string>> = {
  super_admin: 'Super admin',
  admin: 'Admin',
  brand_operator: 'Brand operator',
  brand_viewer: 'Brand viewer',
};

/** A role with the member it is held in: `null` for the collective's own roles. */
export interface RoleGrant {
  role: string;
  member_id: number | null;
}

/**
 * What the rules say of a role grant, or of managing a user who holds one:
 * `allowed`; `not-found` when the member lies outside the caller's scope
 * (answered 404, so it is not revealed, D12/D15); `forbidden` when the
 * caller's role may not give it (403); `invalid` when the role and member
 * do not go together (400).
 */
export type GrantVerdict = 'allowed' | 'not-found' | 'forbidden' | 'invalid';

/**
 * The member a role is held in: the grant's member, or `null` for the super
 * admin, who holds no member whatever was sent with the role.
 */
export function heldMemberOf(grant: RoleGrant): number | null {
  return deriveAccess(grant).isSuperAdmin ? null : grant.member_id;
}

/**
 * Whether a grant is one of the collective's own: the super admin, or a
 * platform (collective) admin, an admin without a member.
 */
export function isPlatformGrant(grant: RoleGrant): boolean {
  return deriveAccess(grant).isCollectiveAdmin;
}

/**
 * Whether `access` may give the role `grant` (decisions D16), the one rule
 * the client (which roles a form offers), the server and the fake share:
 * - only the super admin makes platform admins or another super admin;
 * - a collective admin gives `admin`, `brand_operator` and `brand_viewer`
 *   of any member;
 * - a brand admin gives those of their own member only (another member:
 *   `not-found`);
 * - brand members and users without a dashboard give nothing.
 * `super_admin` is held without a member; the brand roles need one.
 */
export function judgeGrant(access: Access, grant: RoleGrant): GrantVerdict {
  if (!(USER_ROLES as readonly string[]).includes(grant.role)) return 'invalid';
  if (!access.isAdmin) return 'forbidden';
  if (deriveAccess(grant).isSuperAdmin && grant.member_id !== null)
    return 'invalid';
  if (isPlatformGrant(grant)) {
    return access.isSuperAdmin ? 'allowed' : 'forbidden';
  }
  if (
    grant.member_id === null ||
    !BRAND_ROLES.includes(grant.role as UserRole)
  ) {
    return 'invalid';
  }
  if (access.isCollectiveAdmin) return 'allowed';
  return grant.member_id === access.ownMemberId ? 'allowed' : 'not-found';
}

/**
 * Whether `access` may manage (change, deactivate, reactivate, resend,
 * reset, sign out) a user holding `target`: exactly when the caller could
 * give that role themselves. So a brand admin manages their own member's
 * users (others are `not-found`), a collective admin every brand user, and
 * only the super admin the platform admins and super admins.
 */
export function judgeManagement(
  access: Access,
  target: RoleGrant,
): GrantVerdict {
  const verdict = judgeGrant(access, target);
  // A stored role outside USER_ROLES (e.g. `viewer`, no dashboard) is
  // managed by collective admins; a brand admin never sees it.
  if (verdict === 'invalid') {
    if (access.isCollectiveAdmin) return 'allowed';
    return access.isAdmin ? 'not-found' : 'forbidden';
  }
  return verdict;
}

/**
 * The roles `access` may give in a member (`null`: the collective itself),
 * in the order a form offers them.
 */
export function grantableRoles(
  access: Access,
  memberId: number | null,
): UserRole[] {
  return USER_ROLES.filter(
    (role) =>
      judgeGrant(access, {
        role,
        member_id: heldMemberOf({ role, member_id: memberId }),
      }) === 'allowed' &&
      (memberId === null) === isPlatformGrant({ role, member_id: memberId }),
  );
}

/** Which "last admin" rule of D16 a grant counts towards: a member's admins, or the super admins. */
export type AdminKind = 'member' | 'super';

/** The role held by each kind of admin that D16 keeps at least one of. */
export const ADMIN_ROLE_OF: Readonly<Record<AdminKind, UserRole>> = {
  member: ADMIN_ROLE,
  super: SUPER_ADMIN_ROLE,
};

/**
 * Whether holding `grant` counts towards "the last admin" rules of D16:
 * `member` for an admin of a member, `super` for the super admin.
 */
export function adminKindOf(grant: RoleGrant): AdminKind | null {
  const access = deriveAccess(grant);
  if (access.isSuperAdmin) return 'super';
  if (access.kind === 'brand-admin') return 'member';
  return null;
}
