import type { ApiKey, CreatedApiKey } from '@collective/api-client';
import { MAX_API_KEY_NAME_LENGTH } from '@collective/api-client/contract';
import { ScreenFrame } from '@collective/nav/react';
import {
  Alert,
  Button,
  CopyButton,
  DataState,
  formatDateTime,
  PlainTable,
  Sheet,
  TextField,
  VisuallyHidden,
} from '@collective/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  useApiKeys,
  useCreateApiKey,
  useRevokeApiKey,
} from '../../data/api-keys';
import styles from './api-keys-screen.module.css';

/**
 * API Keys (decisions D13): the user's keys, a form to make one (its secret
 * shown once, with a copy button and a warning), and revoking with a
 * confirmation. A key reads the dashboard's data as its owner, nothing else.
 */
export default function ApiKeysScreen() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiKey | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  // Where the focus goes once a revoked key's row is gone: the next key's Revoke, or the name field.
  const [focusAfterRevoke, setFocusAfterRevoke] = useState<
    number | 'name' | null
  >(null);
  const nameField = useRef<HTMLInputElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const nameErrorId = useId();

  useEffect(() => {
    if (focusAfterRevoke === null) return;
    const next =
      focusAfterRevoke === 'name'
        ? null
        : table.current?.querySelector<HTMLElement>(
            `[data-key-id="${focusAfterRevoke}"]`,
          );
    (next ?? nameField.current)?.focus();
    setFocusAfterRevoke(null);
  }, [focusAfterRevoke]);

  function onRevoke(key: ApiKey) {
    const list = keys.data ?? [];
    const at = list.findIndex((k) => k.id === key.id);
    const neighbour = list[at + 1] ?? list[at - 1];
    revoke.mutate(
      { params: { id: key.id } },
      {
        onSuccess: () => {
          // Its secret must not stay on screen once the key is revoked.
          setCreated((shown) => (shown?.key.id === key.id ? null : shown));
          setFocusAfterRevoke(neighbour ? neighbour.id : 'name');
        },
      },
    );
  }

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    if (!name) {
      setNameError('Give the key a name: spaces alone are not a name.');
      nameField.current?.focus();
      return;
    }
    setNameError(null);
    create.mutate(
      { body: { name } },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          form.reset();
        },
      },
    );
  }

  return (
    <ScreenFrame>
      <p className={styles.intro}>
        A key lets a script or another tool read the dashboard's figures and
        stores as you, within your data scope. It cannot sign in, change
        anything, or manage keys. Send it as{' '}
        <code>Authorization: Bearer …</code>.
      </p>
      {created ? (
        <section aria-labelledby="new-key" className={styles.created}>
          <h2 id="new-key" className={styles.heading}>
            Your new key "{created.key.name}"
          </h2>
          <Alert tone="info">
            Copy it now: it is shown this once and cannot be recovered. Anyone
            with the key can read your data.
          </Alert>
          <div className={styles.secret}>
            <code className={styles.code}>{created.secret}</code>
            <CopyButton text={created.secret} label="Copy key" />
          </div>
          <div>
            <Button
              variant="secondary"
              onClick={() => {
                setCreated(null);
                nameField.current?.focus();
              }}
            >
              I have copied it
            </Button>
          </div>
        </section>
      ) : null}
      <form className={styles.form} onSubmit={onCreate}>
        <TextField
          label="Name of a new key"
          name="name"
          required
          maxLength={MAX_API_KEY_NAME_LENGTH}
          hint="What it is for, e.g. Monthly report script."
          autoComplete="off"
          ref={nameField}
          {...(nameError
            ? { 'aria-invalid': true, 'aria-describedby': nameErrorId }
            : {})}
          onChange={() => setNameError(null)}
        />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create key'}
        </Button>
      </form>
      {nameError ? (
        <p id={nameErrorId} className={styles.error}>
          {nameError}
        </p>
      ) : null}
      {create.isError ? <Alert>{create.error.message}</Alert> : null}
      {revoke.isError ? <Alert>{revoke.error.message}</Alert> : null}
      <DataState
        status={keys.status}
        error={keys.error}
        onRetry={() => void keys.refetch()}
        empty={keys.data?.length === 0}
        emptyText="You have no API keys."
        loadingText="Loading your keys…"
      >
        <PlainTable ref={table}>
          <caption className={styles.caption}>Your API keys</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key starts with</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.data?.map((key) => (
              <tr key={key.id}>
                <th scope="row">{key.name}</th>
                <td>
                  <code>{key.prefix}…</code>
                </td>
                <td>{formatDateTime(key.created_at)}</td>
                <td>
                  {key.last_used_at
                    ? formatDateTime(key.last_used_at)
                    : 'Never'}
                </td>
                <td>
                  <Button
                    variant="ghost"
                    aria-label={`Revoke "${key.name}"`}
                    data-key-id={key.id}
                    onClick={() => setToRevoke(key)}
                  >
                    Revoke
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      </DataState>
      <Sheet
        open={toRevoke !== null}
        onClose={() => setToRevoke(null)}
        title="Revoke this key?"
        closeLabel="Cancel"
        placement="center"
      >
        <p>
          Tools using "{toRevoke?.name}" stop working at once. This cannot be
          undone.
        </p>
        <Button
          onClick={() => {
            if (toRevoke) onRevoke(toRevoke);
            setToRevoke(null);
          }}
        >
          Revoke key
        </Button>
      </Sheet>
    </ScreenFrame>
  );
}
