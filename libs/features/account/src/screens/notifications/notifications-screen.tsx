import { ScreenFrame } from '@collective/nav/react';
import { Alert, Button, DataState, formatDateTime } from '@collective/ui';
import { useMarkRead, useNotifications } from '../../data/notifications';
import styles from './notifications-screen.module.css';

/**
 * The notifications centre: the user's notifications, unread first, each
 * markable as read, and Mark all as read. The header's bell and the mobile
 * sheet's badge follow at once.
 */
export default function NotificationsScreen() {
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const list = notifications.data ?? [];
  const unread = list.filter((n) => n.read_at === null).length;
  return (
    <ScreenFrame>
      <div className={styles.toolbar}>
        <p aria-live="polite" className={styles.count}>
          {notifications.data
            ? unread === 0
              ? 'All read.'
              : `${unread} unread`
            : null}
        </p>
        <Button
          variant="secondary"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate(null)}
        >
          Mark all as read
        </Button>
      </div>
      {markRead.isError ? <Alert>{markRead.error.message}</Alert> : null}
      <DataState
        status={notifications.status}
        error={notifications.error}
        onRetry={() => void notifications.refetch()}
        empty={list.length === 0}
        emptyText="You have no notifications."
        loadingText="Loading your notifications…"
      >
        <ul className={styles.list}>
          {list.map((n) => (
            <li
              key={n.id}
              className={[styles.item, n.read_at === null ? styles.unread : '']
                .filter(Boolean)
                .join(' ')}
              aria-labelledby={`notification-${n.id}`}
            >
              <div className={styles.text}>
                <h2 id={`notification-${n.id}`} className={styles.title}>
                  {n.read_at === null ? (
                    <span className={styles.new}>New</span>
                  ) : null}
                  {n.title}
                </h2>
                <p className={styles.body}>{n.body}</p>
                <p className={styles.time}>
                  <time dateTime={n.created_at}>
                    {formatDateTime(n.created_at)}
                  </time>
                </p>
              </div>
              {n.read_at === null ? (
                <Button
                  variant="ghost"
                  onClick={() => markRead.mutate(n.id)}
                  aria-label={`Mark "${n.title}" as read`}
                >
                  Mark as read
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </DataState>
    </ScreenFrame>
  );
}
