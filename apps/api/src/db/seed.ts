import {
  DEMO_MEMBERS,
  DEMO_PASSWORD,
  DEMO_UNREAD_NOTIFICATIONS,
  DEMO_USERS as DEMO_ACCOUNTS,
  type DemoUserKey,
} from '@collective/api-client/demo';
import type { MemberTier, User } from '@collective/api-client/contract';
import { hashPassword } from '../auth/password';
import type { Database } from './database';
import { SCHEMA_LOCK_KEY } from './migrations';
import { recordDemoSeed } from './demo-seed-record';
import { seedMailback } from './mailback-seed';
import { seedInstructions } from './instructions-seed';
import { seedPerformanceTargets } from '../performance/performance-seed';
import { seedG2 } from '../g2/g2-seed';
import { seedIngestionLog } from '../ingestion-logs/ingestion-seed';
import {
  DEFAULT_PROGRAM_SEED,
  seedProgram,
  type ProgramSeedCounts,
} from './program-seed';

export { DEMO_MEMBERS, DEMO_PASSWORD } from '@collective/api-client/demo';

/** A demo account as the seed writes it: the contract's user and its unread notifications. */
export interface DemoUser extends User {
  /** Unread notifications seeded for the account (one read one is added too). */
  unreadNotifications: number;
}

/**
 * The seven demo accounts of decisions D11 (defined once, in
 * `@collective/api-client/demo`), in the order they are seeded.
 */
export const DEMO_USERS: readonly DemoUser[] = (
  Object.entries(DEMO_ACCOUNTS) as [DemoUserKey, User][]
).map(([key, user]) => ({
  ...user,
  unreadNotifications: DEMO_UNREAD_NOTIFICATIONS[key],
}));

const NOTIFICATION_TEXTS: readonly (readonly [string, string])[] = [
  [
    'Monthly recycling report is ready',
    'The collection report for last month can now be downloaded from Report Generator.',
  ],
  [
    'Shipment delivered to the warehouse',
    'Shipment PACT-2026-0412 (18 boxes) was received and is waiting for sorting.',
  ],
  [
    'Kiosk offline',
    'The collection kiosk at store #118 has not reported for 24 hours.',
  ],
  [
    'New store mappings to review',
    'Six stores from the latest G2 upload have no mapping yet.',
  ],
  [
    'Collection goal reached',
    'The quarterly goal of 12,000 empties collected was reached ahead of time.',
  ],
  [
    'Data import finished',
    'The weekly point-of-sale import finished without errors.',
  ],
];

/** A demo member's tier, status and contact (name, email, phone). */
interface DemoMemberProfile {
  tier: MemberTier;
  status: 'onboarding' | 'active';
  contact: readonly [string, string, string];
}

const DEFAULT_PROFILE: DemoMemberProfile = {
  tier: 'full',
  status: 'active',
  contact: ['Program office', 'recycling@pact.test', '+1 555 0100'],
};

/**
 * The tier, status and contact of each demo member (migration 12), by id;
 * every member has stores and shipments, so none is still onboarding.
 */
export const DEMO_MEMBER_PROFILES: Readonly<Record<number, DemoMemberProfile>> =
  {
    2: {
      tier: 'founding',
      status: 'active',
      contact: ['Amara Okafor', 'sustainability@kiehls.test', '+1 555 0102'],
    },
    1009: {
      tier: 'founding',
      status: 'active',
      contact: ['Jonas Weber', 'take-back@meridian.test', '+1 555 0109'],
    },
    3: {
      tier: 'full',
      status: 'active',
      contact: ['Priya Raman', 'priya.raman@lumen.test', '+1 555 0103'],
    },
    4: {
      tier: 'full',
      status: 'active',
      contact: ['Sam Lindqvist', 'sam@northfield.test', '+1 555 0104'],
    },
    5: {
      tier: 'associate',
      status: 'active',
      contact: ['Inès Moreau', 'ines.moreau@solstice.test', '+1 555 0105'],
    },
    6: {
      tier: 'associate',
      status: 'active',
      contact: ['Dana Kim', 'dana.kim@tidewater.test', '+1 555 0106'],
    },
    7: {
      tier: 'full',
      status: 'active',
      contact: ['Luca Bianchi', 'luca@harborpine.test', '+1 555 0107'],
    },
  };

/**
 * A demo member's row as the seed writes it (and the demo clean-up
 * restores it, decisions D20): its name and code, and its profile's tier,
 * status and contact.
 */
