/**
 * The demo accounts and member brands of decisions D11, defined once: the
 * reference server seeds them, the test fake of `@collective/api-client/testing`
 * serves them, and the end-to-end tests sign in with them. Plain data with no
 * dependencies. Import as `@collective/api-client/demo`.
 */
import type { Member, User } from '../contract/schemas';

/** Password of every demo account (decisions D11). */
export const DEMO_PASSWORD = 'demo-pass-2026';

/** Short names of the seven demo accounts of decisions D11. */
export type DemoUserKey =
  | 'super'
  | 'admin'
  | 'staff'
  | 'brandAdmin'
  | 'specialAdmin'
  | 'operator'
  | 'nobody';

/**
 * The seven demo accounts of decisions D11 as the API returns them (the
 * contract's `User`), in the order the server seeds them.
 */
export const DEMO_USERS: Readonly<Record<DemoUserKey, User>> = {
  super: {
    name: 'Sam Super',
    email: 'super@pact.test',
    role: 'super_admin',
    member_id: null,
    member_code: null,
    allowed_tenant_id: 1,
    isPactStaff: true,
  },
  admin: {
    name: 'Alex Admin',
    email: 'admin@pact.test',
    role: 'admin',
    member_id: null,
    member_code: null,
    allowed_tenant_id: 1,
    isPactStaff: true,
  },
  staff: {
    name: 'Stevie Staff',
    email: 'staff@pact.test',
    role: 'admin',
    member_id: null,
    member_code: null,
    allowed_tenant_id: null,
    isPactStaff: true,
  },
  brandAdmin: {
    name: 'Kim Brandt',
    email: 'brand.admin@kiehls.test',
    role: 'admin',
    member_id: 2,
    member_code: 'KIEHLS',
    allowed_tenant_id: 2,
    isPactStaff: false,
  },
  specialAdmin: {
    name: 'Morgan Meridian',
    email: 'special.admin@member1009.test',
    role: 'admin',
    member_id: 1009,
    member_code: null,
    allowed_tenant_id: 1,
    isPactStaff: false,
  },
  operator: {
    name: 'Oli Operator',
    email: 'operator@kiehls.test',
    role: 'brand_operator',
    member_id: 2,
    member_code: 'KIEHLS',
    allowed_tenant_id: 2,
    isPactStaff: false,
  },
  nobody: {
    name: 'Noa Viewer',
    email: 'nobody@pact.test',
    role: 'viewer',
    member_id: null,
    member_code: null,
    allowed_tenant_id: null,
    isPactStaff: false,
  },
};

/**
 * Unread notifications the reference server seeds for each demo account
 * (one read notification is added to each), e.g. the five of the super
 * admin that the bell and the mobile sheet show in the end-to-end tests.
 */
export const DEMO_UNREAD_NOTIFICATIONS: Readonly<Record<DemoUserKey, number>> =
  {
    super: 5,
    admin: 4,
    staff: 3,
    brandAdmin: 4,
    specialAdmin: 3,
    operator: 5,
    nobody: 3,
  };

/**
 * The demo member brands: Kiehl's (the fallback member, id 2), the special
 * brand (id 1009) and five more.
 */
export const DEMO_MEMBERS: readonly Member[] = [
  { id: 2, name: "Kiehl's", code: 'KIEHLS' },
  { id: 1009, name: 'Meridian Naturals', code: 'MERIDIAN' },
  { id: 3, name: 'Lumen Skincare', code: 'LUMEN' },
  { id: 4, name: 'Northfield Outdoor', code: 'NORTHFIELD' },
  { id: 5, name: 'Solstice Beauty', code: 'SOLSTICE' },
  { id: 6, name: 'Tidewater Apparel', code: 'TIDEWATER' },
  { id: 7, name: 'Harbor & Pine', code: 'HARBORPINE' },
];
