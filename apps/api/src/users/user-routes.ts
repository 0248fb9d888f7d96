import {
  ADMIN_ROLE,
  ADMIN_ROLE_OF,
  adminKindOf,
  BRAND_ROLES,
  heldMemberOf,
  INVITATION_TTL_DAYS,
  isPlatformGrant,
  judgeGrant,
  judgeManagement,
  PASSWORD_RESET_TTL_MINUTES,
  SUPER_ADMIN_ROLE,
  type DataScope,
  type GrantVerdict,
  type RoleGrant,
} from '@collective/api-client/contract';
import type { FastifyRequest } from 'fastify';
import { callerOf, type Caller } from '../auth/authenticate';
import { hashPassword } from '../auth/password';
import {
  createSession,
  forgetUserSessions,
  revokeUserSessions,
} from '../auth/sessions';
import { findUserById, toContractUser } from '../auth/users';
import type { SqlRunner } from '../db/database';
import { isoTime } from '../db/iso-time';
import { resourceRoutes, type RouteServices } from '../http/declare-route';
import { askedPage, pageClause } from '../http/paging';
import { notFound, Refusal, staleVersion } from '../http/error-replies';
import {
  findOpenLink,
  issueLink,
  revokeLinks,
  useLink,
  type LinkPurpose,
} from './link-tokens';
import { containsPattern, Where } from '../db/where';
import { mailFromWrite } from '../mail/mail';
import { maskEmail } from '../mailback/masking';
import { submissionReference } from '../mailback/submissions';
import { checkNewPassword } from './new-password';
import {
  auditedUser,
  MANAGED_USER_COLUMNS,
  readManagedUser,
  toManagedUser,
  type ManagedUserRow,
} from './user-records';

const DAY_MS = 24 * 60 * 60 * 1000;
const INVITATION_TTL_MS = INVITATION_TTL_DAYS * DAY_MS;
const PASSWORD_RESET_TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60 * 1000;

const USER_SORT_SQL: Record<string, string> = {
  name: 'u.name ASC, u.id ASC',
  '-name': 'u.name DESC, u.id DESC',
  email: 'u.email ASC',
  '-email': 'u.email DESC',
  last_sign_in_at: 'u.last_sign_in_at ASC NULLS FIRST, u.id ASC',
  '-last_sign_in_at': 'u.last_sign_in_at DESC NULLS LAST, u.id DESC',
};

/** The text of a link in a mail: the public page, the token after `#` (never sent to servers or in a Referer). */
function linkTo(
  services: RouteServices,
  request: FastifyRequest,
  page: 'accept-invitation' | 'reset-password',
  token: string,
): string {
  const origin = services.publicUrl ?? `${request.protocol}://${request.host}`;
  return `${origin.replace(/\/+$/, '')}/${page}#token=${token}`;
}

/** The brand roles in words: "admin, brand_operator and brand_viewer". */
const BRAND_ROLE_LIST = `${BRAND_ROLES.slice(0, -1).join(', ')} and ${BRAND_ROLES.at(-1)}`;

/** Answers a verdict other than `allowed` with its status (404, 403, 400). */
function enforce(verdict: GrantVerdict, subject: string): void {
  if (verdict === 'allowed') return;
  if (verdict === 'not-found')
    notFound(`There is no ${subject} in your member.`);
  if (verdict === 'forbidden') {
    throw new Refusal(
      403,
      'Forbidden',
      `Only the super admin makes or manages platform admins and super admins; brand admins give ${BRAND_ROLE_LIST} of their own member.`,
    );
  }
  throw new Refusal(
    400,
    'Invalid role',
    `${SUPER_ADMIN_ROLE} is held without a member; ${ADMIN_ROLE} without a member is a platform admin; ${BRAND_ROLE_LIST} of a brand need its member_id.`,
  );
}

/** The grant as stored: a super admin holds no member. */
function normalGrant(grant: RoleGrant): RoleGrant {
  return { role: grant.role, member_id: heldMemberOf(grant) };
}

/**
 * Whether a user lies in the caller's data scope (decisions D12): any
 * user for the whole collective's scope, else the scope's member's only
 * (so on the kiehls tenant, Kiehl's users).
 */
function inScope(row: { member_id: number | null }, scope: DataScope): boolean {
  return scope.memberId === null || row.member_id === scope.memberId;
}

