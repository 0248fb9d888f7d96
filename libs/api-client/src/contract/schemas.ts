import * as v from 'valibot';
import {
  IsoTimestampSchema,
  answerSchema,
  wholeNumberInput,
} from './common-schemas';
import { TENANT_CODES } from './tenant-codes';

/** Longest email address a mail system accepts (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;
/** Upper bound on a password; longer input is refused before any hashing work. */
export const MAX_PASSWORD_LENGTH = 1024;

/** Body of POST /api/auth/login. Unknown keys are refused. */
export const LoginRequestSchema = v.strictObject({
  email: v.pipe(
    v.string('email must be a string'),
    v.nonEmpty('email is required'),
    v.maxLength(
      MAX_EMAIL_LENGTH,
      `email must be at most ${MAX_EMAIL_LENGTH} characters`,
    ),
    v.email('email must be an email address'),
  ),
  password: v.pipe(
    v.string('password must be a string'),
    v.nonEmpty('password is required'),
    v.maxLength(
      MAX_PASSWORD_LENGTH,
      `password must be at most ${MAX_PASSWORD_LENGTH} characters`,
    ),
  ),
});
/** Credentials sent to POST /api/auth/login. */
export type LoginRequest = v.InferOutput<typeof LoginRequestSchema>;

/**
 * The signed-in user as the login and current-user calls return it
 * (specification §3). Optional fields are normalised: absent or null
 * becomes `null`, a missing `isPactStaff` becomes `false`.
 */
export const UserSchema = v.object({
  name: v.nullish(v.string(), null),
  email: v.string(),
  role: v.string(),
  member_id: v.nullish(v.pipe(v.number(), v.integer()), null),
  member_code: v.nullish(v.string(), null),
  allowed_tenant_id: v.nullish(v.pipe(v.number(), v.integer()), null),
  isPactStaff: v.nullish(v.boolean(), false),
});
/** The signed-in user. */
export type User = v.InferOutput<typeof UserSchema>;

/** Response of POST /api/auth/login. */
export const LoginResponseSchema = v.object({
  token: v.pipe(v.string(), v.nonEmpty()),
  user: UserSchema,
});
/** Token and user returned by a successful login. */
export type LoginResponse = v.InferOutput<typeof LoginResponseSchema>;

/** Response of GET /api/auth/me. */
export const MeResponseSchema = answerSchema({
  user: UserSchema,
});
/** The current user, as GET /api/auth/me returns it. */
export type MeResponse = v.InferOutput<typeof MeResponseSchema>;

/** Response of POST /api/auth/logout (the body is optional). */
export const LogoutResponseSchema = answerSchema({});

/** A member brand of the collective. */
export const MemberSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  name: v.string(),
  code: v.nullish(v.string(), null),
});
/** A member brand of the collective. */
export type Member = v.InferOutput<typeof MemberSchema>;

/** Response of GET /api/members: the list is under `members` or `data` (specification §7). */
export const MembersResponseSchema = v.pipe(
  answerSchema({
    members: v.optional(v.array(MemberSchema)),
    data: v.optional(v.array(MemberSchema)),
  }),
  v.check(
    (body) => body.members !== undefined || body.data !== undefined,
    'expected a "members" or "data" array',
  ),
  v.transform((body): Member[] => body.members ?? body.data ?? []),
);

/** Query of GET /api/members: the full list (super admin only) or names only. */
export const MembersQuerySchema = v.strictObject({
  all: v.optional(v.picklist(['true', 'false'])),
  names_only: v.optional(v.picklist(['true', 'false'])),
});

/** Validates a tenant code: exactly one of {@link TENANT_CODES}, case-sensitive. */
export const TenantCodeSchema = v.picklist(
  TENANT_CODES,
  `tenant code must be one of ${TENANT_CODES.join(', ')}`,
);

/** Response of GET /api/notifications?unread=true. */
export const UnreadCountResponseSchema = v.object({
  unread_count: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

/**
 * Query of GET /api/notifications: `unread=true` asks for the unread count
 * (specification §7); no query asks for the list. Anything else is refused.
 */
export const NotificationsQuerySchema = v.strictObject({
  unread: v.optional(
    v.literal('true', 'unread must be "true", or left out for the list'),
  ),
});

/** Largest notification id (PostgreSQL `integer`). */
export const MAX_NOTIFICATION_ID = 2_147_483_647;

/** Id of a notification: a whole number from 1 to {@link MAX_NOTIFICATION_ID}. */
export const NotificationIdSchema = wholeNumberInput(
  'notification id',
  1,
  MAX_NOTIFICATION_ID,
);

/**
 * The `:id` path parameter of POST /api/notifications/:id/read: decimal
 * digits without sign or leading zero, turned into a {@link NotificationIdSchema} number.
 */
export const NotificationIdParamSchema = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,9}$/, 'notification id must be a positive whole number'),
  v.transform(Number),
  NotificationIdSchema,
);

/** One notification of the signed-in user; `read_at` is null while unread. */
export const NotificationSchema = v.object({
  id: NotificationIdSchema,
  title: v.string(),
  body: v.string(),
  created_at: IsoTimestampSchema,
  read_at: v.nullable(IsoTimestampSchema),
});
/** One notification of the signed-in user. */
export type Notification = v.InferOutput<typeof NotificationSchema>;

/** Response of GET /api/notifications: the caller's notifications, newest first. */
export const NotificationsResponseSchema = answerSchema({
  notifications: v.array(NotificationSchema),
});
/** The caller's notifications, as GET /api/notifications returns them. */
export type NotificationsResponse = v.InferOutput<
  typeof NotificationsResponseSchema
>;

/** Response of POST /api/notifications/:id/read. */
export const MarkReadResponseSchema = v.object({
  success: v.literal(true),
});

/** An error body as servers send it: `error` and/or `message` text. */
export const ErrorBodySchema = v.object({
  error: v.optional(v.string()),
  message: v.optional(v.string()),
});
/** An error body as servers send it. */
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;
