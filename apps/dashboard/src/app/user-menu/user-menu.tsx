import type { User } from '@collective/api-client';
import { useSession } from '@collective/auth/react';
import { userMenuRoutes } from '@collective/nav';
import { useTenancy } from '@collective/tenancy/react';
import { MenuButton, type MenuItem } from '@collective/ui';
import { useNavigate } from 'react-router-dom';
import styles from './user-menu.module.css';

/** Props of {@link UserMenu}. */
export interface UserMenuProps {
  user: User;
}

/**
 * The header's user menu (specification §2): email and role, the entries
 * of the route table marked for it that the user may open (Performance for
 * admins, API Keys for admins and brand members), and Logout.
 */
export function UserMenu({ user }: UserMenuProps) {
  const { logout } = useSession();
  const { access, tenant } = useTenancy();
  const navigate = useNavigate();
  const items: MenuItem[] = [
    ...userMenuRoutes(access, tenant.features).map((route) => ({
      id: route.path,
      label: route.label ?? route.path,
      onSelect: () => void navigate(route.path),
    })),
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
