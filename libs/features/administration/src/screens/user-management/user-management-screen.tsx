import { grantableRoles, judgeManagement } from '@collective/api-client/contract';
import type { ManagedUser } from '@collective/api-client/contract';
import { ScreenFrame } from '@collective/nav/react';
import { useMembers, useTenancy } from '@collective/tenancy/react';
import {
  Alert,
  Button,
  CopyButton,
  DataTable,
  formatDateTime,
  Pagination,
  SelectField,
  TextField,
  type DataTableColumn,
  VisuallyHidden,
} from '@collective/ui';
import { useState, type FormEvent } from 'react';
import {
  useDeactivateUser,
  useInviteUser,
  useReactivateUser,
  useResendInvitation,
  useRevokeInvitation,
  useSendPasswordReset,
  useSignOutUser,
  useUsers,
} from '../../data/users';
import styles from './user-management-screen.module.css';

const ROLE_LABELS: Record<string, string> = {
  super_admin: 'Super admin',
  admin: 'Admin',
  brand_operator: 'Brand operator',
  brand_viewer: 'Brand viewer',
};

/** The server's sentence (`message`) when it sent one, e.g. why a change was refused. */
const sentenceOf = (error: Error): string =>
  (error as { serverMessage?: string }).serverMessage ?? error.message;

/**
 * User Management (decisions D16): the users in scope with role, member,
 * status and last sign-in; inviting with the roles the caller may give
 * (from the contract's `grantableRoles`); resend, revoke, deactivate,
 * reactivate, password reset and signing out everywhere, each only where
 * `judgeManagement` allows it (the server enforces the same rules).
 */
