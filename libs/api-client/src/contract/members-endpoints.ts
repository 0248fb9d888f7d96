import * as v from 'valibot';
import { named, type Endpoint } from './endpoint';
import {
  pageQuery,
  recordIdParams,
  scopedPageSchema,
  scopedQuery,
} from './data-schemas';
import {
  answerSchema,
  CountSchema,
  IdSchema,
  IsoTimestampSchema,
  KgSchema,
  oneOf,
  requiredText,
  searchQuery,
  sortOrders,
} from './common-schemas';
import {
  VersionBodySchema,
  VersionSchema,
  versionedUpdate,
} from './record-schemas';
import { MAX_EMAIL_LENGTH } from './schemas';

/*
 * Member management (decisions D14, D15): the member brands of the
 * collective with their tier, status, contact and this year's figures, and
 * the collective admins' writes on them. GET /api/members stays the
 * specification's list for the member switcher (id, name, code); this
 * table adds the management calls beside it (docs/decisions/0093).
 */

/** A member's tier in the collective: what it pays and what it gets. */
export const MEMBER_TIERS = ['founding', 'full', 'associate'] as const;
/** A member's tier in the collective. */
export type MemberTier = (typeof MEMBER_TIERS)[number];

/**
 * Where a member stands: `onboarding` (joined, no collection yet),
 * `active`, or `deactivated` (kept with its history, never deleted, D14).
 */
export const MEMBER_STATUSES = ['onboarding', 'active', 'deactivated'] as const;
/** Where a member stands. */
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
/** The statuses an admin sets by a create or an edit; deactivation is its own call. */
export const SETTABLE_MEMBER_STATUSES = ['onboarding', 'active'] as const;

/** Longest member name. */
export const MAX_MEMBER_NAME_LENGTH = 120;
/** Longest contact name or phone number. */
export const MAX_MEMBER_CONTACT_LENGTH = 120;

/** Sort orders of GET /api/members/profiles; a leading `-` is descending. */
export const MEMBER_PROFILE_SORTS = sortOrders([
  'name',
  'collected_kg',
  'last_shipment_at',
  'stores',
]);
/** A sort order of GET /api/members/profiles. */
export type MemberProfileSort = (typeof MEMBER_PROFILE_SORTS)[number];

/** Largest page of GET /api/members/profiles. */
export const MAX_MEMBER_PROFILES_PAGE_SIZE = 100;
/** Longest search text of GET /api/members/profiles. */
export const MAX_MEMBER_PROFILES_SEARCH_LENGTH = 100;

/* ------------------------------------------------------------------ */
/* Reads                                                               */
/* ------------------------------------------------------------------ */

/** Query of GET /api/members/profiles: search, status, tier, sort and pages. */
export const MemberProfilesQuerySchema = scopedQuery({
  search: searchQuery(MAX_MEMBER_PROFILES_SEARCH_LENGTH),
  status: v.optional(oneOf(MEMBER_STATUSES, 'status')),
  tier: v.optional(oneOf(MEMBER_TIERS, 'tier')),
  sort: v.optional(oneOf(MEMBER_PROFILE_SORTS, 'sort')),
  ...pageQuery(MAX_MEMBER_PROFILES_PAGE_SIZE),
});

/**
 * A member as member management shows it: who it is, its contact, and its
 * figures in D14's words — stores (active of all), users who may sign in
 * (invited or active), collected weight (net received) this calendar year
 * (UTC) and when its last shipment left.
 */
export const MemberProfileSchema = v.object({
  id: IdSchema,
  name: v.string(),
  code: v.nullable(v.string()),
  tier: v.picklist(MEMBER_TIERS),
  status: v.picklist(MEMBER_STATUSES),
  contact_name: v.nullable(v.string()),
  contact_email: v.nullable(v.string()),
  contact_phone: v.nullable(v.string()),
  stores: CountSchema,
  active_stores: CountSchema,
  users: CountSchema,
  collected_kg_this_year: KgSchema,
  last_shipment_at: v.nullable(IsoTimestampSchema),
  deactivated_at: v.nullable(IsoTimestampSchema),
  version: VersionSchema,
});
/** A member as member management shows it. */
export type MemberProfile = v.InferOutput<typeof MemberProfileSchema>;

/** Response of GET /api/members/profiles: one page of the members in scope. */
export const MemberProfilesPageSchema = scopedPageSchema(
  'member_profiles',
  MemberProfileSchema,
  {
    /** The calendar year (UTC) `collected_kg_this_year` counts. */
    year: v.pipe(v.number(), v.integer()),
  },
);
/** One page of member profiles. */
export type MemberProfilesPage = v.InferOutput<typeof MemberProfilesPageSchema>;

/** The `:id` of one member. */
export const MemberIdParamsSchema = recordIdParams('member');

/** Query of GET /api/members/:id: the data filter's member, as every scoped read takes it. */
export const MemberProfileQuerySchema = scopedQuery();

