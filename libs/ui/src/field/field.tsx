import { useId, type ReactNode } from 'react';
import styles from './field.module.css';

/** The theme's look of a form control (input, select, textarea), for controls outside a {@link Field}. */
export const fieldControlClass = styles.control ?? '';

/** What a {@link Field} hands its control so the label, hint and error belong to it. */
export interface FieldControlProps {
  id: string;
  /** The error, then the hint: read after the control's name. */
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  /** The theme's look of inputs, selects and textareas. */
  className: string;
}

/** Props of {@link Field}. */
export interface FieldProps {
  /** Visible label, also the accessible name of the control. */
  label: string;
  /** Help text under the control. */
  hint?: string | undefined;
  /** What is wrong with the value; marks the control invalid. */
  error?: string | null | undefined;
  className?: string | undefined;
  /** Renders the control with the props that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * The frame of every form control: a visible label tied to the control, a
 * hint, and an error that marks it `aria-invalid` and is read with it
 * (`aria-describedby`). TextField and FormField are built on it; use it
 * directly for a select or a textarea.
 */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        className: fieldControlClass,
      })}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
