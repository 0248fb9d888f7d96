import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';
import { Field, type FieldControlProps } from '../field/field';
import { useFormContext } from '../form/form';
import { fieldError } from '../form/use-form';
import { TextField } from '../text-field/text-field';

/** What a {@link FormField} hands a custom control: its ties to the label and its value. */
export interface FormFieldControl extends FieldControlProps {
  name: string;
  /** The value as text, for inputs, selects and textareas. */
  value: string;
  onChange: (
    event: ChangeEvent<
      HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
    >,
  ) => void;
  /** Sets a value that is not text (a checkbox's boolean, a list). */
  setValue: (value: unknown) => void;
}

/** Props of {@link FormField}. */
export interface FormFieldProps
  extends Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'id' | 'name' | 'value' | 'onChange' | 'children'
  > {
  /** The key of the form's values (a schema issue at this path lands here). */
  name: string;
  label: string;
  hint?: string;
  /** Renders another control than a text input (select, textarea); spread `control` on it. */
  children?: (control: FormFieldControl) => ReactNode;
}

/**
 * A field of a `<Form>`: a labelled text input by default (or the control
 * `children` renders), with its hint and its error — from the schema or from
 * the server — tied with `aria-invalid` and `aria-describedby`.
 */
export function FormField({
  name,
  label,
  hint,
  children,
  ...inputProps
}: FormFieldProps) {
  const form = useFormContext('FormField');
  const error = fieldError(form.errors, name);
  const raw = form.values[name];
  const value = raw === undefined || raw === null ? '' : String(raw);
  const onChange = (
    event: ChangeEvent<
      HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
    >,
  ) => form.setValue(name, event.target.value);
  if (!children)
    return (
      <TextField
        {...inputProps}
        label={label}
        hint={hint}
        error={error}
        name={name}
        value={value}
        onChange={onChange}
      />
    );
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) =>
        children({
          ...control,
          name,
          value,
          onChange,
          setValue: (next) => form.setValue(name, next),
        })
      }
    </Field>
  );
}
