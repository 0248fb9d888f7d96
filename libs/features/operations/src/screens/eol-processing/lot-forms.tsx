import {
  ConfirmLotSchema,
  EOL_OUTCOMES,
  kgToGrams,
  type LotDetail,
  type OnHand,
} from '@collective/api-client/contract';
import {
  Form,
  FormError,
  FormField,
  formRefusal,
  SubmitButton,
  useForm,
  type ServerError,
} from '@collective/ui';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import {
  useConfirmLot,
  useCreateLot,
  useProcessors,
  useShipLot,
} from '../../data/eol';
import { MATERIAL_NAMES, TypedWeight } from '../operations-fields';
import styles from '../shipment-tracking/shipment-tracking.module.css';
import own from './eol-processing.module.css';

/** Rethrows a refused write as the form kit shows it. */
const throwRefusal = (error: unknown): never => {
  throw formRefusal(error);
};

/** The outcomes of D14 in words, by code. */
export const OUTCOME_LABELS = {
  recycled: 'Recycled',
  downcycled: 'Downcycled',
  energy_recovery: 'Energy recovery',
  landfill: 'Landfill',
} as const;

type OnHandRow = OnHand['on_hand'][number];

/** The value of a source option: whose material, and which. */
const sourceKey = (row: Pick<OnHandRow, 'member_id' | 'material'>) =>
  `${row.member_id}:${row.material}`;

/**
 * Makes a lot of one member's material on hand (decisions D14): the
 * source (member and material), the weight — never more than is on hand,
 * checked here and by the server — and the processor. The server draws
 * the weight oldest line first and records the chain of custody; on
 * success `onCreated` gets the new lot's id.
 */
