import { useTenancy } from '@collective/tenancy/react';
import { Badge, Sheet } from '@collective/ui';
import { useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  formatBadge,
  MOBILE_BADGE_CAP,
  notificationsLabel,
} from '../../format-badge';
import {
  navigationFor,
  quickActionRoutes,
  type RouteEntry,
} from '../../routes';
import { isWithin } from '../nav-items';
import { useUnreadCount } from '../use-unread-count';
import styles from './mobile-nav.module.css';

/** Props of {@link MobileNav}. */
export interface MobileNavProps {
  className?: string;
}

/**
 * The mobile navigation (specification §2, decisions D9): a Menu button
 * (with the unread badge, capped at 9+) that opens a modal bottom sheet with
 * the same destinations as the top navigation in a grid, and the quick
 * actions Notifications, Performance (admins) and API Keys. The sheet closes
 * on Escape, on the backdrop and when a destination is chosen.
 */
export function MobileNav({ className }: MobileNavProps) {
  const { access, tenant } = useTenancy();
  const { pathname } = useLocation();
  const count = useUnreadCount();
  const [open, setOpen] = useState(false);
  const quickId = useId();
  const entries = useMemo(
    () => navigationFor(access, tenant.features),
    [access, tenant],
  );
  const actions = useMemo(
    () => quickActionRoutes(access, tenant.features),
    [access, tenant],
  );
  const badge = formatBadge(count, MOBILE_BADGE_CAP);
  const close = () => setOpen(false);

  const link = (route: RouteEntry & { title: string }, label?: string) => (
    <li key={route.path}>
      <Link
        to={route.path}
        className={styles.tile}
        aria-current={isWithin(pathname, route.path) ? 'page' : undefined}
        aria-label={label}
        onClick={close}
      >
        {route.title}
        {route.path === '/notifications' ? <Badge>{badge}</Badge> : null}
      </Link>
    </li>
  );

  return (
    <div className={className}>
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={count > 0 ? `Menu, ${notificationsLabel(count)}` : 'Menu'}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true" className={styles.bars} />
        <span className={styles.label}>Menu</span>
        <Badge>{badge}</Badge>
      </button>
      <Sheet open={open} onClose={close} title="Menu">
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
    </div>
  );
}
