import {
  grantableRoles,
  heldMemberOf,
  InviteUserSchema,
  type UserRole,
} from '@collective/api-client/contract';
import { useMembers, useTenancy } from '@collective/tenancy/react';
import {
  Form,
  FormError,
  FormField,
  formRefusal,
  SubmitButton,
  useForm,
} from '@collective/ui';
import * as v from 'valibot';
import { useInviteUser } from '../../data/users';
import { RoleField } from './role-field';
import styles from './user-management-screen.module.css';

/**
 * The invitation form's values: email and name as the contract checks
 * them; member and role only once the person picks them (until then they
 * follow from the members and roles on offer).
 */
const InviteFormSchema = v.object({
  email: InviteUserSchema.entries.email,
  name: InviteUserSchema.entries.name,
  member: v.optional(v.string()),
  role: v.optional(v.string()),
});

/** Where a refusal of an invitation belongs in the form. */
function inviteFieldOf(title: string, status: number): string | undefined {
  if (title === 'Already a user') return 'email';
  if (status === 403 || title === 'Invalid role') return 'role';
  if (status === 404) return 'member';
  return undefined;
}

/** What {@link InviteForm} reports once an invitation went out. */
export interface Invited {
  email: string;
  /** The single-use link when mail stays in the outbox (no SMTP), to pass on by hand. */
  link: string | null;
}

/**
 * Invites a person by email (decisions D16) with a role the caller may give
 * (`grantableRoles`), in their own member (brand admins) or a member they
 * pick (collective admins; the super admin may also pick the collective for
 * platform roles). Field errors, the server's refusals and a duplicate
 * email show on their fields or at the top of the form.
 */
export function InviteForm({
  onInvited,
}: {
  onInvited: (invited: Invited) => void;
}) {
  const { access } = useTenancy();
  const members = useMembers();
  const invite = useInviteUser();
  const form = useForm({
    schema: InviteFormSchema,
    initialValues: { email: '', name: '' },
    onSubmit: async (values) => {
      if (role === undefined)
        throw {
          message: 'You may give no role in this member; pick another member.',
        };
      try {
        const answer = await invite.mutateAsync({
          body: {
            email: values.email,
            name: values.name,
            role,
            member_id: heldMemberOf({ role, member_id: memberId }),
          },
        });
        form.reset();
        onInvited({
          email: answer.user.email,
          link: answer.invitation.link,
        });
      } catch (error) {
        throw formRefusal(error, inviteFieldOf);
      }
    },
  });
  // Only the person's own picks are state; until they pick, the member and
  // role follow from what is on offer (members may still be loading).
  const pickedMember = form.values.member as string | undefined;
  const memberId =
    pickedMember === undefined
      ? (access.ownMemberId ?? members[0]?.id ?? null)
      : pickedMember === ''
        ? null
        : Number(pickedMember);
  const roles = grantableRoles(access, memberId);
  const pickedRole = form.values.role as string | undefined;
  const role: UserRole | undefined =
    roles.find((offered) => offered === pickedRole) ?? roles[0];

  return (
    <Form form={form} aria-labelledby="invite-heading" className={styles.form}>
      <FormError />
      <FormField name="email" label="Email" type="email" autoComplete="off" />
      <FormField name="name" label="Name" autoComplete="off" />
      {access.isCollectiveAdmin ? (
        <FormField name="member" label="Member">
          {({ setValue: _setValue, value: _value, ...control }) => (
            <select
              {...control}
              value={memberId === null ? '' : String(memberId)}
            >
              {access.isSuperAdmin ? (
                <option value="">The collective (platform roles)</option>
              ) : null}
              {members.map((member) => (
                <option key={member.id} value={String(member.id)}>
                  {member.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      <RoleField roles={roles} value={role ?? ''} />
      <SubmitButton busyLabel="Inviting…">Send invitation</SubmitButton>
    </Form>
  );
}