export function CreateLot({
  onHand,
  onCreated,
}: {
  onHand: readonly OnHandRow[];
  onCreated: (id: number) => void;
}) {
  const create = useCreateLot();
  const processors = useProcessors();
  const choices = processors.data?.processors ?? [];
  const schema = useMemo(
    () =>
      v.pipe(
        v.strictObject({
          source: v.picklist(
            onHand.map(sourceKey),
            'Choose the material to make a lot of.',
          ),
          weight_kg: v.pipe(
            TypedWeight('weight of the lot', 7),
            v.check((kg) => kg > 0, 'A lot weighs more than 0 kg.'),
          ),
          processor_id: v.pipe(
            v.string(),
            v.regex(/^\d+$/, 'Choose the processor the lot goes to.'),
            v.transform(Number),
          ),
        }),
        v.forward(
          v.check(({ source, weight_kg }) => {
            const row = onHand.find((r) => sourceKey(r) === source);
            return !row || kgToGrams(weight_kg) <= kgToGrams(row.on_hand_kg);
          }, 'The lot cannot weigh more than the material on hand.'),
          ['weight_kg'],
        ),
      ),
    [onHand],
  );
  const first = onHand[0];
  const form = useForm({
    schema,
    initialValues: {
      source: first ? sourceKey(first) : '',
      weight_kg: '',
      processor_id: '',
    },
    onSubmit: async ({ source, weight_kg, processor_id }) => {
      const row = onHand.find((r) => sourceKey(r) === source);
      if (!row) return;
      const written = await create
        .mutateAsync({
          body: {
            member_id: row.member_id,
            material: row.material,
            weight_kg,
            processor_id,
          },
        })
        .catch(throwRefusal);
      onCreated(written.lot.id);
    },
  });
  const chosen = onHand.find((r) => sourceKey(r) === form.values['source']);
  return (
    <Form
      form={form}
      aria-label="Make a lot"
      className={`${styles.form} ${own.narrow}`}
    >
      <FormError />
      <FormField name="source" label="Material on hand">
        {(control) => (
          <select {...control}>
            {onHand.map((row) => (
              <option key={sourceKey(row)} value={sourceKey(row)}>
                {row.member_name}: {MATERIAL_NAMES[row.material]},{' '}
                {row.on_hand_kg} kg
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        name="weight_kg"
        label="Weight (kg)"
        hint={
          chosen
            ? `At most ${chosen.on_hand_kg} kg; drawn from the oldest sorted lines first.`
            : undefined
        }
        inputMode="decimal"
      />
      <FormField name="processor_id" label="Processor">
        {(control) => (
          <select {...control}>
            <option value="">
              {processors.status === 'pending'
                ? 'Loading the processors…'
                : 'Choose a processor'}
            </option>
            {choices.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name}, {p.city}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <SubmitButton>Make the lot</SubmitButton>
    </Form>
  );
}

/** The confirmation form: the contract's body without the version, the weight as typed. */
const ConfirmForm = v.strictObject({
  outcome: ConfirmLotSchema.entries.outcome,
  certificate_ref: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty("Enter the processor's certificate reference."),
    v.maxLength(60, 'The certificate reference has at most 60 characters.'),
  ),
  confirmed_weight_kg: TypedWeight('confirmed weight', 7),
});

/**
 * The next step of a lot for a collective admin: ship it while open,
 * confirm it with the processor's outcome, certificate reference and
 * confirmed weight once shipped. Each write is made against the version
 * the admin started from, so a change made meanwhile answers 409: the form
 * and what was typed stay until the admin loads the latest version.
 */
export function LotSteps({
  lot,
  onReload,
}: {
  lot: LotDetail['lot'];
  /** Reads the lot again, and gives it as it is now. */
  onReload: () => Promise<LotDetail | undefined>;
}) {
  // The step and version this admin works from; a refetch does not move
  // them, only a write of theirs or "Load the latest version" does.
  const [base, setBase] = useState({
    status: lot.status,
    version: lot.version,
  });
  const ship = useShipLot();
  const confirm = useConfirmLot();
  const moveOn = ({ lot: next }: LotDetail) =>
    setBase({ status: next.status, version: next.version });
  const shipForm = useForm({
    schema: v.strictObject({}),
    initialValues: {},
    onSubmit: async () =>
      moveOn(
        await ship
          .mutateAsync({
            params: { id: lot.id },
            body: { version: base.version },
          })
          .catch(throwRefusal),
      ),
  });
  const confirmForm = useForm({
    schema: ConfirmForm,
    initialValues: {
      outcome: 'recycled',
      certificate_ref: '',
      confirmed_weight_kg: String(lot.weight_kg),
    },
    onSubmit: async (body) =>
      moveOn(
        await confirm
          .mutateAsync({
            params: { id: lot.id },
            body: { ...body, version: base.version },
          })
          .catch(throwRefusal),
      ),
  });
  // After a 409: the lot as it is now becomes the base; what was typed stays.
  const reload = async () => {
    const latest = await onReload();
    if (latest) moveOn(latest);
    shipForm.reset();
    confirmForm.reset(confirmForm.values);
  };
  // FormError tells a 409 in the kit's words; the server's sentence says
  // what changed (shipped or confirmed meanwhile, the versions).
  const conflict = (form: { serverError: ServerError | null }) =>
    form.serverError?.status === 409 ? <p>{form.serverError.message}</p> : null;
  if (base.status === 'open')
    return (
      <Form form={shipForm} aria-label="Ship the lot" className={styles.form}>
        <h3>Ship the lot</h3>
        <FormError onReloadLatest={() => void reload()} />
        {conflict(shipForm)}
        <p>Record that the lot left the warehouse for {lot.processor}.</p>
        <SubmitButton>Mark as shipped</SubmitButton>
      </Form>
    );
  if (base.status === 'shipped')
    return (
      <Form
        form={confirmForm}
        aria-label="Confirm the lot"
        className={styles.form}
      >
        <h3>Confirm the lot</h3>
        <FormError onReloadLatest={() => void reload()} />
        {conflict(confirmForm)}
        <FormField name="outcome" label="Outcome">
          {(control) => (
            <select {...control}>
              {EOL_OUTCOMES.map((o) => (
                <option key={o} value={o}>
                  {OUTCOME_LABELS[o]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          name="certificate_ref"
          label="Certificate reference"
          hint="As printed on the processor's certificate, up to 60 characters"
          maxLength={60}
        />
        <FormField
          name="confirmed_weight_kg"
          label="Confirmed weight (kg)"
          hint={`The lot left weighing ${lot.weight_kg} kg.`}
          inputMode="decimal"
        />
        <SubmitButton>Confirm the lot</SubmitButton>
      </Form>
    );
  return null;
}
