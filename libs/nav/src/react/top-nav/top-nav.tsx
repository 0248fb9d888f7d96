import { useTenancy } from '@collective/tenancy/react';
import { MenuButton } from '@collective/ui';
import { useMemo } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { navigationFor } from '../../routes';
import { isWithin, linkItems } from '../nav-items';
import styles from './top-nav.module.css';

/** Props of {@link TopNav}. */
export interface TopNavProps {
  className?: string;
}

/**
 * The top navigation of specification §2 for the signed-in user on the
 * active tenant, derived from the route table: links at the top level, then
 * one menu button per menu (the WAI-ARIA menu-button pattern). The link or
 * menu holding the current page is marked with `aria-current`.
 */
export function TopNav({ className }: TopNavProps) {
  const { access, tenant } = useTenancy();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const entries = useMemo(
    () => navigationFor(access, tenant.features),
    [access, tenant],
  );
  return (
    <nav
      aria-label="Main"
      className={[styles.nav, className ?? ''].filter(Boolean).join(' ')}
    >
      <ul className={styles.list}>
        {entries.map((entry) =>
          entry.kind === 'link' ? (
            <li key={entry.route.path}>
              <NavLink to={entry.route.path} className={styles.link}>
                {entry.route.title}
              </NavLink>
            </li>
          ) : (
            <li key={entry.id}>
              <MenuButton
                label={entry.label}
                active={entry.routes.some((r) => isWithin(pathname, r.path))}
                items={linkItems(entry.routes, pathname, (path) => {
                  void navigate(path);
                })}
              />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
