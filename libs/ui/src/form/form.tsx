import {
  createContext,
  useContext,
  useLayoutEffect,
  useRef,
  type FormHTMLAttributes,
  type ReactNode,
} from 'react';
import styles from './form.module.css';
import type { FormController } from './use-form';

const FormContext = createContext<FormController | undefined>(undefined);

/**
 * The form that `FormField`, `SubmitButton` and `FormError` belong to.
 * Throws outside `<Form>`, naming what is missing.
 */
export function useFormContext(component: string): FormController {
  const form = useContext(FormContext);
  if (!form)
    throw new Error(
      `${component} must be used inside <Form form={useForm(…)}>: wrap it in the form it belongs to.`,
    );
  return form;
}

/** Props of {@link Form}. */
export interface FormProps
  extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  /** The controller from `useForm`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormController<any>;
  children: ReactNode;
}

/**
 * A `<form>` bound to a `useForm` controller: submitting runs the schema,
 * and when a field is invalid (by the schema or by the server) focus moves
 * to the first one in the page's order, whose message is read with it. The
 * browser's own validation bubbles are off (`noValidate`): messages come from
 * the schema, in the page's words.
 */
export function Form({ form, children, className, ...rest }: FormProps) {
  const ref = useRef<HTMLFormElement>(null);
  // Before the browser paints the errors, so no frame shows them with the
  // focus still on the submit button (a passive effect ran after paint).
  useLayoutEffect(() => {
    if (form.invalidSubmits === 0) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form.invalidSubmits]);
  return (
    <FormContext.Provider value={form}>
      <form
        ref={ref}
        noValidate
        aria-busy={form.submitting || undefined}
        className={[styles.form, className ?? ''].filter(Boolean).join(' ')}
        onSubmit={(event) => void form.handleSubmit(event)}
        {...rest}
      >
        {children}
      </form>
    </FormContext.Provider>
  );
}
