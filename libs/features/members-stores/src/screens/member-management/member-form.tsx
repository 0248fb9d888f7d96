import {
  CreateMemberSchema,
  MEMBER_TIERS,
  SETTABLE_MEMBER_STATUSES,
  type MemberProfile,
} from '@collective/api-client/contract';
import {
  Form,
  FormError,
  FormField,
  FormSelect,
  labelledOptions,
  SubmitButton,
  useForm,
} from '@collective/ui';
import { useState } from 'react';
import * as v from 'valibot';
import { useCreateMember, useUpdateMember } from '../../data/member-profiles';
import { ChangedMeanwhile } from '../changed-meanwhile';
import {
  CONTACT_FIELD_LABELS,
  ContactFields,
  contactValues,
  NO_CONTACT,
} from '../contact-fields';
import styles from '../record-management.module.css';

/** Words for a member's tier and status. */
export const MEMBER_WORDS: Readonly<Record<string, string>> = {
  founding: 'Founding',
  full: 'Full',
  associate: 'Associate',
  onboarding: 'Onboarding',
  active: 'Active',
  deactivated: 'Deactivated',
};

/** The fields a person edits, with their labels, in form order. */
const EDITED = {
  name: 'Name',
  tier: 'Tier',
  status: 'Status',
  ...CONTACT_FIELD_LABELS,
} as const;
type Edited = keyof typeof EDITED;

/** Labels of a member's fields, as the form and the audit trail name them. */
export const MEMBER_FIELD_LABELS: Readonly<Record<string, string>> = {
  ...EDITED,
  code: 'Code',
  deactivated_at: 'Deactivated at',
};

/** The edit form: the create body without the code (fixed once made); a deactivated member may stay so. */
const EditForm = v.strictObject({
  ...v.omit(CreateMemberSchema, ['code', 'status']).entries,
  status: v.picklist(
    ['deactivated', ...SETTABLE_MEMBER_STATUSES],
    'Choose a status.',
  ),
});

/** A member's editable fields as the form's text values. */
function valuesOf(member: MemberProfile): Record<Edited, string> {
  return {
    name: member.name,
    tier: member.tier,
    status: member.status,
    ...contactValues(member),
  };
}

/**
 * A refusal as the form kit shows it: the server's own sentence where it
 * sent one. Only a stale version (`Conflict`) is the kit's 409 with its
 * "load the latest version"; another 409 (a code in use) is its sentence.
 */
async function sent<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const { status, serverError, serverMessage, message } = error as {
      status?: number;
      serverError?: string;
      serverMessage?: string;
      message: string;
    };
    const stale = status === 409 && serverError === 'Conflict';
    throw Object.assign(
      new Error(serverMessage ?? message),
      status !== 409 || stale ? { status } : {},
    );
  }
}

/** The fields both forms share. */
function MemberFields({ statuses }: { statuses: readonly string[] }) {
  return (
    <>
      <FormField name="name" label="Name" maxLength={120} required />
      <FormSelect
        name="tier"
        label="Tier"
        options={labelledOptions(MEMBER_TIERS, MEMBER_WORDS)}
      />
      <FormSelect
        name="status"
        label="Status"
        options={labelledOptions(statuses, MEMBER_WORDS)}
      />
      <ContactFields />
    </>
  );
}

/**
 * Adds a member brand (collective admins): name, a code fixed once made,
 * tier, status and contact. `onCreated` gets the new member.
 */
export function CreateMemberForm({
  onCreated,
}: {
  onCreated: (member: MemberProfile) => void;
}) {
  const create = useCreateMember();
  const form = useForm({
    schema: CreateMemberSchema,
    initialValues: {
      name: '',
      code: '',
      tier: 'full',
      status: 'onboarding',
      ...NO_CONTACT,
    },
    onSubmit: async (body) =>
      onCreated((await sent(create.mutateAsync({ body }))).member),
  });
  return (
    <Form form={form} aria-label="Add a member" className={styles.form}>
      <FormError />
      <FormField
        name="code"
        label="Code"
        hint="2 to 20 letters, digits or -, like LUMEN; fixed once made"
        maxLength={20}
        autoComplete="off"
        required
      />
      <MemberFields statuses={SETTABLE_MEMBER_STATUSES} />
      <SubmitButton>Add member</SubmitButton>
    </Form>
  );
}

/**
 * Edits a member (collective admins) at the version it was read at. Only
 * the fields changed are sent. When someone else saved first (409), the
 * person's values stay, the fields changed meanwhile are listed from the
 * `latest` member, and "Load the latest version" starts again from it.
 */
export function EditMemberForm({
  latest,
  onSaved,
}: {
  /** The member as the server has it now (refetched after every write). */
  latest: MemberProfile;
  onSaved: (member: MemberProfile) => void;
}) {
  const update = useUpdateMember();
  const [base, setBase] = useState(latest);
  const form = useForm({
    schema: EditForm,
    initialValues: valuesOf(base),
    onSubmit: async (values) => {
      const read = valuesOf(base);
      const changed = Object.fromEntries(
        (Object.keys(EDITED) as Edited[])
          .filter((name) => values[name] !== read[name])
          .filter(
            (name) => name !== 'status' || values.status !== 'deactivated',
          )
          .map((name) => [name, values[name]]),
      );
      const { member } = await sent(
        update.mutateAsync({
          params: { id: base.id },
          body: { version: base.version, ...changed },
        }),
      );
      setBase(member);
      form.reset(valuesOf(member));
      onSaved(member);
    },
  });
  function reloadLatest() {
    setBase(latest);
    form.reset(valuesOf(latest));
  }
  return (
    <Form form={form} aria-label={`Edit ${base.name}`} className={styles.form}>
      <FormError onReloadLatest={reloadLatest} />
      <ChangedMeanwhile
        stale={form.serverError?.status === 409}
        fields={Object.keys(EDITED) as Edited[]}
        labels={EDITED}
        was={valuesOf(base)}
        now={valuesOf(latest)}
      />
      <MemberFields
        statuses={
          base.status === 'deactivated'
            ? ['deactivated', ...SETTABLE_MEMBER_STATUSES]
            : SETTABLE_MEMBER_STATUSES
        }
      />
      <SubmitButton>Save changes</SubmitButton>
    </Form>
  );
}
