import type { Access } from '@collective/auth';
import { useSession } from '@collective/auth/react';
import type { User } from '@collective/api-client';
import { MenuButton, type MenuItem } from '@collective/ui';
import { useNavigate } from 'react-router-dom';
import styles from './user-menu.module.css';

/** Props of {@link UserMenu}. */
export interface UserMenuProps {
  user: User;
  access: Access;
}

/**
 * The header's user menu (specification §2): email and role, Performance for
 * admins, API Keys for admins and brand members, and Logout.
 */
export function UserMenu({ user, access }: UserMenuProps) {
  const { logout } = useSession();
  const navigate = useNavigate();
  const items: MenuItem[] = [
    ...(access.can.openPerformance
      ? [
          {
            id: 'performance',
            label: 'Performance',
            onSelect: () => void navigate('/performance'),
          },
        ]
      : []),
    ...(access.can.openApiKeys
      ? [
          {
            id: 'api-keys',
            label: 'API Keys',
            onSelect: () => void navigate('/api-keys'),
          },
        ]
      : []),
    { id: 'logout', label: 'Logout', onSelect: () => void logout() },
  ];
  return (
    <MenuButton
      align="end"
      aria-label={`User menu, ${user.email}`}
      label={<span className={styles.email}>{user.email}</span>}
      header={
        <>
          <span className={styles.headerEmail}>{user.email}</span>
          <span className={styles.role}>{access.label}</span>
        </>
      }
      items={items}
    />
  );
}
