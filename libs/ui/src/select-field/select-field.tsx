import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { fieldControlClass } from '../field/field';
import { visuallyHiddenClass } from '../visually-hidden/visually-hidden';
import styles from './select-field.module.css';

/** One choice of a {@link SelectField}. */
export interface SelectOption {
  value: string;
  label: string;
}

/** Props of {@link SelectField}. */
export interface SelectFieldProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> {
  /** Label, also the accessible name of the list. */
  label: string;
  /** Hides the label visually (it stays the accessible name), for tight headers. */
  hideLabel?: boolean;
  options: readonly SelectOption[];
  ref?: Ref<HTMLSelectElement> | undefined;
}

/**
 * A labelled native select: the platform's own keyboard, typeahead and
 * screen-reader behaviour, styled only with the theme variables.
 */
export function SelectField({
  label,
  hideLabel = false,
  options,
  className,
  ...rest
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      <label
        htmlFor={id}
        className={hideLabel ? visuallyHiddenClass : styles.label}
      >
        {label}
      </label>
      <select
        id={id}
        className={`${fieldControlClass} ${styles.select}`}
        {...rest}
      >
        <SelectOptions options={options} />
      </select>
    </div>
  );
}

/** The `<option>` of each of `options`, in order: the choices inside a native select. */
export function SelectOptions({
  options,
}: {
  options: readonly SelectOption[];
}) {
  return (
    <>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}
