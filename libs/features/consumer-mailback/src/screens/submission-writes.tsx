import {
  MailbackNoteSchema,
  ReceiveMailbackSchema,
  RedactMailbackSchema,
  type MailbackSubmission,
} from '@collective/api-client/contract';
import {
  Form,
  FormError,
  FormField,
  SubmitButton,
  useForm,
  type ButtonProps,
  type FormSchema,
  type FormValues,
} from '@collective/ui';
import { useMemo, type ReactNode } from 'react';
import * as v from 'valibot';

/** What every write of a submission's detail is given. */
interface WriteProps {
  /** Says what was done (the screen's status line). */
  onDone: (message: string) => void;
  /** Reads the submission again, after a 409 (someone changed it meanwhile). */
  onReload: () => void;
}

/** A write with its own input, on the submission as read (its version). */
interface EditProps<TBody> extends WriteProps {
  submission: MailbackSubmission;
  /** Sends the body (with the version read) to the API. */
  send: (body: TBody) => Promise<unknown>;
}

/**
 * One write as a form of the form kit: `schema` checks the values, `send`
 * sends them, then `done` is said; a refusal shows above the fields (a 409
 * says the submission changed and offers to reload it), the values kept.
 */
function WriteForm<TSchema extends FormSchema>({
  label,
  schema,
  initialValues,
  send,
  done,
  onDone,
  onReload,
  resetOnDone = false,
  children,
}: WriteProps & {
  label: string;
  schema: TSchema;
  initialValues: FormValues<TSchema>;
  send: (values: v.InferOutput<TSchema>) => Promise<unknown>;
  done: string;
  /** Empties the fields once the write is done (for a write that adds). */
  resetOnDone?: boolean;
  /** The fields and the submit button. */
  children: ReactNode;
}) {
  const form = useForm({
    schema,
    initialValues,
    onSubmit: async (values) => {
      await send(values);
      if (resetOnDone) form.reset();
      onDone(done);
    },
  });
  return (
    <Form form={form} aria-label={label}>
      <FormError onReloadLatest={onReload} />
      {children}
    </Form>
  );
}

const NOTHING = v.object({});

/** A write that takes no input, as a form of one button (busy while it is sent). */
export function ActionForm({
  label,
  busyLabel,
  variant,
  send,
  done,
  onDone,
  onReload,
}: WriteProps & {
  label: string;
  busyLabel: string;
  variant?: ButtonProps['variant'];
  send: () => Promise<unknown>;
  done: string;
}) {
  return (
    <WriteForm
      label={label}
      schema={NOTHING}
      initialValues={{}}
      send={send}
      done={done}
      onDone={onDone}
      onReload={onReload}
    >
      <SubmitButton variant={variant} busyLabel={busyLabel}>
        {label}
      </SubmitButton>
    </WriteForm>
  );
}

/** The arrival form: the weight as typed (a number in kg). */
const ArrivalForm = v.object({
  weight_kg: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+(\.\d+)?$/, 'Enter the weight in kg, such as 1.25.'),
    v.transform(Number),
    ReceiveMailbackSchema.entries.weight_kg,
  ),
});

/**
 * Records the box's arrival and its weight: the server makes it a received
 * shipment with a receipt of that weight (decisions D14), which the detail
 * then links to.
 */
export function ReceiveForm({
  submission,
  send,
  ...written
}: EditProps<v.InferInput<typeof ReceiveMailbackSchema>>) {
  return (
    <WriteForm
      {...written}
      label="Record the arrival"
      schema={ArrivalForm}
      initialValues={{ weight_kg: '' }}
      send={({ weight_kg }) => send({ version: submission.version, weight_kg })}
      done="Arrival recorded as a received shipment."
    >
      <FormField
        name="weight_kg"
        label="Received weight (kg)"
        type="number"
        step="0.001"
        min="0.001"
        inputMode="decimal"
      />
      <SubmitButton>Record arrival</SubmitButton>
    </WriteForm>
  );
}

const NoteForm = v.omit(MailbackNoteSchema, ['version']);

/** Adds a note to the submission; the field empties once it is saved. */
export function AddNoteForm({
  submission,
  send,
  ...written
}: EditProps<v.InferInput<typeof MailbackNoteSchema>>) {
  return (
    <WriteForm
      {...written}
      label="Add a note"
      schema={NoteForm}
      initialValues={{ text: '' }}
      send={({ text }) => send({ version: submission.version, text })}
      done="Note added."
      resetOnDone
    >
      <FormField name="text" label="Note" maxLength={1000} />
      <SubmitButton variant="secondary">Add note</SubmitButton>
    </WriteForm>
  );
}

const ConfirmForm = v.omit(RedactMailbackSchema, ['version']);

/** Erases the submission's personal data for good, once its id is typed again. */
export function RedactForm({
  submission,
  send,
  ...written
}: EditProps<v.InferInput<typeof RedactMailbackSchema>>) {
  const schema = useMemo(
    () =>
      v.pipe(
        ConfirmForm,
        v.forward(
          v.check(
            ({ confirm }) => confirm.trim() === submission.id,
            `Type ${submission.id} to confirm.`,
          ),
          ['confirm'],
        ),
      ),
    [submission.id],
  );
  return (
    <WriteForm
      {...written}
      label="Redact this submission"
      schema={schema}
      initialValues={{ confirm: '' }}
      send={({ confirm }) =>
        send({ version: submission.version, confirm: confirm.trim() })
      }
      done="The submission was redacted."
    >
      <FormField
        name="confirm"
        label={`Type ${submission.id} to confirm`}
        autoComplete="off"
      />
      <SubmitButton busyLabel="Redacting…">Redact personal data</SubmitButton>
    </WriteForm>
  );
}
