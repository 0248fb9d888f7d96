import { ConfirmAction, errorMessage } from '@collective/ui';

/** A deactivation call (POST …/:id/deactivate at the version read), as `useScopedMutation` gives it. */
export interface DeactivateCall {
  mutate: (
    input: { params: { id: number }; body: { version: number } },
    options: { onSuccess: () => void },
  ) => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * A record's Deactivate section (collective admins): asks first, saying
 * what is kept, then deactivates at the version read; a stale version or a
 * record already deactivated is refused with the server's reason (D14, D15:
 * members and stores are deactivated, never deleted).
 */
export function Deactivation({
  record,
  kept,
  deactivate,
  onDone,
}: {
  record: { id: number; name: string; version: number };
  /** What stays, e.g. "Its shipments and history are kept." */
  kept: string;
  deactivate: DeactivateCall;
  onDone: (text: string) => void;
}) {
  const { id, name, version } = record;
  return (
    <section aria-labelledby={`deactivate-${id}`}>
      <h3 id={`deactivate-${id}`}>Deactivate</h3>
      <ConfirmAction
        askLabel={`Deactivate ${name}…`}
        question={`Deactivate ${name}? ${kept}`}
        confirmLabel={`Yes, deactivate ${name}`}
        pendingLabel="Deactivating…"
        pending={deactivate.isPending}
        error={
          deactivate.isError
            ? errorMessage(deactivate.error, 'Nothing was changed. Try again.')
            : null
        }
        onConfirm={(done) =>
          deactivate.mutate(
            { params: { id }, body: { version } },
            {
              onSuccess: () => {
                done();
                onDone(`${name} was deactivated.`);
              },
            },
          )
        }
      />
    </section>
  );
}
