import { FormField } from '@collective/ui';

/** The contact of a member or a store, as the forms and audit trails name its fields. */
export const CONTACT_FIELD_LABELS = {
  contact_name: 'Contact name',
  contact_email: 'Contact email',
  contact_phone: 'Contact phone',
} as const;

/** A contact's fields as a form's text values. */
export type ContactValues = Record<keyof typeof CONTACT_FIELD_LABELS, string>;

/** No contact yet: the values of a new record's form. */
export const NO_CONTACT: ContactValues = {
  contact_name: '',
  contact_email: '',
  contact_phone: '',
};

/** A record's contact (`null`: none) as the form's text values. */
export function contactValues(record: {
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
}): ContactValues {
  return {
    contact_name: record.contact_name ?? '',
    contact_email: record.contact_email ?? '',
    contact_phone: record.contact_phone ?? '',
  };
}

/** The three optional contact fields (name, email, phone) of a member or store form. */
export function ContactFields() {
  return (
    <>
      <FormField
        name="contact_name"
        label={CONTACT_FIELD_LABELS.contact_name}
        hint="Optional"
        maxLength={120}
        autoComplete="off"
      />
      <FormField
        name="contact_email"
        label={CONTACT_FIELD_LABELS.contact_email}
        hint="Optional"
        type="email"
        autoComplete="off"
      />
      <FormField
        name="contact_phone"
        label={CONTACT_FIELD_LABELS.contact_phone}
        hint="Optional"
        type="tel"
        maxLength={120}
        autoComplete="off"
      />
    </>
  );
}
