import { useSession } from '@collective/auth/react';
import { useTenancy } from '@collective/tenancy/react';
import { MenuButton } from '@collective/ui';
import { useLocation, useNavigate } from 'react-router-dom';
import { userMenuRoutes } from '../../routes';
import { linkItems } from '../nav-items';
import styles from './user-menu.module.css';

/**
 * The header's user menu (specification §2): email and a readable role, the
 * entries of the route table marked for it that the user may open
 * (Performance for admins, API Keys for admins and brand members), and Logout.
 */
export function UserMenu() {
  const { logout } = useSession();
  const { user, access, tenant } = useTenancy();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <MenuButton
      align="end"
      aria-label={`User menu, ${user.email}`}
      label={
        <>
          <svg
            aria-hidden="true"
            focusable="false"
            className={styles.icon}
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="12" cy="8" r="4" />
            <path d="M4 21a8 8 0 0 1 16 0" />
          </svg>
          <span className={styles.email}>{user.email}</span>
        </>
      }
      header={
        <>
          <span className={styles.headerEmail}>{user.email}</span>
          <span className={styles.role}>{access.label}</span>
        </>
      }
      items={[
        ...linkItems(
          userMenuRoutes(access, tenant.features),
          pathname,
          (path) => void navigate(path),
        ),
        { id: 'logout', label: 'Logout', onSelect: () => void logout() },
      ]}
    />
  );
}
