import { Button } from '@collective/ui';
import { useEffect, useRef } from 'react';
import { useSession } from '../auth-provider';
import styles from '../status-page.module.css';

/**
 * Shown while a stored session cannot be restored because GET /api/auth/me
 * failed other than with 401 (the server is down, the network is gone, or a
 * proxy answered with an HTML page): the token is kept, and Retry asks
 * again (docs/decisions/0060). Announced as an alert; Retry has the focus,
 * so Enter tries again. Sign out is there for someone who wants to give up
 * this session.
 */
export function ServerUnreachableScreen() {
  const { state, restore, logout } = useSession();
  const retry = useRef<HTMLButtonElement>(null);
  useEffect(() => retry.current?.focus(), []);
  return (
    <main className={styles.page}>
      <div role="alert" className={styles.message}>
        <h1 className={styles.title}>Could not reach the server</h1>
        <p className={styles.who}>
          Your session is kept. Check your connection, then try again.
        </p>
      </div>
      {state.status === 'unreachable' ? (
        <p className={styles.detail}>{state.reason}</p>
      ) : null}
      <div className={styles.actions}>
        <Button ref={retry} onClick={() => void restore()}>
          Retry
        </Button>
        <Button variant="secondary" onClick={() => void logout()}>
          Sign out
        </Button>
      </div>
    </main>
  );
}
