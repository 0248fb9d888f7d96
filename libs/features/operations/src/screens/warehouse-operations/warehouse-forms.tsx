import {
  checkSorting,
  kgToGrams,
  MATERIALS,
  toGrams,
  WEIGHT_UNITS,
  WeighInSchema,
  type ShipmentDetail,
  type WeightUnit,
} from '@collective/api-client/contract';
import {
  Form,
  FormError,
  FormField,
  SubmitButton,
  useForm,
} from '@collective/ui';
import { useMemo } from 'react';
import * as v from 'valibot';
import { TypedWeight } from '../operations-fields';
import {
  useCorrectReceipt,
  useReceiveShipment,
  useSortShipment,
} from '../../data/shipments';
import styles from '../shipment-tracking/shipment-tracking.module.css';

/** The weigh-in form: gross, tare, contamination as typed, unit and scale. */
const WeighInForm = v.pipe(
  v.strictObject({
    gross: TypedWeight('gross weight'),
    tare: TypedWeight('tare'),
    contamination: TypedWeight('contamination'),
    unit: WeighInSchema.entries.unit,
    scale_id: WeighInSchema.entries.scale_id,
  }),
  v.forward(
    v.check(
      (w) => w.tare < w.gross,
      'The tare must be below the gross weight (net = gross − tare).',
    ),
    ['tare'],
  ),
  v.forward(
    v.check(
      (w) => w.contamination <= w.gross - w.tare,
      'Contamination cannot be more than the net weight.',
    ),
    ['contamination'],
  ),
);

function UnitField() {
  return (
    <FormField name="unit" label="Unit">
      {(control) => (
        <select {...control}>
          {WEIGHT_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {unit === 'kg' ? 'Kilograms (kg)' : 'Pounds (lb)'}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** The weights of a weigh-in, as fields of the current form. */
function WeightFields() {
  return (
    <>
      <FormField name="gross" label="Gross weight" inputMode="decimal" />
      <FormField name="tare" label="Tare (box, pallet)" inputMode="decimal" />
      <FormField
        name="contamination"
        label="Contamination"
        inputMode="decimal"
      />
      <UnitField />
      <FormField name="scale_id" label="Scale" />
    </>
  );
}

/**
 * Weighs a delivered shipment in, or corrects its receipt once received:
 * net = gross − tare, checked here and again by the server, against the
 * version shown (409 when someone changed it meanwhile).
 */
export function WeighIn({
  shipment,
  onReload,
}: {
  shipment: ShipmentDetail;
  onReload: () => void;
}) {
  const receive = useReceiveShipment();
  const correct = useCorrectReceipt();
  const { receipt } = shipment;
  const form = useForm({
    schema: WeighInForm,
    initialValues: receipt
      ? {
          gross: String(receipt.gross_kg),
          tare: String(receipt.tare_kg),
          contamination: String(receipt.contamination_kg),
          unit: 'kg',
          scale_id: receipt.scale_id,
        }
      : {
          gross: '',
          tare: '',
          contamination: '0',
          unit: 'kg',
          scale_id: 'WH-SCALE-1',
        },
    onSubmit: (values) =>
      receipt
        ? correct.mutateAsync({
            params: { id: shipment.shipment.id },
            body: { ...values, version: receipt.version },
          })
        : receive.mutateAsync({
            params: { id: shipment.shipment.id },
            body: { ...values, version: shipment.shipment.version },
          }),
  });
  const title = receipt ? 'Correct the receipt' : 'Weigh in';
  return (
    <Form form={form} aria-label={title} className={styles.form}>
      <h3>{title}</h3>
      <FormError onReloadLatest={onReload} />
      <WeightFields />
      <SubmitButton>
        {receipt ? 'Save the correction' : 'Record the receipt'}
      </SubmitButton>
    </Form>
  );
}

/**
 * Sorts a received shipment into material lines, or corrects them: the
 * lines may not add up to more than the net weight, and a line may not go
 * below what is already in end-of-life lots.
 */
export function Sorting({
  shipment,
  onReload,
}: {
  shipment: ShipmentDetail & {
    receipt: NonNullable<ShipmentDetail['receipt']>;
  };
  onReload: () => void;
}) {
  const sort = useSortShipment();
  const { receipt, lines } = shipment;
  const schema = useMemo(() => {
    const fields = Object.fromEntries(
      MATERIALS.map((m) => [m.code, TypedWeight(`${m.label} weight`)]),
    );
    return v.pipe(
      v.strictObject({ ...fields, unit: WeighInSchema.entries.unit }),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const values = dataset.value as Record<string, number> & {
          unit: WeightUnit;
        };
        const problems = checkSorting(
          kgToGrams(receipt.net_kg),
          MATERIALS.map((m) => ({
            material: m.code,
            weight: toGrams(values[m.code] ?? 0, values.unit),
          })).filter((line) => line.weight > 0),
          Object.fromEntries(
            lines.map((l) => [l.material, kgToGrams(l.in_lots_kg)]),
          ),
        );
        // One message for the whole form: the rule is about the lines together.
        for (const problem of problems) addIssue({ message: problem.message });
      }),
    );
  }, [receipt.net_kg, lines]);
  const form = useForm({
    schema,
    initialValues: {
      ...Object.fromEntries(
        MATERIALS.map((m) => [
          m.code,
          String(lines.find((l) => l.material === m.code)?.weight_kg ?? 0),
        ]),
      ),
      unit: 'kg',
    },
    onSubmit: (values) => {
      const typed = values as Record<string, number> & { unit: WeightUnit };
      return sort.mutateAsync({
        params: { id: shipment.shipment.id },
        body: {
          lines: MATERIALS.map((m) => ({
            material: m.code,
            weight: typed[m.code] ?? 0,
          })).filter((line) => line.weight > 0),
          unit: typed.unit,
          version: receipt.version,
        },
      });
    },
  });
  const title = lines.length > 0 ? 'Correct the sorting' : 'Sort';
  return (
    <Form form={form} aria-label={title} className={styles.form}>
      <h3>{title}</h3>
      <p>
        Net received {receipt.net_kg} kg; the lines may add up to at most that.
      </p>
      <FormError onReloadLatest={onReload} />
      {MATERIALS.map((m) => (
        <FormField
          key={m.code}
          name={m.code}
          label={m.label}
          inputMode="decimal"
        />
      ))}
      <UnitField />
      <SubmitButton>Save the lines</SubmitButton>
    </Form>
  );
}
