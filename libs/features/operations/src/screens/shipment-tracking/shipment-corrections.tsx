import {
  SHIPMENT_EXCEPTIONS,
  ShipmentExceptionSchema,
  ShipmentOriginSchema,
  type ShipmentDetail,
} from '@collective/api-client/contract';
import {
  Form,
  FormError,
  FormField,
  SubmitButton,
  useForm,
} from '@collective/ui';
import * as v from 'valibot';
import {
  useCorrectShipmentOrigin,
  useRecordShipmentException,
} from '../../data/shipments';
import styles from './shipment-tracking.module.css';

/** The exception form: the contract's body without the version, which is the shipment's as read. */
const ExceptionForm = v.omit(ShipmentExceptionSchema, ['version']);

/** The origin form: the store id as typed. */
const OriginForm = v.strictObject({
  ...v.omit(ShipmentOriginSchema, ['version']).entries,
  store_id: v.pipe(
    v.string(),
    v.regex(/^[1-9]\d{0,9}$/, 'Enter the id of the store, a whole number.'),
    v.transform(Number),
  ),
});

/** The optional note of both writes (the contract's note: up to 500 characters), under `label`. */
function NoteField({ label }: { label: string }) {
  return (
    <FormField
      name="note"
      label={label}
      hint="Optional, up to 500 characters"
      maxLength={500}
    />
  );
}

/**
 * What a collective admin may correct on a shipment (decisions D15): record
 * that it was lost, damaged or refused while not yet received, or correct
 * the store it came from. Each write is checked against the version shown
 * (409 when someone changed it meanwhile) and recorded in the audit trail.
 */
export function ShipmentCorrections({
  shipment,
  onReload,
}: {
  shipment: ShipmentDetail;
  /** Reads the shipment again (after a 409). */
  onReload: () => void;
}) {
  const { id, version, status, store_id } = shipment.shipment;
  const exception = useRecordShipmentException();
  const origin = useCorrectShipmentOrigin();
  const exceptionForm = useForm({
    schema: ExceptionForm,
    initialValues: { exception: 'lost', note: '' },
    onSubmit: (body) =>
      exception.mutateAsync({ params: { id }, body: { ...body, version } }),
  });
  const originForm = useForm({
    schema: OriginForm,
    initialValues: {
      store_id: store_id === null ? '' : String(store_id),
      note: '',
    },
    onSubmit: (body) =>
      origin.mutateAsync({ params: { id }, body: { ...body, version } }),
  });
  const open = ['label_created', 'in_transit', 'delivered'].includes(status);
  return (
    <section
      aria-labelledby={`corrections-${id}`}
      className={styles.corrections}
    >
      <h3 id={`corrections-${id}`}>Corrections</h3>
      {open ? (
        <Form form={exceptionForm} aria-label="Record an exception">
          <FormError onReloadLatest={onReload} />
          <FormField name="exception" label="Exception">
            {(control) => (
              <select {...control}>
                {SHIPMENT_EXCEPTIONS.map((kind) => (
                  <option key={kind} value={kind}>
                    {kind[0]?.toUpperCase()}
                    {kind.slice(1)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <NoteField label="Note" />
          <SubmitButton>Record exception</SubmitButton>
        </Form>
      ) : null}
      {/* A mail-back shipment comes from a consumer: it has no store to correct. */}
      {store_id === null ? null : (
        <Form form={originForm} aria-label="Correct the origin store">
          <FormError onReloadLatest={onReload} />
          <FormField
            name="store_id"
            label="Origin store id"
            hint={`Now ${shipment.shipment.store_name} (#${store_id})`}
            inputMode="numeric"
          />
          <NoteField label="Reason" />
          <SubmitButton>Correct origin</SubmitButton>
        </Form>
      )}
    </section>
  );
}
