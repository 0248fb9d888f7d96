import { SelectField } from '@collective/ui';
import { useMemo } from 'react';
import { DEFAULT_TENANT } from '../../tenants';
import { sortMembersByName } from '../../members';
import { useMembers, useTenancy } from '../tenancy-provider';
import styles from './member-switcher.module.css';

/** Option value of "All Members". */
const ALL = 'all';

/**
 * The member switcher: only for collective admins on the main tenant with the
 * memberSwitcher flag; "All Members" first, then members by name. A native
 * select, so keyboard and screen readers work as everywhere else. Its width
 * does not follow the members, which load after it shows.
 */
export function MemberSwitcher() {
  const { access, tenant, selectedMemberId, selectMember } = useTenancy();
  const members = useMembers();
  const options = useMemo(
    () => [
      { value: ALL, label: 'All Members' },
      ...sortMembersByName(members).map((m) => ({
        value: String(m.id),
        label: m.name,
      })),
    ],
    [members],
  );
  if (
    !access.can.switchMember ||
    tenant.code !== DEFAULT_TENANT ||
    !tenant.features.memberSwitcher
  ) {
    return null;
  }
  return (
    <SelectField
      className={styles.switcher}
      label="Member"
      options={options}
      value={selectedMemberId === null ? ALL : String(selectedMemberId)}
      onChange={(event) =>
        selectMember(
          event.target.value === ALL ? null : Number(event.target.value),
        )
      }
    />
  );
}
