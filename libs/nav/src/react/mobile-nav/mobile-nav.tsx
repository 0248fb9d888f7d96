import { Badge } from '@collective/ui';
import { lazy, Suspense, useState } from 'react';
import {
  formatBadge,
  MOBILE_BADGE_CAP,
  notificationsLabel,
} from '../../format-badge';
import { useUnreadCount } from '../use-unread-count';
import styles from './mobile-nav.module.css';

const MobileNavSheet = lazy(async () => ({
  default: (await import('./mobile-nav-sheet')).MobileNavSheet,
}));

/** Props of {@link MobileNav}. */
export interface MobileNavProps {
  className?: string;
}

/**
 * The mobile navigation (specification §2, decisions D9): a Menu button
 * (with the unread badge, capped at 9+) that opens a modal bottom sheet with
 * the same destinations as the top navigation in a grid, and the quick
 * actions Notifications, Performance (admins) and API Keys. The sheet closes
 * on Escape, on the backdrop and when a destination is chosen. The sheet is
 * a chunk of its own, fetched when the button is first pressed (0027), and
 * stays on the page once it has been opened.
 */
export function MobileNav({ className }: MobileNavProps) {
  const count = useUnreadCount();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const badge = formatBadge(count, MOBILE_BADGE_CAP);

  return (
    <div className={className}>
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={count > 0 ? `Menu, ${notificationsLabel(count)}` : 'Menu'}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <span aria-hidden="true" className={styles.bars} />
        <span className={styles.label}>Menu</span>
        <Badge>{badge}</Badge>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileNavSheet
            open={open}
            onClose={() => setOpen(false)}
            count={count}
            badge={badge}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
