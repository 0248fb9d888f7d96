import {
  CALENDAR_DAYS,
  STORE_REGIONS,
  STORE_CHANNELS,
  STORE_PLACE_FIELDS,
  STORE_STATUSES,
  storeFields,
  SUPPLY_FIELDS,
  type StoreRecord,
} from '@collective/api-client/contract';
import { useMembers } from '@collective/tenancy/react';
import {
  Form,
  FormError,
  FormField,
  formRefusal,
  FormSelect,
  labelledOptions,
  namedOptions,
  SubmitButton,
  useForm,
} from '@collective/ui';
import { useState } from 'react';
import * as v from 'valibot';
import { useCreateStore, useUpdateStore } from '../../data/store-records';
import { ChangedMeanwhile } from '../changed-meanwhile';
import {
  CONTACT_FIELD_LABELS,
  ContactFields,
  contactValues,
  NO_CONTACT,
} from '../contact-fields';
import styles from '../record-management.module.css';

/** Words for a store's channel and status. */
export const STORE_WORDS: Readonly<Record<string, string>> = {
  'in-store': 'In-store bin',
  kiosk: 'Kiosk',
  active: 'Active',
  inactive: 'Inactive',
};

/** Labels of a store's fields, in form order, as the form and the audit trail name them. */
export const STORE_FIELD_LABELS: Readonly<Record<string, string>> = {
  member_id: 'Member',
  name: 'Name',
  address: 'Address',
  postal_code: 'Postal code',
  city: 'City',
  region: 'Region',
  channel: 'Channel',
  status: 'Status',
  opened_on: 'Opened on',
  opened_at: 'Opened',
  ...CONTACT_FIELD_LABELS,
  bin_boxes: 'Bin boxes on hand',
  bin_boxes_reorder_at: 'Reorder bin boxes at',
  liners: 'Liners on hand',
  liners_reorder_at: 'Reorder liners at',
  labels: 'Labels on hand',
  labels_reorder_at: 'Reorder labels at',
};

/** The fields only collective admins change. */
const STORE_DETAILS = [...STORE_PLACE_FIELDS, 'status', 'opened_on'] as const;
/** The fields a brand admin changes too. */
const CONTACT_AND_SUPPLIES = [
  'contact_name',
  'contact_email',
  'contact_phone',
  ...SUPPLY_FIELDS,
] as const;
type Edited =
  | (typeof STORE_DETAILS)[number]
  | (typeof CONTACT_AND_SUPPLIES)[number];

/** A count typed as text, read as a whole number. */
const countText = (label: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,6}$/, `${label}: type a whole number from 0.`),
    v.transform(Number),
  );

/** The form's schema: the contract's fields, counts typed as text. */
const FORM_FIELDS = {
  ...storeFields,
  ...Object.fromEntries(
    SUPPLY_FIELDS.map((name) => [
      name,
      countText(STORE_FIELD_LABELS[name] ?? name),
    ]),
  ),
} as unknown as typeof storeFields;
const EditFormSchema = v.strictObject(FORM_FIELDS);
const CreateFormSchema = v.strictObject({
  member_id: v.pipe(
    v.string(),
    v.regex(/^[1-9]\d*$/, 'Choose a member.'),
    v.transform(Number),
  ),
  ...FORM_FIELDS,
});

/** A store's editable fields as the form's text values. */
function valuesOf(store: StoreRecord): Record<Edited, string> {
  return {
    name: store.name,
    address: store.address,
    postal_code: store.postal_code,
    city: store.city,
    region: store.region,
    channel: store.channel,
    status: store.status,
    opened_on: store.opened_at.slice(0, 10),
    ...contactValues(store),
    bin_boxes: String(store.bin_boxes),
    bin_boxes_reorder_at: String(store.bin_boxes_reorder_at),
    liners: String(store.liners),
    liners_reorder_at: String(store.liners_reorder_at),
    labels: String(store.labels),
    labels_reorder_at: String(store.labels_reorder_at),
  };
}

const NEW_STORE: Record<Edited, string> = {
  name: '',
  address: '',
  postal_code: '',
  city: '',
  region: STORE_REGIONS[0],
  channel: 'in-store',
  status: 'active',
  opened_on: '',
  ...NO_CONTACT,
  bin_boxes: '0',
  bin_boxes_reorder_at: '4',
  liners: '0',
  liners_reorder_at: '20',
  labels: '0',
  labels_reorder_at: '10',
};

/** A select of the store's field `name` among `values`, in words. */
function Choice({ name, values }: { name: string; values: readonly string[] }) {
  return (
    <FormSelect
      name={name}
      label={STORE_FIELD_LABELS[name] ?? name}
      options={labelledOptions(values, STORE_WORDS)}
    />
  );
}

