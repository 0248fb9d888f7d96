import {
  MAX_ACTIVE_STORES_TARGET,
  MAX_COLLECTED_KG_TARGET,
  type MemberScorecard,
} from '@collective/api-client/contract';
import {
  Form,
  FormError,
  FormField,
  formRefusal,
  SubmitButton,
  useForm,
} from '@collective/ui';
import { useState } from 'react';
import * as v from 'valibot';
import { useSetPerformanceTargets } from '../../data/performance';
import styles from './performance.module.css';

/** A number typed as text: trimmed, required, digits with an optional decimal part. */
function typedNumber(what: string, max: number, unit: string) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(`Enter ${what}.`),
    v.regex(/^\d+(\.\d+)?$/, `Enter ${what} as a number, like 1200.`),
    v.transform(Number),
    v.maxValue(
      max,
      `${what[0]?.toUpperCase()}${what.slice(1)} must be at most ${max.toLocaleString()} ${unit}.`,
    ),
  );
}

/**
 * The form's values as typed: weight in kg, stores, and the recycling rate
 * in percent (the API takes a share, 0 to 1). Negative numbers cannot be
 * typed; the server checks the same bounds again.
 */
const TargetsFormSchema = v.strictObject({
  collected_kg: typedNumber(
    'the collected weight',
    MAX_COLLECTED_KG_TARGET,
    'kg',
  ),
  active_stores: v.pipe(
    typedNumber(
      'the number of active stores',
      MAX_ACTIVE_STORES_TARGET,
      'stores',
    ),
    v.integer('Enter a whole number of stores.'),
  ),
  recycling_rate: v.pipe(
    typedNumber('the recycling rate', 100, '%'),
    v.transform((percent) => percent / 100),
  ),
});

/** A scorecard's targets as the form's text values (empty without targets). */
function valuesOf(card: MemberScorecard) {
  const { targets } = card;
  return {
    collected_kg: targets ? String(targets.collected_kg) : '',
    active_stores: targets ? String(targets.active_stores) : '',
    recycling_rate: targets
      ? String(Math.round(targets.recycling_rate * 10_000) / 100)
      : '',
  };
}

/** Props of {@link TargetsForm}. */
export interface TargetsFormProps {
  year: number;
  /** The member's scorecard as the server has it now (refetched after every write). */
  latest: MemberScorecard;
  onSaved: (card: MemberScorecard) => void;
}

/**
 * Sets a member's targets for a year (collective admins) at the version
 * they were read at. When someone else saved first (409), the values typed
 * stay, and "Load the latest version" starts again from the targets saved.
 */
export function TargetsForm({ year, latest, onSaved }: TargetsFormProps) {
  const save = useSetPerformanceTargets();
  const [base, setBase] = useState(latest);
  const form = useForm({
    schema: TargetsFormSchema,
    initialValues: valuesOf(base),
    onSubmit: async (values) => {
      try {
        const { scorecard } = await save.mutateAsync({
          body: {
            member_id: base.member_id,
            year,
            ...(base.version === null ? {} : { version: base.version }),
            ...values,
          },
        });
        setBase(scorecard);
        form.reset(valuesOf(scorecard));
        onSaved(scorecard);
      } catch (error) {
        throw formRefusal(error);
      }
    },
  });
  function reloadLatest() {
    setBase(latest);
    form.reset(valuesOf(latest));
  }
  return (
    <Form
      form={form}
      aria-label={`Targets of ${base.member_name} for ${year}`}
      className={styles.form}
    >
      <FormError onReloadLatest={reloadLatest} />
      <FormField
        name="collected_kg"
        label="Collected weight (kg)"
        hint="Net received weight over the year"
        inputMode="decimal"
        autoComplete="off"
        required
      />
      <FormField
        name="active_stores"
        label="Active stores"
        hint="Stores active at the end of the year"
        inputMode="numeric"
        autoComplete="off"
        required
      />
      <FormField
        name="recycling_rate"
        label="Recycling rate (%)"
        hint="Recycled and downcycled share of the weight with a confirmed outcome"
        inputMode="decimal"
        autoComplete="off"
        required
      />
      <SubmitButton>Save targets</SubmitButton>
    </Form>
  );
}
