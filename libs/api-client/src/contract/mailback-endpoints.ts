import * as v from 'valibot';
import {
  CountSchema,
  IdSchema,
  IsoTimestampSchema,
  KgSchema,
  monthText,
  oneOf,
  pageEntries,
  searchQuery,
  sortOrders,
  wholeNumberInput,
} from './common-schemas';
import {
  DownloadTicketQuery,
  MAX_RECORD_ID,
  pageQuery,
  PROGRAM_REGIONS,
} from './data-schemas';
import { named, type Endpoint } from './endpoint';
import { idInput, VersionSchema } from './record-schemas';

/*
 * Consumer mail-back (decisions D19): the public form consumers fill to ask
 * for a prepaid label, and the collective admins' calls that run the
 * programme. The only part of the API that holds consumers' personal data:
 * lists and exports mask it, revealing it is an audited write, and a
 * redaction erases it for good.
 */

/** Longest name on a label. */
export const MAX_MAILBACK_NAME_LENGTH = 100;
/** Longest address line. */
export const MAX_MAILBACK_LINE_LENGTH = 120;
/** Longest city name. */
export const MAX_MAILBACK_CITY_LENGTH = 80;
/** Most product lines on one request. */
export const MAX_MAILBACK_PRODUCT_LINES = 10;
/** Most items of one brand on one request. */
export const MAX_MAILBACK_ITEMS_PER_LINE = 50;
/** Submissions one client address or one email may make within the window. */
export const MAILBACK_RATE_LIMIT = 10;
/** The rate limit's sliding window. */
export const MAILBACK_RATE_WINDOW_SECONDS = 3600;
/** Days after which a label sent but never used counts as unused. */
export const MAILBACK_UNUSED_LABEL_DAYS = 30;
/** Longest note an admin adds to a submission. */
export const MAX_MAILBACK_NOTE_LENGTH = 1000;
/** Most submissions marked in one bulk action. */
export const MAX_MAILBACK_BULK = 100;
/** Longest consent text of a form version. */
export const MAX_MAILBACK_CONSENT_LENGTH = 2000;

/**
 * US states (and DC) a label can go to, each with the programme's region
 * (the regions of the stores, decisions D14).
 */
export const MAILBACK_STATES = {
  AK: 'West',
  AZ: 'Mountain',
  CA: 'West',
  CO: 'Mountain',
  HI: 'West',
  ID: 'Mountain',
  MT: 'Mountain',
  NV: 'Mountain',
  NM: 'Mountain',
  OR: 'West',
  UT: 'Mountain',
  WA: 'West',
  WY: 'Mountain',
  IL: 'Midwest',
  IN: 'Midwest',
  IA: 'Midwest',
  KS: 'Midwest',
  MI: 'Midwest',
  MN: 'Midwest',
  MO: 'Midwest',
  NE: 'Midwest',
  ND: 'Midwest',
  OH: 'Midwest',
  SD: 'Midwest',
  WI: 'Midwest',
  AL: 'South',
  AR: 'South',
  DE: 'South',
  DC: 'South',
  FL: 'South',
  GA: 'South',
  KY: 'South',
  LA: 'South',
  MD: 'South',
  MS: 'South',
  NC: 'South',
  OK: 'South',
  SC: 'South',
  TN: 'South',
  TX: 'South',
  VA: 'South',
  WV: 'South',
  CT: 'Northeast',
  ME: 'Northeast',
  MA: 'Northeast',
  NH: 'Northeast',
  NJ: 'Northeast',
  NY: 'Northeast',
  PA: 'Northeast',
  RI: 'Northeast',
  VT: 'Northeast',
} as const;
/** A state code of {@link MAILBACK_STATES}. */
export type MailbackState = keyof typeof MAILBACK_STATES;
/** The programme's regions, in display order (a label's region is a store region). */
export const MAILBACK_REGIONS = PROGRAM_REGIONS;
/** A region of the programme. */
export type MailbackRegion = (typeof MAILBACK_REGIONS)[number];