export default function UserManagementScreen() {
  const { access } = useTenancy();
  const members = useMembers();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const users = useUsers({
    ...(search ? { search } : {}),
    ...(page > 1 ? { page: String(page) } : {}),
  });
  const invite = useInviteUser();
  const [memberId, setMemberId] = useState<number | null>(
    access.ownMemberId ?? members[0]?.id ?? null,
  );
  const roles = grantableRoles(access, memberId);
  const [link, setLink] = useState<{ email: string; link: string } | null>(
    null,
  );
  const [notice, setNotice] = useState<string | null>(null);
  const writes = {
    deactivate: useDeactivateUser(),
    reactivate: useReactivateUser(),
    resend: useResendInvitation(),
    revoke: useRevokeInvitation(),
    reset: useSendPasswordReset(),
    signOut: useSignOutUser(),
  };
  const failed = Object.values(writes).find((write) => write.isError);

  function onInvite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const role = String(data.get('role') ?? '');
    invite.mutate(
      {
        body: {
          email: String(data.get('email') ?? ''),
          name: String(data.get('name') ?? ''),
          role: role as 'admin',
          member_id: role === 'super_admin' ? null : memberId,
        },
      },
      {
        onSuccess: (answer) => {
          form.reset();
          setNotice(`Invitation sent to ${answer.user.email}.`);
          setLink(
            answer.invitation.link
              ? { email: answer.user.email, link: answer.invitation.link }
              : null,
          );
        },
      },
    );
  }

  function actionsOf(user: ManagedUser) {
    if (judgeManagement(access, user) !== 'allowed') return null;
    const params = { params: { id: user.id } };
    const done = (text: string) => () => setNotice(text);
    return (
      <div className={styles.actions}>
        {user.status === 'invited' ? (
          <>
            <Button
              variant="secondary"
              onClick={() =>
                writes.resend.mutate(params, {
                  onSuccess: (answer) => {
                    setNotice(`A new invitation was sent to ${user.email}.`);
                    setLink(
                      answer.invitation.link
                        ? { email: user.email, link: answer.invitation.link }
                        : null,
                    );
                  },
                })
              }
            >
              Resend invitation <VisuallyHidden>to {user.email}</VisuallyHidden>
            </Button>
            <Button
              variant="secondary"
              onClick={() =>
                writes.revoke.mutate(params, {
                  onSuccess: done(
                    `The invitation of ${user.email} was withdrawn.`,
                  ),
                })
              }
            >
              Revoke invitation <VisuallyHidden>of {user.email}</VisuallyHidden>
            </Button>
          </>
        ) : null}
        {user.status === 'active' ? (
          <>
            <Button
              variant="secondary"
              onClick={() =>
                writes.reset.mutate(params, {
                  onSuccess: (answer) => {
                    setNotice(
                      `A password-reset link was sent to ${user.email}.`,
                    );
                    setLink(
                      answer.reset.link
                        ? { email: user.email, link: answer.reset.link }
                        : null,
                    );
                  },
                })
              }
            >
              Send password reset{' '}
              <VisuallyHidden>to {user.email}</VisuallyHidden>
            </Button>
            <Button
              variant="secondary"
              onClick={() =>
                writes.signOut.mutate(params, {
                  onSuccess: done(`${user.email} was signed out everywhere.`),
                })
              }
            >
              Sign out everywhere
              <VisuallyHidden>, {user.email}</VisuallyHidden>
            </Button>
            <Button
              variant="secondary"
              onClick={() =>
                writes.deactivate.mutate(
                  { ...params, body: { version: user.version } },
                  {
                    onSuccess: done(
                      `${user.email} was deactivated; their sessions and keys ended.`,
                    ),
                  },
                )
              }
            >
              Deactivate <VisuallyHidden>{user.email}</VisuallyHidden>
            </Button>
          </>
        ) : null}
        {user.status === 'deactivated' ? (
          <Button
            variant="secondary"
            onClick={() =>
              writes.reactivate.mutate(
                { ...params, body: { version: user.version } },
                { onSuccess: done(`${user.email} can sign in again.`) },
              )
            }
          >
            Reactivate <VisuallyHidden>{user.email}</VisuallyHidden>
          </Button>
        ) : null}
      </div>
    );
  }

  const columns: DataTableColumn<ManagedUser>[] = [
    { id: 'name', header: 'Name', rowHeader: true, cell: (user) => user.name },
    { id: 'email', header: 'Email', cell: (user) => user.email },
    {
      id: 'role',
      header: 'Role',
      cell: (user) => ROLE_LABELS[user.role] ?? user.role,
    },
    {
      id: 'member',
      header: 'Member',
      cell: (user) => user.member_name ?? 'Collective',
    },
    { id: 'status', header: 'Status', cell: (user) => user.status },
    {
      id: 'last_sign_in_at',
      header: 'Last sign-in',
      cell: (user) =>
        user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : 'Never',
    },
    { id: 'actions', header: 'Actions', cell: actionsOf },
  ];
  const answer = users.data;
  const pages = answer
    ? Math.max(1, Math.ceil(answer.total / answer.page_size))
    : 1;

  return (
    <ScreenFrame>
      <section aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite a person</h2>
        <form className={styles.form} onSubmit={onInvite}>
          <TextField
            label="Email"
            name="email"
            type="email"
            required
            autoComplete="off"
          />
          <TextField label="Name" name="name" required autoComplete="off" />
          {access.isCollectiveAdmin ? (
            <SelectField
              label="Member"
              value={memberId === null ? '' : String(memberId)}
              onChange={(event) =>
                setMemberId(
                  event.target.value === '' ? null : Number(event.target.value),
                )
              }
              options={[
                ...(access.isSuperAdmin
                  ? [{ value: '', label: 'The collective (platform roles)' }]
                  : []),
                ...members.map((member) => ({
                  value: String(member.id),
                  label: member.name,
                })),
              ]}
            />
          ) : null}
          <SelectField
            label="Role"
            name="role"
            options={roles.map((role) => ({
              value: role,
              label: ROLE_LABELS[role] ?? role,
            }))}
          />
          <Button
            type="submit"
            disabled={invite.isPending || roles.length === 0}
          >
            {invite.isPending ? 'Inviting…' : 'Send invitation'}
          </Button>
        </form>
        {invite.isError ? <Alert>{sentenceOf(invite.error)}</Alert> : null}
      </section>
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      {link ? (
        <div className={styles.link}>
          <span>
            No mail server is set up: pass this single-use link to {link.email}{' '}
            yourself.
          </span>
          <code>{link.link}</code>
          <CopyButton text={link.link} label="Copy link" />
        </div>
      ) : null}
      {failed?.error ? <Alert>{sentenceOf(failed.error)}</Alert> : null}
      <div className={styles.search}>
        <TextField
          label="Search users"
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>
      <DataTable
        caption="Users"
        columns={columns}
        rows={answer?.users ?? []}
        getRowId={(user) => String(user.id)}
        status={users.status}
        error={users.error}
        onRetry={() => void users.refetch()}
      />
      <Pagination
        page={page}
        pageCount={pages}
        onPage={setPage}
        label="Pages of users"
      />
    </ScreenFrame>
  );
}
