import * as v from 'valibot';
import { named, type Endpoint } from './endpoint';
import {
  answerSchema,
  CountSchema,
  IsoTimestampSchema,
} from './common-schemas';

/*
 * Demo clean-up (decisions D20, docs/decisions/0096): what was made after
 * the demo seed and which seeded records were edited since, as a plan (the
 * dry run, GET), and the clean-up itself (POST), which deletes the one and
 * restores the other in one transaction once the person types the
 * confirmation phrase. The super admin only.
 */

/** What the person types to confirm a clean-up. */
export const DEMO_CLEANUP_CONFIRMATION = 'clean up the demo';

/**
 * What the clean-up does to a kind of record: `delete` what was made after
 * the seed, `restore` a seeded record to its seeded values, `retire` (keep,
 * deactivated or revoked) what was made after the seed but is named by the
 * audit trail, which is never edited or deleted.
 */
export const DEMO_CLEANUP_ACTIONS = ['delete', 'restore', 'retire'] as const;
/** What the clean-up does to a kind of record. */
export type DemoCleanupAction = (typeof DEMO_CLEANUP_ACTIONS)[number];

/** Items of a kind listed in a plan at most; `count` says how many there are. */
export const MAX_DEMO_CLEANUP_ITEMS = 100;

/** One record the clean-up would touch: its id and how a person recognises it. */
export const DemoCleanupItemSchema = v.object({
  id: v.string(),
  label: v.string(),
  /** What changed (a restore: the fields or the audited actions), or more about it. */
  detail: v.nullable(v.string()),
});

/** A kind of record and what the clean-up does to how many of it, in a plan and in its result. */
const kindEntries = {
  /** Stable key, e.g. `shipments`, `restore-members`. */
  kind: v.string(),
  label: v.string(),
  action: v.picklist(DEMO_CLEANUP_ACTIONS),
  count: CountSchema,
};

/** One kind of record in a plan: what is done to it, how many, and the first of them. */
export const DemoCleanupKindSchema = v.object({
  ...kindEntries,
  /** The first {@link MAX_DEMO_CLEANUP_ITEMS} records, in id order. */
  items: v.array(DemoCleanupItemSchema),
});
/** One kind of record in a clean-up plan. */
export type DemoCleanupKind = v.InferOutput<typeof DemoCleanupKindSchema>;

/** The dry run: what a clean-up would do now, every kind listed (zero counts too). */
export const DemoCleanupPlanSchema = v.object({
  /** The time the demo seed's dates count back from. */
  seeded_at: IsoTimestampSchema,
  /** When the demo was last cleaned up, if ever. */
  cleaned_at: v.nullable(IsoTimestampSchema),
  /** Fingerprint of the plan: a clean-up names the plan it confirms (409 when it changed). */
  plan: v.string(),
  /** What the person must type. */
  confirmation: v.literal(DEMO_CLEANUP_CONFIRMATION),
  /** Records the clean-up would touch, all kinds together. */
  total: CountSchema,
  kinds: v.array(DemoCleanupKindSchema),
});
/** The dry run of a demo clean-up. */
export type DemoCleanupPlan = v.InferOutput<typeof DemoCleanupPlanSchema>;

/** GET /api/demo-cleanup's answer. */
export const DemoCleanupPlanResponseSchema = answerSchema({
  plan: DemoCleanupPlanSchema,
});

/** POST /api/demo-cleanup's body: the typed phrase and the plan it confirms. */
export const DemoCleanupRequestSchema = v.object({
  confirmation: v.pipe(
    v.string('confirmation must be a string'),
    v.maxLength(200, 'confirmation must be at most 200 characters'),
  ),
  plan: v.pipe(
    v.string('plan must be a string'),
    v.regex(/^[0-9a-f]{16}$/, 'plan must be the fingerprint of a dry run'),
  ),
});

/** What a clean-up did, per kind (the plan it carried out), and the plan now. */
export const DemoCleanupResultSchema = answerSchema({
  done: v.array(v.object(kindEntries)),
  plan: DemoCleanupPlanSchema,
});

/** The calls of /demo-cleanup (decisions D20): the super admin only. */
export const demoCleanupEndpoints = /* @__PURE__ */ named({
  demoCleanupPlan: {
    method: 'GET',
    path: '/api/demo-cleanup',
    summary:
      'Dry run: what was made after the demo seed and which seeded records changed',
    resource: 'demo-cleanup',
    response: DemoCleanupPlanResponseSchema,
    auth: 'session',
    audience: 'super-admin',
  },
  cleanUpDemo: {
    method: 'POST',
    path: '/api/demo-cleanup',
    summary:
      'Delete what was made after the demo seed and restore the seeded records (typed confirmation)',
    resource: 'demo-cleanup',
    body: DemoCleanupRequestSchema,
    response: DemoCleanupResultSchema,
    auth: 'session',
    audience: 'super-admin',
    audit: { entity: 'demo', action: 'cleanup' },
  },
} as const satisfies Record<string, Endpoint>);