/** A submission's way from request to warehouse (the funnel of D19). */
export const MAILBACK_STATUSES = [
  'submitted',
  'label_sent',
  'in_transit',
  'received',
] as const;
/** Status of a submission. */
export type MailbackStatus = (typeof MAILBACK_STATUSES)[number];

/** Status of a form version. */
export const FORM_VERSION_STATUSES = ['draft', 'live', 'closed'] as const;

/**
 * Text a person types: trimmed, within `max`, and without markup or
 * control characters, so nothing scripted is ever stored or shown.
 */
function personText(field: string, max: number, min = 1) {
  return v.pipe(
    v.string(`${field} must be text`),
    v.trim(),
    v.minLength(min, `${field} is required`),
    v.maxLength(max, `${field} must be at most ${max} characters`),
    v.check(
      // eslint-disable-next-line no-control-regex
      (text) => !/[<>\u0000-\u001f\u007f\u2028\u2029]/.test(text),
      `${field} must not contain < or > or control characters`,
    ),
  );
}

/** One product line of a request: the brand's member id and how many items. */
export const MailbackProductSchema = v.strictObject({
  brand: v.pipe(
    v.number('brand must be a brand of the form'),
    v.integer('brand must be a brand of the form'),
    v.minValue(1, 'brand must be a brand of the form'),
    v.maxValue(MAX_RECORD_ID, 'brand must be a brand of the form'),
  ),
  count: wholeNumberInput(
    'count',
    1,
    MAX_MAILBACK_ITEMS_PER_LINE,
    'count must be a whole number',
  ),
});

/**
 * Body of the public form (POST /api/public/mailback/submissions, or the
 * page's plain form POST turned into it): only what the label needs.
 */
export const MailbackRequestSchema = v.strictObject({
  form_version: idInput('form_version'),
  name: personText('name', MAX_MAILBACK_NAME_LENGTH),
  email: v.pipe(
    v.string('email must be text'),
    v.trim(),
    v.toLowerCase(),
    v.maxLength(254, 'email must be at most 254 characters'),
    v.email('email must be an email address such as jo@example.com'),
  ),
  address_line1: personText('address_line1', MAX_MAILBACK_LINE_LENGTH),
  address_line2: v.optional(
    personText('address_line2', MAX_MAILBACK_LINE_LENGTH, 0),
    '',
  ),
  city: personText('city', MAX_MAILBACK_CITY_LENGTH),
  state: v.picklist(
    Object.keys(MAILBACK_STATES) as [MailbackState, ...MailbackState[]],
    'state must be a US state code such as OR',
  ),
  postal_code: v.pipe(
    v.string('postal_code must be text'),
    v.trim(),
    v.regex(/^\d{5}(-\d{4})?$/, 'postal_code must be a ZIP code such as 97201'),
  ),
  products: v.pipe(
    v.array(MailbackProductSchema, 'products must be a list'),
    v.minLength(1, 'products must name at least one brand'),
    v.maxLength(
      MAX_MAILBACK_PRODUCT_LINES,
      `products must have at most ${MAX_MAILBACK_PRODUCT_LINES} lines`,
    ),
  ),
  consent: v.literal(true, 'consent must be given to send a label'),
});
/** What a consumer sends. */
export type MailbackRequest = v.InferOutput<typeof MailbackRequestSchema>;

/** A brand a consumer may send products of. */
export const MailbackBrandSchema = v.object({ id: IdSchema, name: v.string() });

/** The fields of a form version: its consent text and the brands it offers. */
export const FormVersionFieldsSchema = v.object({
  consent_text: v.string(),
  brands: v.array(MailbackBrandSchema),
});

/** Response of GET /api/public/mailback/form: the live version's fields. */
export const PublicFormSchema = v.object({
  form_version: IdSchema,
  title: v.string(),
  fields: FormVersionFieldsSchema,
});

