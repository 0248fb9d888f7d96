import { FormField } from '@collective/ui';
import { roleLabel } from './user-labels';

/**
 * The role select of a user form (field `role`): the roles on offer, in
 * words. `value` overrides the form's value when the shown role is derived
 * (the invitation form offers the first role until one is picked).
 */
export function RoleField({
  roles,
  value,
  hint,
}: {
  roles: readonly string[];
  value?: string | undefined;
  hint?: string | undefined;
}) {
  return (
    <FormField name="role" label="Role" {...(hint ? { hint } : {})}>
      {({ setValue: _setValue, ...control }) => (
        <select {...control} {...(value === undefined ? {} : { value })}>
          {roles.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
