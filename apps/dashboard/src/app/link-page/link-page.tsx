import { useSession } from '@collective/auth/react';
import { userEndpoints } from '@collective/api-client/contract';
import { Alert, Button, errorMessage, TextField } from '@collective/ui';
import { useEffect, useState, type FormEvent } from 'react';
import type { Services } from '../../services';
import styles from './link-page.module.css';

const MIN_LENGTH = 12;

/** What a failed call says when neither the server nor the error has a sentence. */
const FAILED = 'Something went wrong; try again.';

type Step =
  | { kind: 'checking' }
  | { kind: 'dead'; message: string }
  | { kind: 'form'; email: string; name: string }
  | { kind: 'done'; email: string };

/** Props of {@link LinkPage}. */
export interface LinkPageProps {
  services: Pick<Services, 'loadApi'>;
  purpose: 'invitation' | 'password_reset';
}

/**
 * The accept-invitation and reset-password page: reads the token from the
 * URL's fragment (never sent to a server), asks the server whose link it
 * is, then lets the person choose a password (12 characters or more; the
 * server also refuses common ones). An invitation then signs them in and
 * they land on their dashboard; a reset sends them to sign in.
 */
export function LinkPage({ services, purpose }: LinkPageProps) {
  const { login } = useSession();
  const token =
    new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const invitation = purpose === 'invitation';
  const title = invitation ? 'Accept your invitation' : 'Choose a new password';

  useEffect(() => {
    let live = true;
    services
      .loadApi()
      .then((api) =>
        api.request(userEndpoints.checkLink, { body: { token, purpose } }),
      )
      .then(
        (info) =>
          live && setStep({ kind: 'form', email: info.email, name: info.name }),
      )
      .catch((cause: unknown) => {
        if (!live) return;
        setStep({
          kind: 'dead',
          message:
            token !== ''
              ? errorMessage(cause, FAILED)
              : 'This link is incomplete. Open the whole link from your mail, or ask your administrator for a new one.',
        });
      });
    return () => {
      live = false;
    };
  }, [services, token, purpose]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (step.kind !== 'form' || busy) return;
    if ([...password].length < MIN_LENGTH) {
      setError(
        `Choose a password of at least ${MIN_LENGTH} characters; a few unrelated words make a strong one.`,
      );
      return;
    }
    if (password !== confirm) {
      setError('The two passwords differ; type the same password twice.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const api = await services.loadApi();
      if (invitation) {
        await api.request(userEndpoints.acceptInvitation, {
          body: { token, password },
        });
        window.history.replaceState(null, '', '/dashboard');
        await login({ email: step.email, password });
      } else {
        await api.request(userEndpoints.resetPassword, {
          body: { token, password },
        });
        setStep({ kind: 'done', email: step.email });
      }
    } catch (cause) {
      setError(errorMessage(cause, FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <h1>{title}</h1>
        {step.kind === 'checking' && <p role="status">Checking your link…</p>}
        {step.kind === 'dead' && (
          <>
            <Alert>{step.message}</Alert>
            <p>
              <a href="/">Go to the sign-in page</a>
            </p>
          </>
        )}
        {step.kind === 'done' && (
          <>
            <Alert tone="info">
              Your password was changed and every session was signed out. Sign
              in with your new password.
            </Alert>
            <p>
              <a href="/">Sign in</a>
            </p>
          </>
        )}
        {step.kind === 'form' && (
          <form className={styles.form} onSubmit={submit} noValidate>
            <p>
              {invitation ? `Welcome, ${step.name}. ` : ''}Choose a password for{' '}
              <strong>{step.email}</strong>.
            </p>
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              hint={`At least ${MIN_LENGTH} characters; common passwords are refused.`}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
            <TextField
              label="Repeat the password"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
              required
            />
            {error && <Alert>{error}</Alert>}
            <Button type="submit" block aria-disabled={busy}>
              {busy
                ? 'Saving…'
                : invitation
                  ? 'Set password and sign in'
                  : 'Set new password'}
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