/** Response of a public submission: the reference the consumer keeps. */
export const MailbackReceiptSchema = v.object({
  reference: v.string(),
  message: v.string(),
});

const ReferenceParamsSchema = v.strictObject({
  id: v.pipe(
    v.string(),
    v.regex(/^MB-\d{4,9}$/, 'submission id must look like MB-2041'),
  ),
});

/** Sort orders of the submission list. */
export const MAILBACK_SORTS = sortOrders(['created', 'status']);
/** Largest page of the submission list. */
export const MAX_MAILBACK_PAGE_SIZE = 100;

const MonthQuery = v.optional(
  monthText('period must be a month from 1900 to 2099 as YYYY-MM'),
);

const submissionFilters = {
  search: searchQuery(100),
  status: v.optional(oneOf(MAILBACK_STATUSES, 'status')),
  region: v.optional(oneOf(MAILBACK_REGIONS, 'region')),
  period: MonthQuery,
  sort: v.optional(oneOf(MAILBACK_SORTS, 'sort')),
};

/** Query of GET /api/mailback/submissions. */
export const MailbackSubmissionsQuerySchema = v.strictObject({
  ...submissionFilters,
  ...pageQuery(MAX_MAILBACK_PAGE_SIZE),
});

/** Query of the CSV export: the list's filters, and personal data only when asked. */
export const MailbackExportQuerySchema = v.strictObject({
  ...submissionFilters,
  personal: v.optional(
    v.picklist(['true', 'false'], 'personal must be true or false'),
  ),
  download: DownloadTicketQuery,
});

const ProductLineSchema = v.object({
  brand_id: IdSchema,
  brand: v.string(),
  count: CountSchema,
});

/** A submission as the list shows it: personal data masked (j•••@e•••.com). */
export const MailbackSubmissionRowSchema = v.object({
  id: v.string(),
  status: v.picklist(MAILBACK_STATUSES),
  name: v.string(),
  email: v.string(),
  region: v.string(),
  items: CountSchema,
  tracking_number: v.nullable(v.string()),
  form_version: CountSchema,
  created_at: IsoTimestampSchema,
  redacted: v.boolean(),
});

/** One page of submissions. */
export const MailbackSubmissionsPageSchema = v.object({
  submissions: v.array(MailbackSubmissionRowSchema),
  ...pageEntries,
});

/** One row of the CSV export; personal columns empty unless asked for. */
export const MailbackCsvRowSchema = v.object({
  id: v.string(),
  status: v.string(),
  created_at: v.string(),
  region: v.string(),
  state: v.string(),
  items: CountSchema,
  products: v.string(),
  tracking_number: v.string(),
  received_weight_kg: v.string(),
  name: v.string(),
  email: v.string(),
  address: v.string(),
});

/** The personal data of a submission, masked or revealed. */
export const MailbackPersonSchema = v.object({
  name: v.string(),
  email: v.string(),
  address_line1: v.string(),
  address_line2: v.string(),
  city: v.string(),
  state: v.string(),
  postal_code: v.string(),
});

/** One step of a submission's timeline. */
export const MailbackEventSchema = v.object({
  at: IsoTimestampSchema,
  action: v.string(),
  by: v.nullable(v.string()),
  detail: v.nullable(v.string()),
});

/** A submission's detail: masked person, products, timeline, arrival and notes. */
export const MailbackSubmissionSchema = v.object({
  id: v.string(),
  status: v.picklist(MAILBACK_STATUSES),
  person: MailbackPersonSchema,
  revealed: v.boolean(),
  redacted: v.boolean(),
  region: v.string(),
  products: v.array(ProductLineSchema),
  form_version: CountSchema,
  tracking_number: v.nullable(v.string()),
  label_sent_at: v.nullable(IsoTimestampSchema),
  shipped_at: v.nullable(IsoTimestampSchema),
  received_at: v.nullable(IsoTimestampSchema),
  received_weight_kg: v.nullable(KgSchema),
  /** The shipment its arrival became (GET /api/shipments/:id); `null` before, or for an arrival recorded before shipments took them. */
  shipment_id: v.nullable(IdSchema),
  /** A reference noted with an arrival recorded before shipments took them. */
  shipment_ref: v.nullable(v.string()),
  notes: v.array(
    v.object({ at: IsoTimestampSchema, by: v.string(), text: v.string() }),
  ),
  timeline: v.array(MailbackEventSchema),
  version: IdSchema,
  created_at: IsoTimestampSchema,
});
/** A submission's detail. */
export type MailbackSubmission = v.InferOutput<typeof MailbackSubmissionSchema>;

