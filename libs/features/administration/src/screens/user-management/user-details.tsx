import {
  grantableRoles,
  judgeManagement,
  UpdateUserSchema,
  type ManagedUser,
  type UserRole,
} from '@collective/api-client/contract';
import { useTenancy } from '@collective/tenancy/react';
import {
  Alert,
  AuditTrail,
  errorMessage,
  FactList,
  Form,
  FormError,
  FormField,
  formRefusal,
  Pagination,
  Sheet,
  shownValue,
  SubmitButton,
  useForm,
} from '@collective/ui';
import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import {
  USER_TRAIL_PAGE_SIZE,
  useUpdateUser,
  useUser,
  useUserAuditTrail,
} from '../../data/users';
import { RoleField } from './role-field';
import { roleLabel, STATUS_LABELS, USER_EVENT_LABELS } from './user-labels';
import styles from './user-management-screen.module.css';

/** The edit form's values: a name as the contract checks it, and a role. */
const EditFormSchema = v.object({
  name: v.nonOptional(UpdateUserSchema.entries.name),
  role: v.string(),
});

/** Every refusal of a change but a stale version is about the role (self, last admin, a role not yours to give). */
const editFieldOf = (_title: string, status: number) =>
  status === 404 ? undefined : 'role';

/**
 * Renames a user and changes their role, offering only the roles the
 * caller may give in the user's member (`grantableRoles`, which follows
 * `judgeGrant`). It sends the version it was read at: when someone else
 * changed the user meanwhile (409), it says so and offers the latest.
 */
function UserEditForm({
  user,
  onReload,
  onSaved,
}: {
  user: ManagedUser;
  onReload: () => void;
  onSaved: (user: ManagedUser) => void;
}) {
  const { access } = useTenancy();
  const update = useUpdateUser();
  const roles: string[] = grantableRoles(access, user.member_id);
  // A stored role outside the grantable ones (e.g. no dashboard) stays on offer as it is.
  if (!roles.includes(user.role)) roles.unshift(user.role);
  const form = useForm({
    schema: EditFormSchema,
    initialValues: { name: user.name, role: user.role },
    onSubmit: async (values) => {
      try {
        const answer = await update.mutateAsync({
          params: { id: user.id },
          body: {
            version: user.version,
            ...(values.name !== user.name ? { name: values.name } : {}),
            ...(values.role !== user.role
              ? { role: values.role as UserRole }
              : {}),
          },
        });
        onSaved(answer.user);
      } catch (error) {
        throw formRefusal(error, editFieldOf);
      }
    },
  });
  return (
    <Form form={form} aria-label="Change name and role" className={styles.edit}>
      <FormError onReloadLatest={onReload} />
      <FormField name="name" label="Name" autoComplete="off" />
      <RoleField
        roles={roles}
        hint={
          user.member_name
            ? `Roles you may give in ${user.member_name}`
            : 'Platform roles'
        }
      />
      <SubmitButton>Save changes</SubmitButton>
    </Form>
  );
}

/** A value of an audit event's before or after, in words: a role by its label. */
const shown = (field: string, value: unknown): string =>
  field === 'role' && typeof value === 'string'
    ? roleLabel(value)
    : shownValue(value);

/** A user's audit trail, newest first, a page at a time; read again when the user's `version` changes. */
function UserAuditTrail({ id, version }: { id: number; version: number }) {
  const [page, setPage] = useState(1);
  const trail = useUserAuditTrail(id, page);
  const { refetch } = trail;
  const readAt = useRef(version);
  useEffect(() => {
    if (readAt.current === version) return;
    readAt.current = version;
    void refetch();
  }, [version, refetch]);
  const answer = trail.data;
  return (
    <section aria-labelledby={`user-trail-${id}`} aria-busy={trail.isFetching}>
      <h3 id={`user-trail-${id}`}>Audit trail</h3>
      {trail.status === 'pending' ? (
        <p role="status">Loading the audit trail…</p>
      ) : null}
      {trail.status === 'error' ? (
        <Alert>
          {errorMessage(trail.error, 'The audit trail could not be loaded.')}
        </Alert>
      ) : null}
      {answer ? (
        <AuditTrail
          events={answer.events}
          actions={USER_EVENT_LABELS}
          shown={shown}
          labelledBy={`user-trail-${id}`}
          emptyText="Nothing was recorded for this user yet."
        />
      ) : null}
      <Pagination
        page={page}
        pageCount={answer ? Math.ceil(answer.total / USER_TRAIL_PAGE_SIZE) : 0}
        onPage={setPage}
        label={`Pages of the audit trail of user ${id}`}
      />
    </section>
  );
}

/** The open user's facts, edit form (where the caller manages them) and audit trail. */
function UserDetailsBody({ id }: { id: number }) {
  const { access } = useTenancy();
  const user = useUser(id);
  const [saved, setSaved] = useState<string | null>(null);
  if (user.status === 'pending') return <p role="status">Loading the user…</p>;
  if (user.status === 'error')
    return (
      <Alert>{errorMessage(user.error, 'The user could not be loaded.')}</Alert>
    );
  const shownUser = user.data.user;
  return (
    <div className={styles.details}>
      <FactList>
        <dt>Email</dt>
        <dd>{shownUser.email}</dd>
        <dt>Member</dt>
        <dd>{shownUser.member_name ?? 'The collective'}</dd>
        <dt>Role</dt>
        <dd>{roleLabel(shownUser.role)}</dd>
        <dt>Status</dt>
        <dd>{STATUS_LABELS[shownUser.status]}</dd>
      </FactList>
      {saved ? (
        <Alert tone="info" key={saved}>
          {saved}
        </Alert>
      ) : null}
      {judgeManagement(access, shownUser) === 'allowed' ? (
        <UserEditForm
          // A new version (after a save or a reload) starts the form from it.
          key={shownUser.version}
          user={shownUser}
          onReload={() => {
            setSaved(null);
            void user.refetch();
          }}
          onSaved={(next) =>
            setSaved(
              `${next.email} now has the name ${next.name} and the role ${roleLabel(next.role)}.`,
            )
          }
        />
      ) : (
        <p>Only the super admin changes platform admins and super admins.</p>
      )}
      <UserAuditTrail id={id} version={shownUser.version} />
    </div>
  );
}

/**
 * The details of one user in a sheet: who they are, renaming and changing
 * their role, and their audit trail. `id` is the open user (`null`:
 * closed); closing gives the focus back to the button that opened it.
 */
export function UserDetails({
  id,
  onClose,
}: {
  id: number | null;
  onClose: () => void;
}) {
  return (
    <Sheet open={id !== null} onClose={onClose} title="User details">
      {id !== null ? <UserDetailsBody id={id} /> : null}
    </Sheet>
  );
}
