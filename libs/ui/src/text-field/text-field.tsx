import { useId, type InputHTMLAttributes, type Ref } from 'react';
import styles from './text-field.module.css';

/** Props of {@link TextField}. */
export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Visible label, also the accessible name of the input. */
  label: string;
  /** Help text under the input, linked with `aria-describedby`. */
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input; the label is always visible and tied to the input. */
export function TextField({ label, hint, className, ...rest }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        aria-describedby={hintId}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