/** Body of POST …/mark-label-sent: the submissions to mark. */
export const MarkLabelSentSchema = v.strictObject({
  ids: v.pipe(
    v.array(ReferenceParamsSchema.entries.id),
    v.minLength(1, 'ids must name at least one submission'),
    v.maxLength(
      MAX_MAILBACK_BULK,
      `ids must name at most ${MAX_MAILBACK_BULK}`,
    ),
  ),
});

/** Answer of the bulk mark: how many changed. */
export const MarkLabelSentResponseSchema = v.object({
  marked: CountSchema,
  skipped: CountSchema,
});

/**
 * Body of POST …/:id/receive: the box's net weight on arrival at the
 * warehouse; the arrival becomes a shipment with a receipt of it (D14).
 */
export const ReceiveMailbackSchema = v.strictObject({
  version: VersionSchema,
  weight_kg: v.pipe(
    v.number('weight_kg must be a number'),
    v.minValue(0.001, 'weight_kg must be more than 0'),
    v.maxValue(100, 'weight_kg must be at most 100'),
  ),
});

/** Body of a versioned write on one submission. */
export const VersionedSchema = v.strictObject({ version: VersionSchema });

/** Body of POST …/:id/notes. */
export const MailbackNoteSchema = v.strictObject({
  version: VersionSchema,
  text: personText('text', MAX_MAILBACK_NOTE_LENGTH),
});

/** Body of POST …/:id/redact: the submission's id typed again, to confirm. */
export const RedactMailbackSchema = v.strictObject({
  version: VersionSchema,
  confirm: v.string('confirm must repeat the submission id'),
});

/** A submission's detail after a write. */
export const MailbackSubmissionResponseSchema = v.object({
  submission: MailbackSubmissionSchema,
});

const CountByRegionSchema = v.object({
  region: v.string(),
  labels_sent: CountSchema,
  in_transit: CountSchema,
  received: CountSchema,
});

/** Response of GET /api/mailback/summary: the programme at a glance. */
export const MailbackSummarySchema = v.object({
  submitted: CountSchema,
  labels_sent: CountSchema,
  in_transit: CountSchema,
  received: CountSchema,
  unused_labels: CountSchema,
  received_weight_kg: KgSchema,
  avg_weight_kg: KgSchema,
  avg_items: v.pipe(v.number(), v.minValue(0)),
  by_region: v.array(CountByRegionSchema),
  by_month: v.array(
    v.object({
      month: v.string(),
      submitted: CountSchema,
      labels_sent: CountSchema,
      received: CountSchema,
      weight_kg: KgSchema,
    }),
  ),
});

const FormVersionSchema = v.object({
  id: IdSchema,
  version: IdSchema,
  status: v.picklist(FORM_VERSION_STATUSES),
  fields: FormVersionFieldsSchema,
  published_at: v.nullable(IsoTimestampSchema),
  submissions: CountSchema,
  /** Counts the edits of a draft: an edit or a publish names the one it read (409 when stale). */
  revision: IdSchema,
});

/** Response of GET /api/mailback/forms: forms, versions and the funnel. */
export const MailbackFormsSchema = v.object({
  forms: v.array(
    v.object({
      id: IdSchema,
      title: v.string(),
      versions: v.array(FormVersionSchema),
      funnel: v.object({
        submitted: CountSchema,
        label_sent: CountSchema,
        received: CountSchema,
      }),
      by_month: v.array(
        v.object({ month: v.string(), submissions: CountSchema }),
      ),
    }),
  ),
});

