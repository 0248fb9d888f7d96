import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './choice-group.module.css';

/** Props of {@link ChoiceGroup}. */
export interface ChoiceGroupProps {
  /** What the choices are about, the group's name for screen readers. */
  legend: string;
  /** What is wrong with the choice; read with the group. */
  error?: string | null | undefined;
  /** The {@link Choice}s. */
  children: ReactNode;
}

/**
 * Radios or checkboxes under a legend, as a `<fieldset>` the form kit's
 * fields sit beside: the legend styled as a field's label, the error read
 * with the group (`aria-describedby`).
 */
export function ChoiceGroup({ legend, error, children }: ChoiceGroupProps) {
  const id = useId();
  return (
    <fieldset
      className={styles.group}
      aria-labelledby={`${id}-legend`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend id={`${id}-legend`} className={styles.legend}>
        {legend}
      </legend>
      {children}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Props of {@link Choice}: those of its `<input>` (`type`, `checked`, `onChange` …) and its label. */
export interface ChoiceProps extends InputHTMLAttributes<HTMLInputElement> {
  type: 'radio' | 'checkbox';
  label: ReactNode;
}

/** One radio or checkbox of a {@link ChoiceGroup}, its label beside it and clickable. */
export function Choice({ label, ...input }: ChoiceProps) {
  return (
    <label className={styles.choice}>
      <input {...input} />
      {label}
    </label>
  );
}