/**
 * A user the caller may manage, locked for the write; 404 when there is
 * none or it lies outside the caller's member, 403 when the caller's role
 * may not manage theirs (decisions D16).
 */
async function managedTarget(
  db: SqlRunner,
  caller: Caller,
  scope: DataScope,
  id: number,
): Promise<ManagedUserRow> {
  const row = await readManagedUser(db, id, true);
  if (!row || !inScope(row, scope))
    notFound(`There is no user ${id} in your member.`);
  const verdict = judgeManagement(caller.access, row);
  if (verdict === 'not-found')
    notFound(`There is no user ${id} in your member.`);
  enforce(verdict, `user ${id}`);
  return row;
}

/** 409 with the current record when an edit was made against an older version (D15). */
function checkVersion(row: ManagedUserRow, version: number): void {
  if (row.version !== version) {
    staleVersion(`User ${row.email}`, version, row.version, toManagedUser(row));
  }
}

/** Refuses a change that acts on the caller's own account (D16). */
function refuseSelf(caller: Caller, row: ManagedUserRow, what: string): void {
  if (caller.user.id === row.id) {
    throw new Refusal(
      403,
      'Forbidden',
      `You cannot ${what} your own account; ask another admin to do it.`,
    );
  }
}

/** First key of the advisory locks of the "last admin" rule ("ladm"); the second is the member (0: the super admins). */
const LAST_ADMIN_LOCK_CLASS = 0x6c61646d;

/**
 * Refuses removing the last active admin of a member, or the last active
 * super admin (D16), when `row` stops holding its admin role (`next` is
 * its new grant, or `null` when it stops being active).
 */