const formVersionFields = {
  consent_text: personText('consent_text', MAX_MAILBACK_CONSENT_LENGTH),
  brand_ids: v.pipe(
    v.array(idInput('brand_ids')),
    v.minLength(1, 'brand_ids must name at least one brand'),
    v.maxLength(50, 'brand_ids must name at most 50 brands'),
  ),
};

/** Body of POST /api/mailback/forms/:id/versions: a new version, saved as a draft. */
export const FormDraftSchema = v.strictObject(formVersionFields);

/** Body of PUT …/versions/:version: the draft's fields, and the revision read. */
export const EditFormDraftSchema = v.strictObject({
  ...formVersionFields,
  revision: idInput('revision'),
});

/** Body of POST …/versions/:version/publish: the draft's revision read. */
export const PublishFormVersionSchema = v.strictObject({
  revision: idInput('revision'),
});

/** A positive whole number in a path, named for its error text. */
const pathNumber = (name: string) =>
  v.pipe(
    v.string(),
    v.regex(/^[1-9]\d{0,8}$/, `${name} must be a positive whole number`),
    v.transform(Number),
  );

const FormIdParamsSchema = v.strictObject({ id: pathNumber('form id') });

const FormVersionParamsSchema = v.strictObject({
  id: pathNumber('form id'),
  version: pathNumber('version'),
});

const admin = {
  auth: 'session',
  audience: 'collective-admins',
  feature: 'mailBack',
  concealed: true,
  resource: 'mailback',
} as const;

