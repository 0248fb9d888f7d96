import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { loginErrorMessage } from '../../login-error';
import { Alert, Button, TextField } from '@collective/ui';
import { useSession } from '../auth-provider';
import styles from './sign-in-screen.module.css';

/** Props of {@link SignInScreen}. */
export interface SignInScreenProps {
  /** Product name shown above the form. */
  productName?: string;
}

const subscribeNever = () => () => undefined;

/**
 * Whether React runs this screen in the browser: false while markup rendered
 * ahead of time (the sign-in page's HTML) waits for its script, true once
 * hydrated and in any page rendered in the browser.
 */
function useInteractive(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * The sign-in screen (specification §2, §5, §8): required email and password,
 * the browser's email check, one request at a time, and the server's reason
 * (or "Login failed") in an alert above the button. Rendered ahead of time
 * into the page's HTML, it can be filled in at once; its button waits for
 * the script, so no submission leaves the page before the app handles it.
 */
export function SignInScreen({
  productName = 'Collective Dashboard',
}: SignInScreenProps) {
  const { login } = useSession();
  const interactive = useInteractive();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await login({
        email: String(form.get('email')),
        password: String(form.get('password')),
      });
    } catch (failure) {
      setError(loginErrorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <p className={styles.product}>{productName}</p>
        <h1 className={styles.title}>Sign in</h1>
        {/* POST, so even a submission the app never saw puts no password in a URL. */}
        <form
          className={styles.form}
          method="post"
          onSubmit={onSubmit}
          aria-busy={busy}
        >
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            required
            // The screen exists only to take these two fields.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          {error ? <Alert>{error}</Alert> : null}
          <Button type="submit" block disabled={busy || !interactive}>
            {busy ? 'Signing in...' : 'Sign in'}
          </Button>
        </form>
        <p className={styles.help}>Need help? Contact your administrator.</p>
      </div>
    </main>
  );
}
