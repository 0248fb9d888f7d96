import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  getDotPath,
  safeParseAsync,
  type BaseIssue,
  type BaseSchema,
  type BaseSchemaAsync,
  type InferInput,
  type InferOutput,
} from 'valibot';

/**
 * An error the server answered a submission with, as the API client's
 * `ApiError` carries it (ui imports no client, so the shape is structural):
 * 409 is a conflict with a newer version (`current`), 400 a refusal whose
 * `message` is shown, and `fields` are messages for single fields.
 */
export interface ServerError {
  status?: number | undefined;
  message: string;
  /** The record as the server has it now (a 409's latest version). */
  current?: unknown;
  /** Messages for single fields, by field name. */
  fields?: Readonly<Record<string, string>> | undefined;
}

/** Any valibot schema, synchronous or not. */
export type FormSchema =
  | BaseSchema<unknown, unknown, BaseIssue<unknown>>
  | BaseSchemaAsync<unknown, unknown, BaseIssue<unknown>>;

/**
 * The values a form holds while the user edits them: the schema's input
 * keys, each with any value, since a half-filled form is not yet valid
 * (an empty select, a number still typed as text).
 */
export type FormValues<TSchema extends FormSchema> = {
  [K in keyof InferInput<TSchema>]?: unknown;
};

/** Options of {@link useForm}. */
export interface UseFormOptions<TSchema extends FormSchema> {
  /** Checks the values on submit (and on every change after a failed submit). */
  schema: TSchema;
  /** The values the fields start with; strings for text inputs (the schema converts). */
  initialValues: FormValues<TSchema>;
  /**
   * Sends the checked values. Throw (or reject with) a {@link ServerError}
   * to show it: the values are kept whatever happens.
   */
  onSubmit: (values: InferOutput<TSchema>) => unknown;
}

/** State and actions of a form, from {@link useForm}; hand it to `<Form form={…}>`. */
export interface FormController<TValues = Record<string, unknown>> {
  values: TValues;
  /** Sets one field's value (a top-level key of the values). */
  setValue: (name: string, value: unknown) => void;
  /** The message of each invalid field, by its dot path (`address.city`). */
  errors: Readonly<Record<string, string>>;
  /** A schema issue about the whole form (no path), e.g. "The dates are in the wrong order". */
  formError: string | null;
  /** What the server answered the last submission with, until the next one or a reset. */
  serverError: ServerError | null;
  submitting: boolean;
  /** Checks, then sends; ignored while a submission is under way. */
  handleSubmit: (event?: FormEvent) => Promise<void>;
  /** Starts again from these values (e.g. the latest version after a 409), clearing every message. */
  reset: (values?: TValues) => void;
  /** Grows on each submit that found an invalid field, so `Form` moves focus to the first one. */
  invalidSubmits: number;
}

function isServerError(error: unknown): error is ServerError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** The message of a field (or of a nested path below it) in an error map. */
export function fieldError(
  errors: Readonly<Record<string, string>>,
  name: string,
): string | undefined {
  if (errors[name] !== undefined) return errors[name];
  const nested = Object.keys(errors).find((key) => key.startsWith(`${name}.`));
  return nested === undefined ? undefined : errors[nested];
}

/**
 * Maps valibot issues to one message per field, by the issue's dot path
 * (the first issue of a path wins), and the path-less ones to a form-level
 * message.
 */
export function issuesToErrors(issues: readonly BaseIssue<unknown>[]): {
  errors: Record<string, string>;
  formError: string | null;
} {
  const errors: Record<string, string> = {};
  const formMessages: string[] = [];
  for (const issue of issues) {
    const path = getDotPath(issue);
    if (path === null || path === '') formMessages.push(issue.message);
    else if (!Object.hasOwn(errors, path)) errors[path] = issue.message;
  }
  return {
    errors,
    formError: formMessages.length > 0 ? formMessages.join(' ') : null,
  };
}

/**
 * A form over a valibot schema (the API contract's language): values, one
 * message per invalid field, a form-level message, the server's answer
 * (409 conflict, 400, field errors) and a submitting flag. It never changes
 * the user's values by itself; only `reset` does.
 */
export function useForm<TSchema extends FormSchema>({
  schema,
  initialValues,
  onSubmit,
}: UseFormOptions<TSchema>): FormController<FormValues<TSchema>> {
  type Values = FormValues<TSchema>;
  const [values, setValues] = useState<Values>(initialValues);
  const valuesRef = useRef(values);
  const [checked, setChecked] = useState<{
    errors: Record<string, string>;
    formError: string | null;
  }>({ errors: {}, formError: null });
  const [serverError, setServerError] = useState<ServerError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [invalidSubmits, setInvalidSubmits] = useState(0);
  const submittingRef = useRef(false);
  const attempted = useRef(false);
  const latestCheck = useRef(0);
  const onSubmitRef = useRef(onSubmit);
  onSubmitRef.current = onSubmit;

  const check = useCallback(
    async (next: Values) => {
      const run = ++latestCheck.current;
      const result = await safeParseAsync(schema, next);
      const found = result.success
        ? { errors: {}, formError: null }
        : issuesToErrors(result.issues);
      // A slower check of older values must not overwrite a newer one.
      if (run === latestCheck.current) setChecked(found);
      return result;
    },
    [schema],
  );

  const setValue = useCallback(
    (name: string, value: unknown) => {
      const next = {
        ...(valuesRef.current as object),
        [name]: value,
      } as Values;
      valuesRef.current = next;
      setValues(next);
      if (attempted.current) void check(next);
      // The server's message about this field no longer applies to the new value.
      setServerError((current) => {
        if (!current?.fields?.[name]) return current;
        const fields = Object.fromEntries(
          Object.entries(current.fields).filter(([key]) => key !== name),
        );
        return { ...current, fields };
      });
    },
    [check],
  );

  const handleSubmit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (submittingRef.current) return;
      submittingRef.current = true;
      setSubmitting(true);
      attempted.current = true;
      try {
        const result = await check(valuesRef.current);
        if (!result.success) {
          setInvalidSubmits((count) => count + 1);
          return;
        }
        setServerError(null);
        try {
          await onSubmitRef.current(result.output as InferOutput<TSchema>);
        } catch (error) {
          const answer: ServerError = isServerError(error)
            ? error
            : { message: 'The form could not be sent. Try again.' };
          setServerError(answer);
          if (answer.fields && Object.keys(answer.fields).length > 0)
            setInvalidSubmits((count) => count + 1);
        }
      } finally {
        submittingRef.current = false;
        setSubmitting(false);
      }
    },
    [check],
  );

  const reset = useCallback(
    (next?: Values) => {
      attempted.current = false;
      latestCheck.current += 1;
      valuesRef.current = next ?? initialValues;
      setValues(valuesRef.current);
      setChecked({ errors: {}, formError: null });
      setServerError(null);
    },
    [initialValues],
  );

  return useMemo(
    () => ({
      values,
      setValue,
      errors: { ...serverError?.fields, ...checked.errors },
      formError: checked.formError,
      serverError,
      submitting,
      handleSubmit,
      reset,
      invalidSubmits,
    }),
    [
      values,
      setValue,
      checked,
      serverError,
      submitting,
      handleSubmit,
      reset,
      invalidSubmits,
    ],
  );
}