/** Response of GET /api/members/:id and of every write on a member. */
export const MemberProfileDetailSchema = answerSchema({
  member: MemberProfileSchema,
});
/** One member with its figures. */
export type MemberProfileDetail = v.InferOutput<
  typeof MemberProfileDetailSchema
>;

/* ------------------------------------------------------------------ */
/* Writes (collective admins; versioned and audited, D15)              */
/* ------------------------------------------------------------------ */

/** Optional contact text: trimmed, empty meaning none (stored as `null`); members' and stores' contacts. */
export const contactText = (name: string) =>
  v.pipe(
    v.string(`${name} must be a string`),
    v.trim(),
    v.maxLength(
      MAX_MEMBER_CONTACT_LENGTH,
      `${name} must be at most ${MAX_MEMBER_CONTACT_LENGTH} characters`,
    ),
  );

/** An optional contact email: trimmed, lower-cased, empty meaning none; members' and stores' contacts. */
export const ContactEmailSchema = v.pipe(
  v.string('contact_email must be a string'),
  v.trim(),
  v.maxLength(
    MAX_EMAIL_LENGTH,
    `contact_email must be at most ${MAX_EMAIL_LENGTH} characters`,
  ),
  v.check(
    (text) => text === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text),
    'contact_email must be an email address, like name@brand.com, or empty',
  ),
  v.toLowerCase(),
);

/** What a create and an edit may set on a member, each field named in its messages. */
const memberFields = {
  name: requiredText('name', MAX_MEMBER_NAME_LENGTH),
  tier: oneOf(MEMBER_TIERS, 'tier'),
  status: oneOf(SETTABLE_MEMBER_STATUSES, 'status'),
  contact_name: contactText('contact_name'),
  contact_email: ContactEmailSchema,
  contact_phone: contactText('contact_phone'),
};

/**
 * Body of POST /api/members: a new member brand. Its `code` (2 to 20
 * capitals, digits or `-`) is fixed once made: users and the tenant
 * resolution of D3 hold it.
 */
export const CreateMemberSchema = v.strictObject({
  ...memberFields,
  code: v.pipe(
    v.string('code must be a string'),
    v.trim(),
    v.transform((code) => code.toUpperCase()),
    v.regex(
      /^[A-Z0-9][A-Z0-9-]{1,19}$/,
      'code must be 2 to 20 letters, digits or "-", like LUMEN',
    ),
  ),
});

/** Body of PATCH /api/members/:id: the fields to change, at the version read. */
export const UpdateMemberSchema = versionedUpdate(memberFields);

/** Body of POST /api/members/:id/deactivate: the version read. */
export const MemberVersionSchema = VersionBodySchema;

/**
 * The calls of the members resource (its screens import this table, not
 * the `endpoints` aggregate, so their chunks carry these schemas only).
 */
export const membersEndpoints = /* @__PURE__ */ named({
  memberProfiles: {
    method: 'GET',
    path: '/api/members/profiles',
    summary:
      "Members in scope with tier, status, contact and this year's figures",
    resource: 'members',
    query: MemberProfilesQuerySchema,
    response: MemberProfilesPageSchema,
    auth: 'session',
    audience: 'admins',
    scoped: true,
  },
  memberProfile: {
    method: 'GET',
    path: '/api/members/:id',
    summary: 'One member with its figures (404 outside your scope)',
    resource: 'members',
    params: MemberIdParamsSchema,
    query: MemberProfileQuerySchema,
    response: MemberProfileDetailSchema,
    auth: 'session',
    audience: 'admins',
    scoped: true,
  },
  createMember: {
    method: 'POST',
    path: '/api/members',
    summary: 'Add a member brand (collective admins)',
    resource: 'members',
    body: CreateMemberSchema,
    response: MemberProfileDetailSchema,
    status: 201,
    auth: 'session',
    audience: 'collective-admins',
    audit: { entity: 'member', action: 'create' },
    idempotent: true,
  },
  updateMember: {
    method: 'PATCH',
    path: '/api/members/:id',
    summary:
      "Change a member's name, tier, status or contact (collective admins; 409 when stale)",
    resource: 'members',
    params: MemberIdParamsSchema,
    body: UpdateMemberSchema,
    response: MemberProfileDetailSchema,
    auth: 'session',
    audience: 'collective-admins',
    audit: { entity: 'member', action: 'update' },
  },
  deactivateMember: {
    method: 'POST',
    path: '/api/members/:id/deactivate',
    summary:
      'Deactivate a member: kept with its history, never deleted (collective admins; 409 when stale)',
    resource: 'members',
    params: MemberIdParamsSchema,
    body: MemberVersionSchema,
    response: MemberProfileDetailSchema,
    auth: 'session',
    audience: 'collective-admins',
    audit: { entity: 'member', action: 'deactivate' },
  },
} as const satisfies Record<string, Endpoint>);
