import type { ReactNode } from 'react';
import { Choice, ChoiceGroup } from './choice-group';
import styles from './choice-group.module.css';

/** Props of {@link RadioChoices}. */
export interface RadioChoicesProps<T extends string> {
  /** What the choice is about, the group's name for screen readers. */
  legend: string;
  /** The radios' `name`. */
  name: string;
  /** The values offered, in order. */
  options: readonly T[];
  /** The label of a value's radio. */
  label: (option: T) => ReactNode;
  /** The value chosen, if any (its radio is checked). */
  value: string | undefined;
  onChange: (option: T) => void;
  /** What is wrong with the choice; read with the group. */
  error?: string | null | undefined;
  /** Lays the radios out in a row that wraps, rather than one under another. */
  inline?: boolean;
}

/**
 * One value out of a few, as a {@link ChoiceGroup} of radios: one
 * {@link Choice} per option, checked when it is the `value`.
 */
export function RadioChoices<T extends string>({
  legend,
  name,
  options,
  label,
  value,
  onChange,
  error,
  inline = false,
}: RadioChoicesProps<T>) {
  const radios = options.map((option) => (
    <Choice
      key={option}
      type="radio"
      name={name}
      value={option}
      label={label(option)}
      checked={value === option}
      onChange={() => onChange(option)}
    />
  ));
  return (
    <ChoiceGroup legend={legend} error={error}>
      {inline ? <div className={styles.row}>{radios}</div> : radios}
    </ChoiceGroup>
  );
}
