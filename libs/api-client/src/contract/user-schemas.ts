import * as v from 'valibot';
import { USER_ROLES } from './role-grants';
import {
  answerSchema,
  IdSchema,
  IsoTimestampSchema,
  oneOf,
  pageEntries,
  requiredText,
  searchQuery,
  sortOrders,
  wholeNumberInput,
} from './common-schemas';
import { MAX_RECORD_ID, recordIdParams } from './data-schemas';
import {
  PositiveText,
  positivePageQuery,
  VersionBodySchema,
  VersionSchema,
  versionedUpdate,
} from './record-schemas';
import {
  LoginResponseSchema,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
} from './schemas';

/*
 * Users, invitations, password resets and the mail outbox (decisions D16).
 */

/** Shortest password a person may choose (decisions D16). */
export const MIN_NEW_PASSWORD_LENGTH = 12;
/** Days an invitation link stays valid (decisions D16). */
export const INVITATION_TTL_DAYS = 7;
/** Minutes a password-reset link stays valid (decisions D16). */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** Longest name of a user. */
export const MAX_USER_NAME_LENGTH = 120;
/** Most users on one page of the list. */
export const MAX_USERS_PAGE_SIZE = 100;

/** Where a user's account stands (decisions D16). */
export const USER_STATUSES = ['invited', 'active', 'deactivated'] as const;
/** Where a user's account stands. */
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * A new password as the accept-invitation and reset pages send it: at
 * least {@link MIN_NEW_PASSWORD_LENGTH} characters. The server also refuses
 * the most common passwords (a list too large for the browser).
 */
export const NewPasswordSchema = v.pipe(
  v.string('password must be a string'),
  v.minLength(
    MIN_NEW_PASSWORD_LENGTH,
    `Choose a password of at least ${MIN_NEW_PASSWORD_LENGTH} characters; a few unrelated words make a strong one.`,
  ),
  v.maxLength(
    MAX_PASSWORD_LENGTH,
    `password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  ),
);

const EmailSchema = v.pipe(
  requiredText('email', MAX_EMAIL_LENGTH),
  v.email('email must be an email address'),
  v.toLowerCase(),
);
const NameSchema = requiredText('name', MAX_USER_NAME_LENGTH);
const RoleSchema = oneOf(USER_ROLES, 'role');
const MemberIdSchema = v.nullable(
  wholeNumberInput(
    'member_id',
    1,
    MAX_RECORD_ID,
    'member_id must be a number or null',
  ),
);

/** A user as the user list and detail show them; never a password or token. */
export const ManagedUserSchema = v.object({
  id: IdSchema,
  email: v.string(),
  name: v.string(),
  role: v.string(),
  member_id: v.nullable(IdSchema),
  member_name: v.nullable(v.string()),
  status: v.picklist(USER_STATUSES),
  last_sign_in_at: v.nullable(IsoTimestampSchema),
  created_at: IsoTimestampSchema,
  /** When the open invitation expires, for an invited user. */
  invitation_expires_at: v.nullable(IsoTimestampSchema),
  version: VersionSchema,
});
/** A user as the user list and detail show them. */
export type ManagedUser = v.InferOutput<typeof ManagedUserSchema>;

/** Sort orders of the user list. */
export const USER_SORTS = sortOrders(['name', 'email', 'last_sign_in_at']);
/** An order of the user list, as the API writes it (`-` for descending). */
export type UserSort = (typeof USER_SORTS)[number];

/** Query of GET /api/users. */
export const UsersQuerySchema = v.strictObject({
  search: searchQuery(200),
  status: v.optional(v.picklist(USER_STATUSES, 'status must be a user status')),
  role: v.optional(RoleSchema),
  sort: v.optional(v.picklist(USER_SORTS, 'sort must be a user list order')),
  member_id: v.optional(PositiveText('member_id', MAX_RECORD_ID)),
  ...positivePageQuery(MAX_USERS_PAGE_SIZE),
});

/** Response of GET /api/users: one page. */
export const UsersPageSchema = answerSchema({
  users: v.array(ManagedUserSchema),
  ...pageEntries,
});

/** `:id` of a user. */
export const UserIdParamsSchema = recordIdParams('user');

/** Response of GET /api/users/:id and of the writes on one user. */
export const ManagedUserResponseSchema = answerSchema({
  user: ManagedUserSchema,
});

/** Body of POST /api/users: invite a person by email. */
export const InviteUserSchema = v.strictObject({
  email: EmailSchema,
  name: NameSchema,
  role: RoleSchema,
  member_id: MemberIdSchema,
});

/**
 * A sent invitation or reset link. `link` is there only when the mail
 * stayed in the outbox (no SMTP), so the admin can pass it on (D16).
 */
export const SentLinkSchema = v.object({
  expires_at: IsoTimestampSchema,
  delivered_by: v.picklist(['smtp', 'outbox']),
  link: v.nullable(v.string()),
});

/** Response of POST /api/users and of a resend. */
export const InvitationResponseSchema = answerSchema({
  user: ManagedUserSchema,
  invitation: SentLinkSchema,
});

/** Response of POST /api/users/:id/password-reset. */
export const PasswordResetSentSchema = answerSchema({
  user: ManagedUserSchema,
  reset: SentLinkSchema,
});

/** Body of PATCH /api/users/:id: a new name and/or role, at a version. */
export const UpdateUserSchema = versionedUpdate({
  name: NameSchema,
  role: RoleSchema,
  member_id: MemberIdSchema,
});

/** Body of a state change on a user (deactivate, reactivate), at a version. */
export const UserVersionSchema = VersionBodySchema;

/** A token of an invitation or reset link, as the public pages send it. */
const LinkTokenSchema = v.pipe(
  v.string('token must be a string'),
  v.regex(/^[\w-]{20,100}$/, 'token must be the code of a link'),
);

/** What a link is for. */
export const LINK_PURPOSES = ['invitation', 'password_reset'] as const;

/** Body of POST /api/auth/links: what a link from a mail is, before using it. */
export const CheckLinkSchema = v.strictObject({
  token: LinkTokenSchema,
  purpose: v.picklist(LINK_PURPOSES),
});

/** Response of POST /api/auth/links: whose link it is, and until when. */
export const LinkInfoSchema = v.object({
  purpose: v.picklist(LINK_PURPOSES),
  email: v.string(),
  name: v.string(),
  expires_at: IsoTimestampSchema,
});

/** Body of POST /api/auth/accept-invitation. */
export const AcceptInvitationSchema = v.strictObject({
  token: LinkTokenSchema,
  password: NewPasswordSchema,
});

/** Response of POST /api/auth/accept-invitation: the new user is signed in. */
export const AcceptInvitationResponseSchema = LoginResponseSchema;

/** Body of POST /api/auth/reset-password. */
export const ResetPasswordSchema = v.strictObject({
  token: LinkTokenSchema,
  password: NewPasswordSchema,
});

/** One message of the mail outbox (D16). */
export const OutboxMessageSchema = v.object({
  id: IdSchema,
  to: v.string(),
  subject: v.string(),
  body: v.string(),
  purpose: v.string(),
  created_at: IsoTimestampSchema,
  delivered_by: v.picklist(['smtp', 'outbox']),
  sent_at: v.nullable(IsoTimestampSchema),
});

/** Response of GET /api/outbox: the newest messages. */
export const OutboxResponseSchema = answerSchema({
  messages: v.array(OutboxMessageSchema),
});
