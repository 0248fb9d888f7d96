import type { MouseEvent, ReactNode } from 'react';
import { Button, type ButtonProps } from '../button/button';
import { useFormContext } from '../form/form';

/** Props of {@link SubmitButton}. */
export interface SubmitButtonProps
  extends Omit<ButtonProps, 'type' | 'disabled'> {
  /** The label while idle, e.g. "Save store". */
  children: ReactNode;
  /** The label while the form is being sent; "Saving…" by default. */
  busyLabel?: string;
}

/**
 * The submit button of a `<Form>`: while the form is being sent it says so
 * ("Saving…"), is `aria-busy`, and is disabled with `aria-disabled` rather
 * than `disabled`, so the keyboard focus stays on it instead of falling to
 * the page; a second click or Enter sends nothing.
 */
export function SubmitButton({
  children,
  busyLabel = 'Saving…',
  onClick,
  ...rest
}: SubmitButtonProps) {
  const form = useFormContext('SubmitButton');
  const busy = form.submitting;
  return (
    <Button
      {...rest}
      type="submit"
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {busy ? busyLabel : children}
    </Button>
  );
}