async function keepLastAdmin(
  db: SqlRunner,
  row: ManagedUserRow,
  next: RoleGrant | null,
): Promise<void> {
  if (row.status !== 'active') return;
  const kind = adminKindOf(row);
  if (kind === null) return;
  if (
    next !== null &&
    adminKindOf(next) === kind &&
    (kind === 'super' || next.member_id === row.member_id)
  ) {
    return;
  }
  // One removal of an admin at a time per member (or among the super
  // admins), so two admins demoting each other at once cannot both pass
  // the count below: the second counts after the first has committed.
  await db.query('SELECT pg_advisory_xact_lock($1, $2)', [
    LAST_ADMIN_LOCK_CLASS,
    kind === 'super' ? 0 : row.member_id,
  ]);
  // The member's admins, or (no member) the super admins, but this one.
  const [other] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users
      WHERE role = $2 AND status = 'active' AND id <> $1
        AND ($3::int IS NULL OR member_id = $3)`,
    [row.id, ADMIN_ROLE_OF[kind], kind === 'super' ? null : row.member_id],
  );
  if ((other?.n ?? 0) === 0) {
    throw new Refusal(
      409,
      'Last admin',
      kind === 'super'
        ? 'This is the last active super admin; make another user super admin first.'
        : `This is the last active admin of ${row.member_name ?? `member ${row.member_id}`}; make another of its users admin first.`,
    );
  }
}

/** Ends every session and API key of a user at once (deactivation). */
async function endAccess(
  services: RouteServices,
  db: SqlRunner,
  userId: number,
  now: Date,
): Promise<{ sessions: number; apiKeys: number }> {
  const ended = await revokeUserSessions(
    db,
    services.sessionCache,
    userId,
    now,
  );
  const keys = await db.query<{ id: number }>(
    'UPDATE api_keys SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL RETURNING id',
    [userId, now],
  );
  return { sessions: ended, apiKeys: keys.length };
}

/** Makes a link, queues its mail, and says how it went out (the link itself only for the outbox). */
async function sendLink(
  call: {
    services: RouteServices;
    request: FastifyRequest;
    db: SqlRunner;
    now: Date;
    caller: Caller;
  },
  user: ManagedUserRow,
  purpose: LinkPurpose,
) {
  const { services, request, db, now, caller } = call;
  const invitation = purpose === 'invitation';
  const issued = await issueLink(
    db,
    user.id,
    purpose,
    caller.user.id,
    now,
    invitation ? INVITATION_TTL_MS : PASSWORD_RESET_TTL_MS,
  );
  const link = linkTo(
    services,
    request,
    invitation ? 'accept-invitation' : 'reset-password',
    issued.token,
  );
  const { transport } = await mailFromWrite(call, {
    to: user.email,
    subject: invitation
      ? 'You are invited to the Collective Dashboard'
      : 'Reset your Collective Dashboard password',
    body: invitation
      ? `Hello ${user.name},\n\n${caller.user.name} invited you to the Collective Dashboard. Choose your password here (the link works once, for ${INVITATION_TTL_DAYS} days):\n\n${link}\n\nIf you did not expect this, ignore this mail.`
      : `Hello ${user.name},\n\nAn administrator sent you a link to choose a new password (it works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes):\n\n${link}\n\nIf you did not ask for it, ignore this mail; your password stays as it is.`,
    purpose,
    userId: user.id,
    memberId: user.member_id,
  });
  return {
    expires_at: issued.expiresAt.toISOString(),
    delivered_by: transport,
    link: transport === 'outbox' ? link : null,
  };
}

/** The refusal of a link that cannot be used, said so a person knows what to do. */
function deadLink(purpose: LinkPurpose): Refusal {
  return new Refusal(
    410,
    'Link expired',
    purpose === 'invitation'
      ? 'This invitation link was used already, has expired or was withdrawn. Ask your administrator to send a new one.'
      : 'This password-reset link was used already or has expired. Ask your administrator to send a new one.',
  );
}

/** An open link and its user in the state the purpose needs, locked; 410 otherwise. */
async function usableLink(
  db: SqlRunner,
  token: string,
  purpose: LinkPurpose,
  now: Date,
  lock: boolean,
) {
  const link = await findOpenLink(db, token, purpose, now, lock);
  const user = link && (await readManagedUser(db, link.userId, lock));
  const wanted = purpose === 'invitation' ? 'invited' : 'active';
  if (!link || !user || user.status !== wanted) throw deadLink(purpose);
  return { link, user };
}

/** The caller a person is when they act for themselves through a mailed link (the audit event names them). */
async function callerActingAs(db: SqlRunner, id: number): Promise<Caller> {
  const user = await findUserById(db, id);
  if (!user) throw new Error(`user ${id} is not active`);
  return callerOf(user, null);
}

/** Whose a change is in the audit trail: the user's member. */
const changeOf = (
  before: ManagedUserRow | null,
  after: ManagedUserRow,
  extra: Record<string, unknown> = {},
) => ({
  id: after.id,
  memberId: after.member_id,
  before: before && auditedUser(before),
  after: { ...auditedUser(after), ...extra },
});

async function reread(db: SqlRunner, id: number): Promise<ManagedUserRow> {
  const row = await readManagedUser(db, id);
  if (!row) throw new Error(`user ${id} vanished`);
  return row;
}

/**
 * User management (decisions D16), every rule enforced here with the
 * contract's `judgeGrant` / `judgeManagement`:
 * - lists and reads: collective admins every user, brand admins their
 *   member's (another member's user is 404);
 * - invite with a role the caller may give (another member: 404; a
 *   platform role by anyone but the super admin: 403); a single-use link
 *   (SHA-256 stored, 7 days) by mail, or kept in the outbox with the link
 *   handed to the inviting admin;
 * - resend and revoke an invitation; change name or role; deactivate
 *   (sessions and API keys end at once) and reactivate; a password-reset
 *   link (1 hour); sign a user out everywhere;
 * - nobody changes their own role or deactivates themselves, and the last
 *   active admin of a member and the last super admin stay;
 * - the public accept-invitation and reset-password calls.
 * Each write is one audit event with the user's fields before and after,
 * never a password, hash or token.
 */
export const userRoutes = resourceRoutes({
  async users({ query, scope, db }) {
    const asked = askedPage(query, 25);
    const where = new Where();
    if (scope.memberId !== null)
      where.add(`u.member_id = ${where.param(scope.memberId)}`);
    if (query.status) where.add(`u.status = ${where.param(query.status)}`);
    if (query.role) where.add(`u.role = ${where.param(query.role)}`);
    if (query.search) {
      const pattern = where.param(containsPattern(query.search));
      where.add(`(u.name ILIKE ${pattern} OR u.email ILIKE ${pattern})`);
    }
    const filter = where.sql;
    const [count] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users u ${filter}`,
      where.params,
    );
    const rows = await db.query<ManagedUserRow>(
      `SELECT ${MANAGED_USER_COLUMNS}
         FROM users u LEFT JOIN members m ON m.id = u.member_id
         ${filter}
        ORDER BY ${USER_SORT_SQL[query.sort ?? 'name']}
        ${pageClause(asked, where.param)}`,
      where.params,
    );
    return {
      success: true,
      users: rows.map(toManagedUser),
      total: count?.n ?? 0,
      ...asked,
    };
  },

  async user({ params, caller, scope, db }) {
    const row = await readManagedUser(db, params.id);
    // Reading is managing's scope: a brand admin sees their member only;
    // collective admins see everyone (also those only the super admin
    // manages), but on the kiehls tenant Kiehl's users only.
    if (
      !row ||
      !inScope(row, scope) ||
      judgeManagement(caller.access, row) === 'not-found'
    ) {
      notFound(`There is no user ${params.id} in your member.`);
    }
    return { success: true, user: toManagedUser(row) };
  },

  async inviteUser(call) {
    const { body, caller, scope, db } = call;
    const grant = normalGrant({ role: body.role, member_id: body.member_id });
    enforce(judgeGrant(caller.access, grant), `member ${grant.member_id}`);
    // On the kiehls tenant, Kiehl's users only (D12), as for a brand admin.
    if (grant.member_id !== null && !inScope(grant, scope)) {
      notFound(`There is no member ${grant.member_id} in your data scope.`);
    }
    let memberCode: string | null = null;
    if (grant.member_id !== null) {
      const [member] = await db.query<{ code: string | null }>(
        'SELECT code FROM members WHERE id = $1',
        [grant.member_id],
      );
      if (!member) notFound(`There is no member ${grant.member_id}.`);
      memberCode = member.code;
    }
    const platform = isPlatformGrant(grant);
    const [existing] = await db.query<{ id: number }>(
      'SELECT id FROM users WHERE email = $1 FOR UPDATE',
      [body.email],
    );
    let before: ManagedUserRow | null = null;
    let id: number;
    if (existing) {
      before = await reread(db, existing.id);
      // Someone invited before and withdrawn, who never set a password, may
      // be invited again; anyone else already has an account.
      if (before.status !== 'deactivated' || before.has_password) {
        throw new Refusal(
          409,
          'Already a user',
          before.status === 'invited'
            ? `${body.email} is already invited; resend the invitation instead.`
            : `${body.email} already has an account; change its role or reactivate it instead.`,
        );
      }
      enforce(judgeManagement(caller.access, before), `user ${before.id}`);
      await db.query(
        `UPDATE users SET name = $2, role = $3, member_id = $4, member_code = $5,
                is_pact_staff = $6, status = 'invited', deactivated_at = NULL,
                version = version + 1
          WHERE id = $1`,
        [
          existing.id,
          body.name,
          grant.role,
          grant.member_id,
          memberCode,
          platform,
        ],
      );
      id = existing.id;
    } else {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO users (email, name, role, member_id, member_code, allowed_tenant_id,
                            is_pact_staff, password_hash, status)
         VALUES ($1, $2, $3, $4, $5, NULL, $6, NULL, 'invited') RETURNING id`,
        [
          body.email,
          body.name,
          grant.role,
          grant.member_id,
          memberCode,
          platform,
        ],
      );
      if (!row) throw new Error('INSERT INTO users returned no row');
      id = row.id;
    }
    const invited = await reread(db, id);
    const invitation = await sendLink(call, invited, 'invitation');
    const after = await reread(db, id);
    return {
      answer: { success: true, user: toManagedUser(after), invitation },
      change: changeOf(before, after, {
        invitation_expires_at: invitation.expires_at,
        delivered_by: invitation.delivered_by,
      }),
    };
  },

  async updateUser({ params, body, caller, scope, db, now, services }) {
    const row = await managedTarget(db, caller, scope, params.id);
    checkVersion(row, body.version);
    const roleChange = body.role !== undefined || body.member_id !== undefined;
    const next = normalGrant({
      role: body.role ?? row.role,
      member_id: body.member_id === undefined ? row.member_id : body.member_id,
    });
    const changesRole =
      roleChange &&
      (next.role !== row.role || next.member_id !== row.member_id);
    if (changesRole) {
      refuseSelf(caller, row, 'change the role of');
      enforce(judgeGrant(caller.access, next), `member ${next.member_id}`);
      await keepLastAdmin(db, row, next);
    }
    const name = body.name ?? row.name;
    if (!changesRole && name === row.name) {
      return {
        answer: { success: true, user: toManagedUser(row) },
        change: null,
      };
    }
    let memberCode: string | null = null;
    if (next.member_id !== null) {
      const [member] = await db.query<{ code: string | null }>(
        'SELECT code FROM members WHERE id = $1',
        [next.member_id],
      );
      if (!member) notFound(`There is no member ${next.member_id}.`);
      memberCode = member.code;
    }
    await db.query(
      `UPDATE users SET name = $2, role = $3, member_id = $4, member_code = $5,
              is_pact_staff = $6, version = version + 1
        WHERE id = $1`,
      [
        row.id,
        name,
        next.role,
        next.member_id,
        memberCode,
        isPlatformGrant(next),
      ],
    );
    // Their next request holds the new role (another instance's within its 5 s).
    if (changesRole) {
      await forgetUserSessions(db, services.sessionCache, row.id, now);
    }
    const after = await reread(db, row.id);
    return {
      answer: { success: true, user: toManagedUser(after) },
      change: changeOf(row, after),
    };
  },

  async resendInvitation(call) {
    const { params, caller, scope, db } = call;
    const row = await managedTarget(db, caller, scope, params.id);
    if (row.status !== 'invited') {
      throw new Refusal(
        409,
        'Not invited',
        `${row.email} is ${row.status}, not invited; there is no invitation to resend.`,
      );
    }
    const invitation = await sendLink(call, row, 'invitation');
    await db.query('UPDATE users SET version = version + 1 WHERE id = $1', [
      row.id,
    ]);
    const after = await reread(db, row.id);
    return {
      answer: { success: true, user: toManagedUser(after), invitation },
      change: changeOf(row, after, {
        invitation_expires_at: invitation.expires_at,
        delivered_by: invitation.delivered_by,
      }),
    };
  },

  async revokeInvitation({ params, caller, scope, db, now }) {
    const row = await managedTarget(db, caller, scope, params.id);
    if (row.status !== 'invited') {
      throw new Refusal(
        409,
        'Not invited',
        `${row.email} is ${row.status}, not invited; there is no invitation to withdraw.`,
      );
    }
    await revokeLinks(db, row.id, 'invitation', now);
    await db.query(
      `UPDATE users SET status = 'deactivated', deactivated_at = $2, version = version + 1
        WHERE id = $1`,
      [row.id, now],
    );
    const after = await reread(db, row.id);
    return {
      answer: { success: true, user: toManagedUser(after) },
      change: changeOf(row, after),
    };
  },

  async deactivateUser({ params, body, caller, scope, db, now, services }) {
    const row = await managedTarget(db, caller, scope, params.id);
    refuseSelf(caller, row, 'deactivate');
    checkVersion(row, body.version);
    if (row.status === 'deactivated') {
      throw new Refusal(
        409,
        'Already deactivated',
        `${row.email} is already deactivated.`,
      );
    }
    await keepLastAdmin(db, row, null);
    await db.query(
      `UPDATE users SET status = 'deactivated', deactivated_at = $2, version = version + 1
        WHERE id = $1`,
      [row.id, now],
    );
    const ended = await endAccess(services, db, row.id, now);
    await revokeLinks(db, row.id, null, now);
    const after = await reread(db, row.id);
    return {
      answer: { success: true, user: toManagedUser(after) },
      change: changeOf(row, after, {
        sessions_ended: ended.sessions,
        api_keys_revoked: ended.apiKeys,
      }),
    };
  },

  async reactivateUser({ params, body, caller, scope, db }) {
    const row = await managedTarget(db, caller, scope, params.id);
    checkVersion(row, body.version);
    if (row.status !== 'deactivated') {
      throw new Refusal(
        409,
        'Not deactivated',
        `${row.email} is ${row.status}, not deactivated.`,
      );
    }
    if (!row.has_password) {
      throw new Refusal(
        409,
        'Never signed in',
        `${row.email} never accepted their invitation; invite them again instead.`,
      );
    }
    await db.query(
      `UPDATE users SET status = 'active', deactivated_at = NULL, version = version + 1
        WHERE id = $1`,
      [row.id],
    );
    const after = await reread(db, row.id);
    return {
      answer: { success: true, user: toManagedUser(after) },
      change: changeOf(row, after),
    };
  },

  async sendPasswordReset(call) {
    const { params, caller, scope, db } = call;
    const row = await managedTarget(db, caller, scope, params.id);
    if (row.status !== 'active') {
      throw new Refusal(
        409,
        'Not active',
        `${row.email} is ${row.status}; a password reset is for active users (resend the invitation of an invited one).`,
      );
    }
    const reset = await sendLink(call, row, 'password_reset');
    return {
      answer: { success: true, user: toManagedUser(row), reset },
      change: changeOf(row, row, {
        password_reset_expires_at: reset.expires_at,
        delivered_by: reset.delivered_by,
      }),
    };
  },

  async signOutUser({ params, caller, scope, db, now, services }) {
    const row = await managedTarget(db, caller, scope, params.id);
    const ended = await revokeUserSessions(
      db,
      services.sessionCache,
      row.id,
      now,
    );
    return {
      answer: { success: true, user: toManagedUser(row) },
      change: changeOf(row, row, { sessions_ended: ended }),
    };
  },

  async outbox({ db }) {
    const rows = await db.query<{
      id: number;
      to_address: string;
      subject: string;
      body: string;
      purpose: string;
      created_at: Date;
      transport: 'smtp' | 'outbox';
      sent_at: Date | null;
      submission_id: number | null;
    }>(
      `SELECT id, to_address, subject, body, purpose, created_at, transport, sent_at, submission_id
         FROM mail_outbox ORDER BY created_at DESC, id DESC LIMIT 100`,
    );
    return {
      success: true,
      // A consumer's mail is personal data (D19): masked here, as in the
      // mail-back lists; revealing it is an audited act on the submission.
      messages: rows.map((row) => ({
        id: row.id,
        to:
          row.submission_id === null
            ? row.to_address
            : maskEmail(row.to_address),
        subject: row.subject,
        body:
          row.submission_id === null
            ? row.body
            : `A consumer's label mail: open mail-back submission ${submissionReference(row.submission_id)} to reveal who it went to.`,
        purpose: row.purpose,
        created_at: new Date(row.created_at).toISOString(),
        delivered_by: row.transport,
        sent_at: isoTime(row.sent_at),
      })),
    };
  },

  async checkLink({ body, db, now }) {
    const { link, user } = await usableLink(
      db,
      body.token,
      body.purpose,
      now,
      false,
    );
    return {
      purpose: body.purpose,
      email: user.email,
      name: user.name,
      expires_at: link.expiresAt.toISOString(),
    };
  },

  async acceptInvitation({ body, db, now, request }) {
    const { link, user } = await usableLink(
      db,
      body.token,
      'invitation',
      now,
      true,
    );
    checkNewPassword(body.password, user.email);
    await db.query(
      `UPDATE users SET password_hash = $2, status = 'active', version = version + 1,
              last_sign_in_at = $3
        WHERE id = $1`,
      [user.id, await hashPassword(body.password), now],
    );
    await useLink(db, link, now);
    await revokeLinks(db, user.id, 'invitation', now);
    // The person acts for themselves: the audit event names them.
    request.caller = await callerActingAs(db, user.id);
    const session = await createSession(db, user.id, now);
    const after = await reread(db, user.id);
    request.log.info(
      { event: 'invitation_accepted', userId: user.id },
      'invitation accepted',
    );
    return {
      answer: {
        token: session.token,
        user: toContractUser(request.caller.user),
      },
      change: changeOf(user, after),
    };
  },

  async resetPassword({ body, db, now, request, services }) {
    const { link, user } = await usableLink(
      db,
      body.token,
      'password_reset',
      now,
      true,
    );
    checkNewPassword(body.password, user.email);
    await db.query(
      'UPDATE users SET password_hash = $2, version = version + 1 WHERE id = $1',
      [user.id, await hashPassword(body.password)],
    );
    await useLink(db, link, now);
    await revokeLinks(db, user.id, 'password_reset', now);
    // A new password ends every session that the old one opened.
    const ended = await revokeUserSessions(
      db,
      services.sessionCache,
      user.id,
      now,
    );
    request.caller = await callerActingAs(db, user.id);
    const after = await reread(db, user.id);
    return {
      answer: { success: true },
      change: changeOf(user, after, {
        password_changed: true,
        sessions_ended: ended,
      }),
    };
  },
});
