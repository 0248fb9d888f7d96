import { FormField } from '../form-field/form-field';
import { SelectOptions, type SelectOption } from '../select-field/select-field';

/** Props of {@link FormSelect}. */
export interface FormSelectProps {
  /** The key of the form's values (a schema issue at this path lands here). */
  name: string;
  label: string;
  hint?: string;
  /** The choices, in order. */
  options: readonly SelectOption[];
  /** The words of a first choice with an empty value ("Choose one", "Any"), when the field offers one. */
  emptyChoice?: string;
}

/**
 * A field of a `<Form>` whose control is a native select of `options`: a
 * {@link FormField} with its label, hint and error, the platform's own
 * keyboard and typeahead, and a first empty choice when `emptyChoice` is
 * given.
 */
export function FormSelect({
  name,
  label,
  hint,
  options,
  emptyChoice,
}: FormSelectProps) {
  return (
    <FormField name={name} label={label} hint={hint}>
      {({ setValue: _notText, ...control }) => (
        <select {...control}>
          {emptyChoice === undefined ? null : (
            <option value="">{emptyChoice}</option>
          )}
          <SelectOptions options={options} />
        </select>
      )}
    </FormField>
  );
}
