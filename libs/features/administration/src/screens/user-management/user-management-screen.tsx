import {
  judgeManagement,
  USER_SORTS,
  USER_STATUSES,
  type ManagedUser,
  type UserStatus,
} from '@collective/api-client/contract';
import { ScreenFrame } from '@collective/nav/react';
import { useTenancy } from '@collective/tenancy/react';
import {
  Alert,
  apiSort,
  Button,
  CopyButton,
  errorMessage,
  FilterBar,
  formatDateTime,
  idParam,
  isStaleWrite,
  noMatchText,
  STANDARD_PAGING,
  statusFilter,
  useListParams,
  VisuallyHidden,
  type DataTableColumn,
  type ListSpec,
} from '@collective/ui';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  useDeactivateUser,
  useReactivateUser,
  useResendInvitation,
  useRevokeInvitation,
  useSendPasswordReset,
  useSignOutUser,
  useUsers,
  type UsersView,
} from '../../data/users';
import { rowContext } from '../row-context';
import { CountedListTable } from '../table-region';
import { InviteForm } from './invite-form';
import { UserDetails } from './user-details';
import { roleLabel, STATUS_LABELS } from './user-labels';
import styles from './user-management-screen.module.css';

/** What the user list accepts from its URL. */
export const USER_LIST: ListSpec = {
  sortable: ['name', 'email', 'last_sign_in_at'],
  defaultSort: { id: 'name', desc: false },
  ...STANDARD_PAGING,
  filters: { search: 'text', status: USER_STATUSES },
};

/** URL parameter of the user whose details are open. */
const USER_PARAM = 'user';

/**
 * The writes a row offers, by the status they apply to; each button's
 * name ends with the user's email (`to`: the hidden words before it), so
 * a screen reader tells the rows' buttons apart.
 */
const ROW_ACTIONS = [
  { id: 'resend', status: 'invited', label: 'Resend invitation', to: 'to ' },
  { id: 'revoke', status: 'invited', label: 'Revoke invitation', to: 'of ' },
  { id: 'reset', status: 'active', label: 'Send password reset', to: 'to ' },
  { id: 'signOut', status: 'active', label: 'Sign out everywhere', to: 'for ' },
  { id: 'deactivate', status: 'active', label: 'Deactivate', to: '' },
  { id: 'reactivate', status: 'deactivated', label: 'Reactivate', to: '' },
] as const satisfies readonly {
  id: string;
  status: UserStatus;
  label: string;
  to: string;
}[];
type RowAction = (typeof ROW_ACTIONS)[number]['id'];

/** What the rows' buttons do, from the screen that holds the writes. */
interface RowActions {
  run: (action: RowAction, user: ManagedUser) => void;
  open: (user: ManagedUser) => void;
}
const [RowActionsProvider, useRowActions] = rowContext<RowActions>(
  'UserActions must be used inside <RowActionsProvider>: render it in the user table of UserManagementScreen.',
);

/** The buttons of one row: details always, and the writes `judgeManagement` allows for the user's status. */
function UserActions({ user }: { user: ManagedUser }) {
  const { access } = useTenancy();
  const actions = useRowActions();
  const manages = judgeManagement(access, user) === 'allowed';
  return (
    <div className={styles.actions}>
      <Button variant="secondary" onClick={() => actions.open(user)}>
        Details <VisuallyHidden>of {user.email}</VisuallyHidden>
      </Button>
      {manages
        ? ROW_ACTIONS.filter((action) => action.status === user.status).map(
            (action) => (
              <Button
                key={action.id}
                variant="secondary"
                onClick={() => actions.run(action.id, user)}
              >
                {action.label}{' '}
                <VisuallyHidden>
                  {action.to}
                  {user.email}
                </VisuallyHidden>
              </Button>
            ),
          )
        : null}
    </div>
  );
}

/** The list's columns; the member column only for collective admins (a brand admin's users are all their member's). */
function userColumns(showMember: boolean): DataTableColumn<ManagedUser>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      sortable: true,
      cell: (user) => user.name,
    },
    {
      id: 'email',
      header: 'Email',
      sortable: true,
      cell: (user) => user.email,
    },
    { id: 'role', header: 'Role', cell: (user) => roleLabel(user.role) },
    ...(showMember
      ? [
          {
            id: 'member',
            header: 'Member',
            cell: (user: ManagedUser) => user.member_name ?? 'The collective',
          },
        ]
      : []),
    {
      id: 'status',
      header: 'Status',
      cell: (user) => STATUS_LABELS[user.status],
    },
    {
      id: 'last_sign_in_at',
      header: 'Last sign-in',
      sortable: true,
      sortDescFirst: true,
      cell: (user) =>
        user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : 'Never',
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (user) => <UserActions user={user} />,
    },
  ];
}

/** A single-use link to pass on by hand, and to whom. */
interface HandedLink {
  email: string;
  link: string;
}

/** What the screen last told the person, with the link to hand over when mail stays in the outbox. */
interface Notice {
  text: string;
  link?: HandedLink | undefined;
}

