/**
 * The demo accounts the journeys sign in with. The accounts themselves, their
 * password and the demo members are defined once, in
 * `@collective/api-client/demo`, which the reference server seeds.
 */
import { DEMO_USERS } from '@collective/api-client/demo';

export {
  DEMO_MEMBERS,
  DEMO_PASSWORD,
  DEMO_UNREAD_NOTIFICATIONS,
  DEMO_USERS,
} from '@collective/api-client/demo';
export type { DemoUserKey } from '@collective/api-client/demo';

/** A demo account of decisions D11 that signs in to the dashboard. */
export interface DemoAccount {
  /** Sign-in email, also what the shell header shows. */
  email: string;
  /** What the account stands for in the journeys. */
  role: string;
}

/** The super admin of the collective. */
export const SUPER_ADMIN: DemoAccount = {
  email: DEMO_USERS.super.email,
  role: 'super admin',
};

/** The brand admin of Kiehl's (member 2). */
export const BRAND_ADMIN: DemoAccount = {
  email: DEMO_USERS.brandAdmin.email,
  role: 'brand admin',
};

/**
 * A platform admin kept for failed sign-in attempts, so the API's login
 * throttling never slows down the accounts the happy paths use.
 */
export const FAILED_LOGIN_ACCOUNT: DemoAccount = {
  email: DEMO_USERS.admin.email,
  role: 'platform admin',
};
