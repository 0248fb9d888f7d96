import { useTenancy } from '@collective/tenancy/react';
import { Badge, Sheet } from '@collective/ui';
import { useId, useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { notificationsLabel } from '../../format-badge';
import {
  navigationFor,
  quickActionRoutes,
  type RouteEntry,
} from '../../routes';
import { isWithin } from '../nav-items';
import styles from './mobile-nav.module.css';

/** Props of {@link MobileNavSheet}. */
export interface MobileNavSheetProps {
  open: boolean;
  onClose: () => void;
  /** Unread notifications, for the Notifications tile's label. */
  count: number;
  /** The badge text shown on the Notifications tile (none when nothing is unread). */
  badge: string | null;
}

/**
 * The bottom sheet of {@link MobileNav}: the top navigation's destinations in
 * a grid, then the quick actions. A chunk of its own, loaded when the Menu
 * button is first pressed (decisions 0027): a signed-in page needs none of it
 * until then.
 */
export function MobileNavSheet({
  open,
  onClose,
  count,
  badge,
}: MobileNavSheetProps) {
  const { access, tenant } = useTenancy();
  const { pathname } = useLocation();
  const quickId = useId();
  const entries = useMemo(
    () => navigationFor(access, tenant.features),
    [access, tenant],
  );
  const actions = useMemo(
    () => quickActionRoutes(access, tenant.features),
    [access, tenant],
  );

  const link = (route: RouteEntry & { title: string }, label?: string) => (
    <li key={route.path}>
      <Link
        to={route.path}
        className={styles.tile}
        aria-current={isWithin(pathname, route.path) ? 'page' : undefined}
        aria-label={label}
        onClick={onClose}
      >
        {route.title}
        {route.path === '/notifications' ? <Badge>{badge}</Badge> : null}
      </Link>
    </li>
  );

  return (
    <Sheet open={open} onClose={onClose} title="Menu">
      <nav aria-label="Main">
        {entries.map((entry) =>
          entry.kind === 'link' ? (
            <ul key={entry.route.path} className={styles.grid}>
              {link(entry.route)}
            </ul>
          ) : (
            <section
              key={entry.id}
              aria-labelledby={`${quickId}-${entry.id}`}
              className={styles.group}
            >
              <h3 id={`${quickId}-${entry.id}`} className={styles.heading}>
                {entry.label}
              </h3>
              <ul className={styles.grid}>
                {entry.routes.map((route) => link(route))}
              </ul>
            </section>
          ),
        )}
      </nav>
      <section aria-labelledby={quickId} className={styles.group}>
        <h3 id={quickId} className={styles.heading}>
          Quick actions
        </h3>
        <ul className={styles.grid}>
          {actions.map((route) =>
            link(
              route,
              route.path === '/notifications'
                ? notificationsLabel(count)
                : undefined,
            ),
          )}
        </ul>
      </section>
    </Sheet>
  );
}
