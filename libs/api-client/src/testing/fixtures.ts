import type { DemoUserKey } from '../demo';

// The demo accounts and members are defined once, in the `./demo` entry.
export {
  DEMO_MEMBERS,
  DEMO_PASSWORD,
  DEMO_UNREAD_NOTIFICATIONS,
  DEMO_USERS,
} from '../demo';
export type { DemoUserKey } from '../demo';

/** The bearer token the fake backend issues to a demo account. */
export function demoToken(key: DemoUserKey): string {
  return `token-${key}`;
}
