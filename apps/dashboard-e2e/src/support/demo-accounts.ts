/** The password of every demo account the reference API seeds (decisions D11). */
export const DEMO_PASSWORD = 'demo-pass-2026';

/** A demo account of decisions D11 that signs in to the dashboard. */
export interface DemoAccount {
  /** Sign-in email, also what the shell header shows. */
  email: string;
  /** What the account stands for in the journeys. */
  role: string;
}

/** The super admin of the collective. */
export const SUPER_ADMIN: DemoAccount = {
  email: 'super@pact.test',
  role: 'super admin',
};

/** The brand admin of Kiehl's (member 2). */
export const BRAND_ADMIN: DemoAccount = {
  email: 'brand.admin@kiehls.test',
  role: 'brand admin',
};

/**
 * A platform admin kept for failed sign-in attempts, so the API's login
 * throttling never slows down the accounts the happy paths use.
 */
export const FAILED_LOGIN_ACCOUNT: DemoAccount = {
  email: 'admin@pact.test',
  role: 'platform admin',
};
