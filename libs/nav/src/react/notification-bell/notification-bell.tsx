import { Badge } from '@collective/ui';
import { Link } from 'react-router-dom';
import {
  formatBadge,
  HEADER_BADGE_CAP,
  notificationsLabel,
} from '../../format-badge';
import { useUnreadCount } from '../use-unread-count';
import { BellIcon } from './bell-icon';
import styles from './notification-bell.module.css';

/**
 * The header's notification bell (specification §2): a link to
 * /notifications whose accessible name says the unread count
 * ("Notifications, 5 unread"), with the badge capped at 99+.
 */
export function NotificationBell() {
  const count = useUnreadCount();
  return (
    <Link
      to="/notifications"
      className={styles.bell}
      aria-label={notificationsLabel(count)}
    >
      <BellIcon />
      <Badge className={styles.badge}>
        {formatBadge(count, HEADER_BADGE_CAP)}
      </Badge>
    </Link>
  );
}
