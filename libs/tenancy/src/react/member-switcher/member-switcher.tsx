import { useId, useMemo } from 'react';
import { DEFAULT_TENANT } from '../../tenants';
import { sortMembersByName } from '../../members';
import { useTenancy } from '../tenancy-provider';
import styles from './member-switcher.module.css';

/** Option value of "All Members". */
const ALL = 'all';

/**
 * The member switcher: only for collective admins on the main tenant with the
 * memberSwitcher flag; "All Members" first, then members by name. A native
 * select, so keyboard and screen readers work as everywhere else.
 */
export function MemberSwitcher() {
  const { access, tenant, members, selectedMemberId, selectMember } =
    useTenancy();
  const id = useId();
  const sorted = useMemo(() => sortMembersByName(members), [members]);
  if (
    !access.can.switchMember ||
    tenant.code !== DEFAULT_TENANT ||
    !tenant.features.memberSwitcher
  ) {
    return null;
  }
  return (
    <div className={styles.switcher}>
      <label htmlFor={id} className={styles.label}>
        Member
      </label>
      <select
        id={id}
        className={styles.select}
        value={selectedMemberId === null ? ALL : String(selectedMemberId)}
        onChange={(event) =>
          selectMember(
            event.target.value === ALL ? null : Number(event.target.value),
          )
        }
      >
        <option value={ALL}>All Members</option>
        {sorted.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </select>
    </div>
  );
}
