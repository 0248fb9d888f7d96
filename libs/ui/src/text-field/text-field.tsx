import type { InputHTMLAttributes, Ref } from 'react';
import { Field } from '../field/field';

/** Props of {@link TextField}. */
export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Visible label, also the accessible name of the input. */
  label: string;
  /** Help text under the input, linked with `aria-describedby`. */
  hint?: string | undefined;
  /** What is wrong with the value: shown under the input, which is marked invalid. */
  error?: string | null | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input; the label is always visible and tied to the input. */
export function TextField({
  label,
  hint,
  error,
  className,
  ...rest
}: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...control} {...rest} />}
    </Field>
  );
}