export function demoMemberRow(member: (typeof DEMO_MEMBERS)[number]) {
  const profile = DEMO_MEMBER_PROFILES[member.id] ?? DEFAULT_PROFILE;
  return {
    name: member.name,
    code: member.code,
    tier: profile.tier,
    status: profile.status,
    contact_name: profile.contact[0],
    contact_email: profile.contact[1],
    contact_phone: profile.contact[2],
  };
}

/** What the demo seed wrote: the program, and the mail-back submissions. */
export interface DemoSeedCounts extends ProgramSeedCounts {
  mailbackSubmissions: number;
}

/** What to seed besides the accounts; everything has a default. */
export interface SeedOptions {
  /**
   * Size of the program data: blocks of 72 stores (`SEED_SCALE`); 1, the
   * default, is the demo data set, 100 the benchmark's large one.
   */
  scale?: number;
  /** The seeding time the program's dates count back from; now by default. */
  now?: Date;
  /** Seed of the PRNG of the program data. */
  seed?: number;
}

/**
 * Fills an empty database with the demo members, the demo accounts (all with
 * {@link DEMO_PASSWORD}), their notifications and the demo program (stores,
 * 24 months of shipments up to `now`, rollups; `src/db/program-seed.ts`)
 * and a year of consumer mail-back requests (`src/db/mailback-seed.ts`)
 * and the instruction pages of each tenant (`src/db/instructions-seed.ts`).
 * Does nothing when any user exists, so it is safe on every start and never
 * touches real data. Returns what it seeded, or `null` when it did nothing.
 */
export async function seedDemoData(
  db: Database,
  options: SeedOptions = {},
): Promise<DemoSeedCounts | null> {
  const hasUsers = async (runner: Pick<Database, 'query'>) =>
    (
      await runner.query<{ present: boolean }>(
        'SELECT EXISTS (SELECT 1 FROM users) AS present',
      )
    )[0]?.present === true;
  if (await hasUsers(db)) return null;

  // Hash outside the transaction: argon2id is slow on purpose and needs no
  // lock. Seven hashes on the thread pool take about a tenth of a second.
  const hashes = await Promise.all(
    DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)),
  );
  const now = options.now ?? new Date();

  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
    if (await hasUsers(tx)) return null; // another server seeded meanwhile

    for (const member of DEMO_MEMBERS) {
      const row = demoMemberRow(member);
      await tx.query(
        `INSERT INTO members (id, name, code, tier, status, contact_name, contact_email, contact_phone)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
        [
          member.id,
          row.name,
          row.code,
          row.tier,
          row.status,
          row.contact_name,
          row.contact_email,
          row.contact_phone,
        ],
      );
    }
    for (const [index, user] of DEMO_USERS.entries()) {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO users (email, name, role, member_id, member_code, allowed_tenant_id, is_pact_staff, password_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          user.email,
          user.name,
          user.role,
          user.member_id,
          user.member_code,
          user.allowed_tenant_id,
          user.isPactStaff,
          hashes[index],
        ],
      );
      if (!row) throw new Error(`Seeding ${user.email} returned no id.`);
      const notifications = user.unreadNotifications + 1;
      for (let n = 0; n < notifications; n += 1) {
        const [title, body] = NOTIFICATION_TEXTS[
          (index + n) % NOTIFICATION_TEXTS.length
        ] as readonly [string, string];
        const read = n === 1; // the second newest is already read, so "unread first" shows
        await tx.query(
          `INSERT INTO notifications (user_id, title, body, created_at, read_at)
           VALUES ($1, $2, $3, $4::timestamptz - make_interval(hours => $5), ${read ? '$4::timestamptz' : 'NULL'})`,
          [row.id, title, body, now.toISOString(), n * 7 + 1],
        );
      }
    }
    const scale = options.scale ?? 1;
    const seed = options.seed ?? DEFAULT_PROGRAM_SEED;
    const program = await seedProgram(tx, { scale, now, seed });
    const mailbackSubmissions = await seedMailback(tx, { scale, now, seed });
    await seedInstructions(tx, now);
    await seedPerformanceTargets(tx, now);
    await seedG2(tx, { scale, now });
    await seedIngestionLog(tx, now);
    await recordDemoSeed(tx, { now, seed, scale });
    return { ...program, mailbackSubmissions };
  });
}
