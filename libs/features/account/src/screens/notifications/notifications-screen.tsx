import { ScreenFrame } from '@collective/nav/react';
import {
  Alert,
  Button,
  DataState,
  formatDateTime,
  VisuallyHidden,
} from '@collective/ui';
import { useRef } from 'react';
import {
  useMarkAllRead,
  useMarkRead,
  useNotifications,
} from '../../data/notifications';
import styles from './notifications-screen.module.css';

/**
 * The notifications centre: the user's notifications, unread first, each
 * markable as read, and Mark all as read. The header's bell and the mobile
 * sheet's badge follow at once.
 */
export default function NotificationsScreen() {
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  // The failure of the last action, if it failed (each action clears the other's).
  const failure = markRead.error ?? markAll.error;
  const list = notifications.data ?? [];
  const unread = list.filter((n) => n.read_at === null).length;
  const count = useRef<HTMLParagraphElement>(null);
  const items = useRef<HTMLUListElement>(null);

  /** Marks one read; its button goes, so the focus moves to the next unread one, or to the count. */
  function markOne(id: number) {
    const buttons = [
      ...(items.current?.querySelectorAll<HTMLElement>('[data-mark-read]') ??
        []),
    ];
    const at = buttons.findIndex((b) => b.dataset['markRead'] === String(id));
    markAll.reset();
    markRead.mutate({ params: { id } });
    (buttons[at + 1] ?? buttons[at - 1] ?? count.current)?.focus();
  }
  return (
    <ScreenFrame>
      <div className={styles.toolbar}>
        <p
          ref={count}
          tabIndex={-1}
          aria-live="polite"
          className={styles.count}
        >
          {notifications.data
            ? unread === 0
              ? 'All read.'
              : `${unread} unread`
            : null}
        </p>
        <Button
          variant="secondary"
          disabled={unread === 0 || markRead.isPending || markAll.isPending}
          onClick={() => {
            markRead.reset();
            markAll.mutate();
            // The button is disabled once all are read: the count says so.
            count.current?.focus();
          }}
        >
          Mark all as read
        </Button>
      </div>
      {failure ? <Alert>{failure.message}</Alert> : null}
      <DataState
        status={notifications.status}
        error={notifications.error}
        onRetry={() => void notifications.refetch()}
        empty={list.length === 0}
        emptyText="You have no notifications."
        loadingText="Loading your notifications…"
      >
        <ul ref={items} className={styles.list}>
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
                    <>
                      <span className={styles.new}>New</span>
                      <VisuallyHidden>:</VisuallyHidden>{' '}
                    </>
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
                  onClick={() => markOne(n.id)}
                  data-mark-read={n.id}
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
