import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert } from '../alert/alert';
import { Button } from '../button/button';
import { sentenceRowClass } from '../sentence-row/sentence-row';

/** Props of {@link ConfirmAction}. */
export interface ConfirmActionProps {
  /** The button that asks, e.g. "Deactivate Kiehl's…". */
  askLabel: string;
  /** The question shown once asked: what happens and what is kept. */
  question: ReactNode;
  /** The button that does it, e.g. "Yes, deactivate Kiehl's". */
  confirmLabel: string;
  /** The same button's label while the action runs, e.g. "Deactivating…". */
  pendingLabel: string;
  /** Whether the action is running (the confirming button is disabled). */
  pending: boolean;
  /** Why the last attempt was refused (the server's sentence), or nothing. */
  error?: string | null;
  /** Disables the asking button, e.g. while nothing is chosen. */
  disabled?: boolean;
  /** Runs the action; call `done` once it succeeded to close the question. */
  onConfirm: (done: () => void) => void;
}

/**
 * An action that asks first (deactivate, revoke, bulk changes): the asking
 * button turns into the question with a confirming and a Cancel button.
 * Focus moves to the confirming button when asked and back to the asking
 * button on Cancel, so a keyboard user never loses their place.
 */
export function ConfirmAction({
  askLabel,
  question,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  disabled = false,
  onConfirm,
}: ConfirmActionProps) {
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  useEffect(() => {
    if (asking) confirm.current?.focus();
    else if (cancelled.current) ask.current?.focus();
    cancelled.current = false;
  }, [asking]);
  return (
    <>
      {error ? <Alert>{error}</Alert> : null}
      {asking ? (
        <div className={sentenceRowClass}>
          <p>{question}</p>
          <Button
            ref={confirm}
            disabled={pending}
            onClick={() => onConfirm(() => setAsking(false))}
          >
            {pending ? pendingLabel : confirmLabel}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              cancelled.current = true;
              setAsking(false);
            }}
          >
            Cancel
          </Button>
        </div>
      ) : (
        <Button
          ref={ask}
          variant="secondary"
          disabled={disabled}
          onClick={() => setAsking(true)}
        >
          {askLabel}
        </Button>
      )}
    </>
  );
}