/** A link when the server kept the mail in its outbox (it is `null` when it was mailed). */
const handOver = (
  email: string,
  link: string | null,
): HandedLink | undefined => (link ? { email, link } : undefined);

/**
 * User Management (decisions D16): the users in scope with role, member,
 * status and last sign-in, searched, filtered by status, sorted and paged
 * by the server with all of it in the URL; inviting with the roles the
 * caller may give; resend, revoke, deactivate, reactivate, password reset
 * and signing out everywhere where `judgeManagement` allows it; and each
 * user's details (rename, change role, audit trail) in a sheet. The
 * server enforces the same rules.
 */
export default function UserManagementScreen() {
  const { access } = useTenancy();
  const searchParams = useSearchParams();
  const list = useListParams(USER_LIST, searchParams);
  const { state } = list;
  const view: UsersView = {
    search: state.filters['search'] ?? '',
    status: state.filters['status'] as UserStatus | undefined,
    sort: apiSort(state.sort, USER_SORTS),
    page: state.page,
    pageSize: state.pageSize,
  };
  const users = useUsers(view);
  const [notice, setNotice] = useState<Notice | null>(null);
  const writes = {
    resend: useResendInvitation(),
    revoke: useRevokeInvitation(),
    reset: useSendPasswordReset(),
    signOut: useSignOutUser(),
    deactivate: useDeactivateUser(),
    reactivate: useReactivateUser(),
  };
  const failed = Object.values(writes).find((write) => write.isError);
  const { id: openId, setId: setOpen } = idParam(USER_PARAM, searchParams);

  function run(action: RowAction, user: ManagedUser) {
    for (const write of Object.values(writes)) write.reset();
    const params = { params: { id: user.id } };
    const versioned = { ...params, body: { version: user.version } };
    const say = (text: string) => () => setNotice({ text });
    switch (action) {
      case 'resend':
        return writes.resend.mutate(params, {
          onSuccess: (answer) =>
            setNotice({
              text: `A new invitation was sent to ${user.email}.`,
              link: handOver(user.email, answer.invitation.link),
            }),
        });
      case 'revoke':
        return writes.revoke.mutate(params, {
          onSuccess: say(`The invitation of ${user.email} was withdrawn.`),
        });
      case 'reset':
        return writes.reset.mutate(params, {
          onSuccess: (answer) =>
            setNotice({
              text: `A password-reset link was sent to ${user.email}.`,
              link: handOver(user.email, answer.reset.link),
            }),
        });
      case 'signOut':
        return writes.signOut.mutate(params, {
          onSuccess: say(`${user.email} was signed out everywhere.`),
        });
      case 'deactivate':
        return writes.deactivate.mutate(versioned, {
          onSuccess: say(
            `${user.email} was deactivated; their sessions and keys ended.`,
          ),
        });
      case 'reactivate':
        return writes.reactivate.mutate(versioned, {
          onSuccess: say(`${user.email} can sign in again.`),
        });
    }
  }

  const rowActions: RowActions = { run, open: (user) => setOpen(user.id) };
  const columns = useMemo(
    () => userColumns(access.isCollectiveAdmin),
    [access.isCollectiveAdmin],
  );
  const answer = users.data;

  return (
    <ScreenFrame>
      <section aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite a person</h2>
        <InviteForm
          onInvited={(invited) =>
            setNotice({
              text: `Invitation sent to ${invited.email}.`,
              link: handOver(invited.email, invited.link),
            })
          }
        />
      </section>
      {notice ? <Alert tone="info">{notice.text}</Alert> : null}
      {notice?.link ? (
        <div className={styles.link}>
          <span>
            No mail server is set up: pass this single-use link to{' '}
            {notice.link.email} yourself.
          </span>
          <code>{notice.link.link}</code>
          <CopyButton text={notice.link.link} label="Copy link" />
        </div>
      ) : null}
      {failed?.error ? (
        <Alert>
          <p className={styles.text}>
            {errorMessage(failed.error, 'The change was not made. Try again.')}
          </p>
          {isStaleWrite(failed.error) ? (
            <Button
              variant="secondary"
              onClick={() => {
                failed.reset();
                void users.refetch();
              }}
            >
              Reload the users
            </Button>
          ) : null}
        </Alert>
      ) : null}
      <FilterBar
        label="Filter users"
        list={list}
        search={{
          label: 'Search users',
          placeholder: 'Name or email',
        }}
        selects={[statusFilter(USER_STATUSES, STATUS_LABELS)]}
      />
      <RowActionsProvider value={rowActions}>
        <CountedListTable
          title="Users"
          counted="users"
          columns={columns}
          rows={answer?.users}
          list={list}
          spec={USER_LIST}
          answer={users}
          emptyText={noMatchText('user', view.search)}
        />
      </RowActionsProvider>
      <UserDetails id={openId} onClose={() => setOpen(null)} />
    </ScreenFrame>
  );
}
