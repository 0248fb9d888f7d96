import { DEMO_CLEANUP_CONFIRMATION } from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';
import { readDemoSeed } from '../db/demo-seed-record';
import { resourceRoutes } from '../http/declare-route';
import { Refusal } from '../http/error-replies';
import { allowSilence } from '../http/request-guards';
import {
  carryOutDemoCleanup,
  lockDemoTables,
  programRestored,
} from './demo-cleanup';

/**
 * The largest seed scale whose program the clean-up writes again in its
 * request (the demo's is 1: seconds); the benchmark's 100 would take
 * minutes (docs/decisions/0096).
 */
export const MAX_RESTORED_SCALE = 1;

/** How long a clean-up's connection may stay silent while it works. */
const CLEANUP_TIMEOUT_MS = 5 * 60_000;
import { planDemoCleanup } from './demo-plan';

/** The seed's record, or the 409 of a database that has none. */
async function seedRecord(db: SqlRunner) {
  const seed = await readDemoSeed(db);
  if (!seed) {
    throw new Refusal(
      409,
      'No demo seed',
      'This database has no record of a demo seed (it was seeded before the demo clean-up existed, or holds real data), so nothing can be told apart from the seed; nothing was changed.',
    );
  }
  return seed;
}

/**
 * Demo clean-up (decisions D20, docs/decisions/0096), the super admin only
 * (the route layer answers 403 to everyone else): GET the dry run, POST
 * the clean-up with the typed confirmation and the fingerprint of the dry
 * run it confirms. The clean-up runs in the route layer's one transaction
 * with its audit event (entity `demo`, counts per kind before and after);
 * a wrong phrase is 400 and a changed plan 409 with the plan now, both
 * before anything is written.
 */
export const demoCleanupRoutes = resourceRoutes({
  async demoCleanupPlan({ db }) {
    return {
      success: true,
      plan: await planDemoCleanup(db, await seedRecord(db)),
    };
  },

  async cleanUpDemo({ db, body, services, now, request }) {
    if (body.confirmation.trim().toLowerCase() !== DEMO_CLEANUP_CONFIRMATION) {
      throw new Refusal(
        400,
        'Bad request',
        `Type "${DEMO_CLEANUP_CONFIRMATION}" to confirm; nothing was changed.`,
      );
    }
    const seed = await seedRecord(db);
    await lockDemoTables(db);
    const plan = await planDemoCleanup(db, seed);
    if (plan.plan !== body.plan) {
      throw new Refusal(
        409,
        'Conflict',
        'The demo changed since your dry run; nothing was changed. Review the new dry run and confirm again.',
        { plan },
      );
    }
    if (seed.scale > MAX_RESTORED_SCALE && programRestored(plan)) {
      throw new Refusal(
        409,
        'Too large',
        `This database holds the program at scale ${seed.scale}; writing it again would take minutes, so the clean-up restores the demo data set (scale ${MAX_RESTORED_SCALE}) only. Start from a fresh database instead; nothing was changed.`,
      );
    }
    // The program's restore writes thousands of rows: give the answer time.
    allowSilence(request, CLEANUP_TIMEOUT_MS);
    await carryOutDemoCleanup(db, seed, plan, services.sessionCache, now);
    const done = plan.kinds
      .filter((kind) => kind.count > 0)
      .map(({ kind, label, action, count }) => ({
        kind,
        label,
        action,
        count,
      }));
    const next = await planDemoCleanup(db, (await readDemoSeed(db)) ?? seed);
    const counts = (p: typeof plan) =>
      Object.fromEntries(p.kinds.map((kind) => [kind.kind, kind.count]));
    return {
      answer: { success: true, done, plan: next },
      change: {
        id: 'demo',
        memberId: null,
        before: { seeded_at: plan.seeded_at, ...counts(plan) },
        after: { cleaned_at: now.toISOString(), ...counts(next) },
      },
    };
  },
});