/** The calls of consumer mail-back (decisions D19). */
export const mailbackEndpoints = /* @__PURE__ */ named({
  publicMailbackForm: {
    method: 'GET',
    path: '/api/public/mailback/form',
    summary:
      "The live mail-back form's fields, for the public form (no sign-in)",
    resource: 'mailback-public',
    response: PublicFormSchema,
    auth: 'anonymous',
    audience: 'anyone',
    feature: 'mailBack',
    concealed: true,
  },
  submitMailback: {
    method: 'POST',
    path: '/api/public/mailback/submissions',
    summary:
      'Ask for a mail-back label (no sign-in; 10 an hour per address and per email)',
    resource: 'mailback-public',
    body: MailbackRequestSchema,
    response: MailbackReceiptSchema,
    status: 201,
    auth: 'anonymous',
    audience: 'anyone',
    feature: 'mailBack',
    concealed: true,
    audit: { entity: 'mailback_submission', action: 'create' },
  },
  mailbackSubmissions: {
    ...admin,
    method: 'GET',
    path: '/api/mailback/submissions',
    summary: 'Mail-back submissions, personal data masked, filtered and paged',
    query: MailbackSubmissionsQuerySchema,
    response: MailbackSubmissionsPageSchema,
  },
  mailbackSubmissionsExport: {
    ...admin,
    method: 'GET',
    path: '/api/mailback/submissions/export',
    summary:
      'Mail-back submissions as CSV; personal data only with personal=true (audited)',
    query: MailbackExportQuerySchema,
    response: MailbackCsvRowSchema,
    format: 'csv',
    // A search may be a consumer's name or email: never kept in the trail.
    personalQuery: ['search'],
  },
  mailbackSubmission: {
    ...admin,
    method: 'GET',
    path: '/api/mailback/submissions/:id',
    summary: 'One mail-back submission, personal data masked',
    params: ReferenceParamsSchema,
    response: MailbackSubmissionResponseSchema,
  },
  revealMailbackSubmission: {
    ...admin,
    method: 'POST',
    path: '/api/mailback/submissions/:id/reveal',
    summary: "Reveal one submission's personal data (an audit event)",
    params: ReferenceParamsSchema,
    response: MailbackSubmissionResponseSchema,
    audit: { entity: 'mailback_submission', action: 'reveal' },
  },
  markMailbackLabelsSent: {
    ...admin,
    method: 'POST',
    path: '/api/mailback/submissions/mark-label-sent',
    summary: 'Mark the labels of submitted requests as sent',
    body: MarkLabelSentSchema,
    response: MarkLabelSentResponseSchema,
    audit: { entity: 'mailback_submission', action: 'mark_label_sent' },
  },
  receiveMailbackSubmission: {
    ...admin,
    method: 'POST',
    path: '/api/mailback/submissions/:id/receive',
    summary:
      "Record a mail-back box's arrival and weight: it becomes a received shipment",
    params: ReferenceParamsSchema,
    body: ReceiveMailbackSchema,
    response: MailbackSubmissionResponseSchema,
    audit: { entity: 'mailback_submission', action: 'receive' },
    // It creates a shipment: a retried request must not make a second.
    idempotent: true,
  },
  resendMailbackLabel: {
    ...admin,
    method: 'POST',
    path: '/api/mailback/submissions/:id/resend-label',
    summary: 'Send the label again by mail (the outbox of D16)',
    params: ReferenceParamsSchema,
    body: VersionedSchema,
    response: MailbackSubmissionResponseSchema,
    audit: { entity: 'mailback_submission', action: 'resend_label' },
  },
  addMailbackNote: {
    ...admin,
    method: 'POST',
    path: '/api/mailback/submissions/:id/notes',
    summary: 'Add a note to a submission',
    params: ReferenceParamsSchema,
    body: MailbackNoteSchema,
    response: MailbackSubmissionResponseSchema,
    audit: { entity: 'mailback_submission', action: 'note' },
    idempotent: true,
  },
  redactMailbackSubmission: {
    ...admin,
    method: 'POST',
    path: '/api/mailback/submissions/:id/redact',
    summary:
      "Erase a submission's personal data everywhere, figures kept (irreversible)",
    params: ReferenceParamsSchema,
    body: RedactMailbackSchema,
    response: MailbackSubmissionResponseSchema,
    audit: { entity: 'mailback_submission', action: 'redact' },
  },
  mailbackSummary: {
    ...admin,
    method: 'GET',
    path: '/api/mailback/summary',
    summary:
      'The mail-back programme: labels, transit, arrivals, by region and month',
    response: MailbackSummarySchema,
  },
  mailbackForms: {
    ...admin,
    method: 'GET',
    path: '/api/mailback/forms',
    summary: 'Mail-back forms, their versions and the funnel',
    response: MailbackFormsSchema,
  },
  saveMailbackFormDraft: {
    ...admin,
    method: 'POST',
    path: '/api/mailback/forms/:id/versions',
    summary:
      'Save a new version of a form as a draft (one at a time; the live one stays)',
    params: FormIdParamsSchema,
    body: FormDraftSchema,
    response: MailbackFormsSchema,
    status: 201,
    audit: { entity: 'mailback_form', action: 'save_draft' },
    idempotent: true,
  },
  editMailbackFormDraft: {
    ...admin,
    method: 'PUT',
    path: '/api/mailback/forms/:id/versions/:version',
    summary: "Edit a draft version's consent text and brands",
    params: FormVersionParamsSchema,
    body: EditFormDraftSchema,
    response: MailbackFormsSchema,
    audit: { entity: 'mailback_form', action: 'edit_draft' },
  },
  publishMailbackFormVersion: {
    ...admin,
    method: 'POST',
    path: '/api/mailback/forms/:id/versions/:version/publish',
    summary:
      'Publish a draft version: it goes live, the previous live one closes',
    params: FormVersionParamsSchema,
    body: PublishFormVersionSchema,
    response: MailbackFormsSchema,
    audit: { entity: 'mailback_form', action: 'publish' },
    idempotent: true,
  },
} as const satisfies Record<string, Endpoint>);