/** The member a new store opens for, chosen among the collective's. */
function MemberField() {
  const members = useMembers();
  return (
    <FormSelect
      name="member_id"
      label="Member"
      emptyChoice="Choose a member"
      options={namedOptions(members)}
    />
  );
}

/** The store's own fields: where it is, how it collects, since when. */
function DetailFields() {
  return (
    <>
      <FormField name="name" label="Name" maxLength={120} required />
      <FormField name="address" label="Address" maxLength={120} required />
      <FormField name="postal_code" label="Postal code" maxLength={20} />
      <FormField name="city" label="City" maxLength={120} required />
      <Choice name="region" values={STORE_REGIONS} />
      <Choice name="channel" values={STORE_CHANNELS} />
      <Choice name="status" values={STORE_STATUSES} />
      <FormField
        name="opened_on"
        label="Opened on"
        type="date"
        required
        min={CALENDAR_DAYS.first}
        max={CALENDAR_DAYS.last}
      />
    </>
  );
}

/** The contact and the supplies with their reorder points. */
function ContactAndSupplyFields() {
  return (
    <>
      <ContactFields />
      {SUPPLY_FIELDS.map((name) => (
        <FormField
          key={name}
          name={name}
          label={STORE_FIELD_LABELS[name] ?? name}
          inputMode="numeric"
          maxLength={6}
          autoComplete="off"
        />
      ))}
    </>
  );
}

/** Opens a store for a member (collective admins). `onCreated` gets the new store. */
export function CreateStoreForm({
  onCreated,
}: {
  onCreated: (store: StoreRecord) => void;
}) {
  const create = useCreateStore();
  const form = useForm({
    schema: CreateFormSchema,
    initialValues: { ...NEW_STORE, member_id: '' },
    onSubmit: async (body) => {
      try {
        onCreated((await create.mutateAsync({ body })).store);
      } catch (error) {
        throw formRefusal(error, (_title, status) =>
          status === 404 || status === 409 ? 'member_id' : undefined,
        );
      }
    },
  });
  return (
    <Form form={form} aria-label="Add a store" className={styles.form}>
      <FormError />
      <MemberField />
      <DetailFields />
      <ContactAndSupplyFields />
      <SubmitButton>Add store</SubmitButton>
    </Form>
  );
}

/**
 * Edits a store at the version it was read at; only the fields changed are
 * sent. A brand admin (`detailsToo` false) sees the contact and supplies
 * only, as the server allows. When someone else saved first (409), the
 * person's values stay, the fields changed meanwhile are listed from
 * `latest`, and "Load the latest version" starts again from it.
 */
export function EditStoreForm({
  latest,
  detailsToo,
  onSaved,
}: {
  /** The store as the server has it now (refetched after every write). */
  latest: StoreRecord;
  detailsToo: boolean;
  onSaved: (store: StoreRecord) => void;
}) {
  const update = useUpdateStore();
  const [base, setBase] = useState(latest);
  const edited: readonly Edited[] = detailsToo
    ? [...STORE_DETAILS, ...CONTACT_AND_SUPPLIES]
    : CONTACT_AND_SUPPLIES;
  const schema = detailsToo
    ? EditFormSchema
    : v.pick(EditFormSchema, [...CONTACT_AND_SUPPLIES]);
  const pick = (store: StoreRecord) => {
    const all = valuesOf(store);
    return Object.fromEntries(edited.map((name) => [name, all[name]]));
  };
  const form = useForm({
    schema: schema as typeof EditFormSchema,
    initialValues: pick(base),
    onSubmit: async (values) => {
      const read = valuesOf(base);
      const typed = values as Record<string, unknown>;
      const changed = Object.fromEntries(
        edited
          .filter((name) => String(typed[name]) !== read[name])
          .map((name) => [name, typed[name]]),
      );
      try {
        const { store } = await update.mutateAsync({
          params: { id: base.id },
          body: { version: base.version, ...changed },
        });
        setBase(store);
        form.reset(pick(store));
        onSaved(store);
      } catch (error) {
        throw formRefusal(error);
      }
    },
  });
  return (
    <Form form={form} aria-label={`Edit ${base.name}`} className={styles.form}>
      <FormError
        onReloadLatest={() => {
          setBase(latest);
          form.reset(pick(latest));
        }}
      />
      <ChangedMeanwhile
        stale={form.serverError?.status === 409}
        fields={edited}
        labels={STORE_FIELD_LABELS}
        was={valuesOf(base)}
        now={valuesOf(latest)}
      />
      {detailsToo ? <DetailFields /> : null}
      <ContactAndSupplyFields />
      <SubmitButton>Save changes</SubmitButton>
    </Form>
  );
}
