import { VisuallyHidden } from '@collective/ui';
import { chipMember } from '../../members';
import { useMembers, useTenancy } from '../tenancy-provider';
import styles from './member-chip.module.css';

/** The member name chip of brand users (specification §2), with the Kiehl's fallback (D4). */
export function MemberChip() {
  const { access, tenant } = useTenancy();
  const members = useMembers();
  const member = chipMember(access, tenant.code, members);
  if (!member) return null;
  return (
    <span className={styles.chip} data-testid="member-chip">
      <VisuallyHidden>Member: </VisuallyHidden>
      {member.name}
    </span>
  );
}
