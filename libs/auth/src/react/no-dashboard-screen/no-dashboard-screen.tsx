import { Button } from '@collective/ui';
import { useSession } from '../auth-provider';
import styles from '../status-page.module.css';

/** Shown to signed-in users whose role has no dashboard (decisions D1), with a way out. */
export function NoDashboardScreen() {
  const { user, logout } = useSession();
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>No dashboard available for your role.</h1>
      {user ? <p className={styles.who}>Signed in as {user.email}</p> : null}
      <Button variant="secondary" onClick={() => void logout()}>
        Logout
      </Button>
    </main>
  );
}
