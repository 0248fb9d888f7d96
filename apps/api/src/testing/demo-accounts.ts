import { DEMO_USERS } from '@collective/api-client/demo';

/*
 * The demo accounts the route tests sign in as, by their role in decisions
 * D11, taken from the one definition the seed also uses.
 */

/** The super admin (collective staff, every tenant). */
export const SUPER = DEMO_USERS.super.email;
/** A platform admin of the pact tenant. */
export const ADMIN = DEMO_USERS.admin.email;
/** Kiehl's brand admin (member KIEHLS). */
export const BRAND_ADMIN = DEMO_USERS.brandAdmin.email;
/** Kiehl's operator (member KIEHLS, no admin rights). */
export const OPERATOR = DEMO_USERS.operator.email;
/** The admin of the special brand (member 1009). */
export const SPECIAL = DEMO_USERS.specialAdmin.email;
const kiehls = DEMO_USERS.brandAdmin.member_id;
if (kiehls === null) throw new Error('The demo brand admin has no member.');
/** The member id of Kiehl's, the brand of BRAND_ADMIN and OPERATOR. */
export const KIEHLS: number = kiehls;
