import * as v from 'valibot';
import { named, type Endpoint } from './endpoint';
import {
  IdTextSchema,
  pageQuery,
  PROGRAM_REGIONS,
  recordIdParams,
  scopedPageSchema,
  scopedQuery,
} from './data-schemas';
import {
  answerSchema,
  CountSchema,
  IdSchema,
  dayText,
  IsoTimestampSchema,
  oneOf,
  requiredText,
  searchQuery,
  sortOrders,
} from './common-schemas';
import {
  idInput,
  VersionBodySchema,
  VersionSchema,
  versionedUpdate,
} from './record-schemas';
import { ContactEmailSchema, contactText } from './members-endpoints';

/*
 * Stores & Inventory Management (decisions D14, D15; docs/decisions/0095):
 * the stores of the member brands with address, channel, status, contact,
 * supplies on hand against reorder points and kiosks' last heartbeat; the
 * writes on them (collective admins write everything, a brand admin their
 * own stores' contact and supplies only) and the two-step CSV import.
 */

/** How a store collects: an in-store bin or a kiosk (D14). */
export const STORE_CHANNELS = ['in-store', 'kiosk'] as const;
/** How a store collects. */
export type StoreChannel = (typeof STORE_CHANNELS)[number];

/** The regions a store may be in: the programme's (D14), for the screen's filter and form. */
export const STORE_REGIONS = PROGRAM_REGIONS;

/** Whether a store collects: deactivated stores are kept, never deleted (D14). */
export const STORE_STATUSES = ['active', 'inactive'] as const;
/** Whether a store collects. */
export type StoreStatus = (typeof STORE_STATUSES)[number];

/** The supplies a store keeps on hand, each counted against its own reorder point. */
export const STORE_SUPPLIES = ['bin_boxes', 'liners', 'labels'] as const;
/** One kind of supply. */
export type StoreSupply = (typeof STORE_SUPPLIES)[number];

/** The supply fields of a store: each count on hand and its reorder point. */
export const SUPPLY_FIELDS = [
  'bin_boxes',
  'bin_boxes_reorder_at',
  'liners',
  'liners_reorder_at',
  'labels',
  'labels_reorder_at',
] as const;
/** A supply field. */
export type SupplyField = (typeof SUPPLY_FIELDS)[number];

/** Where a store is and how it collects: its name, address, region and channel. */
export const STORE_PLACE_FIELDS = [
  'name',
  'address',
  'postal_code',
  'city',
  'region',
  'channel',
] as const;

/** The contact fields of a store. */
export const STORE_CONTACT_FIELDS = [
  'contact_name',
  'contact_email',
  'contact_phone',
] as const;

/**
 * What a brand admin may change on their own member's stores (D15): the
 * contact and the supplies. Any other field in their edit answers 403.
 */
export const BRAND_EDITABLE_STORE_FIELDS = [
  ...STORE_CONTACT_FIELDS,
  ...SUPPLY_FIELDS,
] as const;

/** A kiosk whose last heartbeat is older than this (or that never sent one) is stale. */
export const KIOSK_HEARTBEAT_STALE_HOURS = 24;

/** Longest store name, address or city. */
export const MAX_STORE_TEXT_LENGTH = 120;
/** Largest count of one supply on hand, or reorder point. */
export const MAX_SUPPLY_COUNT = 100_000;

/** Sort orders of GET /api/stores/inventory; a leading `-` is descending. */
export const STORE_RECORD_SORTS = sortOrders([
  'name',
  'city',
  'region',
  'opened_at',
  'last_heartbeat_at',
]);
/** A sort order of GET /api/stores/inventory. */
export type StoreRecordSort = (typeof STORE_RECORD_SORTS)[number];

/** Largest page of GET /api/stores/inventory. */
export const MAX_STORE_RECORDS_PAGE_SIZE = 100;
/** Longest search text of GET /api/stores/inventory. */
export const MAX_STORE_RECORDS_SEARCH_LENGTH = 100;
/** Most stores one bulk deactivation names. */
export const MAX_BULK_STORES = 100;

/* ------------------------------------------------------------------ */
/* Reads                                                               */
/* ------------------------------------------------------------------ */

/** Query of GET /api/stores/inventory: search, filters, sort and pages. */
export const StoreRecordsQuerySchema = scopedQuery({
  /** A member within the scope (collective admins' filter). */
  member: v.optional(IdTextSchema),
  search: searchQuery(MAX_STORE_RECORDS_SEARCH_LENGTH),
  region: v.optional(oneOf(PROGRAM_REGIONS, 'region')),
  channel: v.optional(oneOf(STORE_CHANNELS, 'channel')),
  status: v.optional(oneOf(STORE_STATUSES, 'status')),
  /** `true`: only stores with a supply at or below its reorder point. */
  low_stock: v.optional(v.picklist(['true'], 'low_stock must be true')),
  sort: v.optional(oneOf(STORE_RECORD_SORTS, 'sort')),
  ...pageQuery(MAX_STORE_RECORDS_PAGE_SIZE),
});

const SupplyCountSchema = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(0),
  v.maxValue(MAX_SUPPLY_COUNT),
);

/**
 * A store as Stores & Inventory Management shows it: who it belongs to,
 * where it is, how it collects, its contact, its supplies against their
 * reorder points (`low_stock` when any is at or below its point) and, for a
 * kiosk, its last heartbeat (`heartbeat_stale` when older than
 * {@link KIOSK_HEARTBEAT_STALE_HOURS} hours or missing on an active kiosk).
 */
export const StoreRecordSchema = v.object({
  id: IdSchema,
  member_id: IdSchema,
  member_name: v.string(),
  name: v.string(),
  address: v.string(),
  postal_code: v.string(),
  city: v.string(),
  region: v.string(),
  channel: v.picklist(STORE_CHANNELS),
  status: v.picklist(STORE_STATUSES),
  opened_at: IsoTimestampSchema,
  contact_name: v.nullable(v.string()),
  contact_email: v.nullable(v.string()),
  contact_phone: v.nullable(v.string()),
  bin_boxes: SupplyCountSchema,
  bin_boxes_reorder_at: SupplyCountSchema,
  liners: SupplyCountSchema,
  liners_reorder_at: SupplyCountSchema,
  labels: SupplyCountSchema,
  labels_reorder_at: SupplyCountSchema,
  low_stock: v.boolean(),
  last_heartbeat_at: v.nullable(IsoTimestampSchema),
  heartbeat_stale: v.boolean(),
  version: VersionSchema,
});
/** A store as Stores & Inventory Management shows it. */
export type StoreRecord = v.InferOutput<typeof StoreRecordSchema>;

/** Response of GET /api/stores/inventory: one page of the stores in scope; `total` counts the stores matching the filters in scope, on all pages. */
export const StoreRecordsPageSchema = scopedPageSchema(
  'store_records',
  StoreRecordSchema,
);
/** One page of store records. */
export type StoreRecordsPage = v.InferOutput<typeof StoreRecordsPageSchema>;

/** The `:id` of one store. */
export const StoreRecordIdParamsSchema = recordIdParams('store');

/** Query of GET /api/stores/inventory/:id: the data filter's member. */
export const StoreRecordQuerySchema = scopedQuery();

/** Response of GET /api/stores/inventory/:id and of every write on one store. */
export const StoreRecordDetailSchema = answerSchema({
  store: StoreRecordSchema,
});
/** One store with its inventory. */
export type StoreRecordDetail = v.InferOutput<typeof StoreRecordDetailSchema>;

/* ------------------------------------------------------------------ */
/* Writes (versioned and audited, D15)                                 */
/* ------------------------------------------------------------------ */

/** A supply count a person types: a whole number from 0 to {@link MAX_SUPPLY_COUNT}. */
const supplyInput = (name: string) =>
  v.pipe(
    v.number(`${name} must be a number`),
    v.integer(`${name} must be a whole number`),
    v.minValue(0, `${name} must be 0 or more`),
    v.maxValue(MAX_SUPPLY_COUNT, `${name} must be at most ${MAX_SUPPLY_COUNT}`),
  );

/** A calendar day in a body, `YYYY-MM-DD` around spaces: a {@link dayText}. */
export const DayInputSchema = v.pipe(
  v.string('opened_on must be a date'),
  v.trim(),
  dayText('opened_on'),
);

/** The contact and supplies of a store: what a brand admin may change too. */
const contactAndSupplies = {
  contact_name: contactText('contact_name'),
  contact_email: ContactEmailSchema,
  contact_phone: contactText('contact_phone'),
  bin_boxes: supplyInput('bin_boxes'),
  bin_boxes_reorder_at: supplyInput('bin_boxes_reorder_at'),
  liners: supplyInput('liners'),
  liners_reorder_at: supplyInput('liners_reorder_at'),
  labels: supplyInput('labels'),
  labels_reorder_at: supplyInput('labels_reorder_at'),
};

/** What a create and an edit may set on a store, each field named in its messages. */
export const storeFields = {
  name: requiredText('name', MAX_STORE_TEXT_LENGTH),
  address: requiredText('address', MAX_STORE_TEXT_LENGTH),
  postal_code: v.pipe(
    v.string('postal_code must be a string'),
    v.trim(),
    v.maxLength(20, 'postal_code must be at most 20 characters'),
  ),
  city: requiredText('city', MAX_STORE_TEXT_LENGTH),
  region: oneOf(PROGRAM_REGIONS, 'region'),
  channel: oneOf(STORE_CHANNELS, 'channel'),
  status: oneOf(STORE_STATUSES, 'status'),
  opened_on: DayInputSchema,
  ...contactAndSupplies,
};

/**
 * Body of POST /api/stores (collective admins): a new store of member
 * `member_id`, which is fixed once made (its shipments belong to it).
 */
export const CreateStoreSchema = v.strictObject({
  member_id: idInput('member_id'),
  ...storeFields,
});
/** Body of POST /api/stores. */
export type CreateStore = v.InferOutput<typeof CreateStoreSchema>;

/**
 * Body of PATCH /api/stores/:id: the fields to change, at the version read.
 * A brand admin may send only {@link BRAND_EDITABLE_STORE_FIELDS}.
 */
export const UpdateStoreSchema = versionedUpdate(storeFields);
/** Body of PATCH /api/stores/:id. */
export type UpdateStore = v.InferOutput<typeof UpdateStoreSchema>;

/** Body of POST /api/stores/:id/deactivate: the version read. */
export const StoreVersionSchema = VersionBodySchema;

/** Body of POST /api/stores/deactivate: the stores and the versions read. */
export const BulkDeactivateStoresSchema = v.strictObject({
  stores: v.pipe(
    v.array(v.strictObject({ id: idInput('id'), version: VersionSchema })),
    v.minLength(1, 'stores must name at least one store'),
    v.maxLength(
      MAX_BULK_STORES,
      `stores may name at most ${MAX_BULK_STORES} stores at once`,
    ),
    v.check(
      (stores) => new Set(stores.map((s) => s.id)).size === stores.length,
      'stores must name each store once',
    ),
  ),
});

/** Response of POST /api/stores/deactivate: the stores as they are now. */
export const BulkDeactivatedStoresSchema = answerSchema({
  stores: v.array(StoreRecordSchema),
});

/* ------------------------------------------------------------------ */
/* CSV import (collective admins): preview, then import                */
/* ------------------------------------------------------------------ */

/** Largest CSV file the import reads. */
export const MAX_STORE_IMPORT_BYTES = 1024 * 1024;
/** Most data rows one import takes. */
export const MAX_STORE_IMPORT_ROWS = 1000;
/** Longest line (record) of an import file, in characters. */
export const MAX_STORE_IMPORT_RECORD_LENGTH = 4096;
/** The multipart field the CSV file is sent in. */
export const STORE_IMPORT_FIELD = 'file';

/** Columns an import file must have (in any order). */
export const STORE_IMPORT_REQUIRED_COLUMNS = [
  'member_code',
  'name',
  'address',
  'city',
  'region',
  'channel',
  'opened_on',
] as const;
/** Columns an import file may have besides the required ones. */
export const STORE_IMPORT_OPTIONAL_COLUMNS = [
  'postal_code',
  'status',
  ...STORE_CONTACT_FIELDS,
  ...SUPPLY_FIELDS,
] as const;

/** One problem of one cell (or of a whole row, `column` empty) of an import file. */
export const StoreImportIssueSchema = v.object({
  /** The file's line number: the header is row 1, the first store row 2. */
  row: v.pipe(v.number(), v.integer(), v.minValue(1)),
  column: v.string(),
  value: v.string(),
  message: v.string(),
});
/** One problem of an import file. */
export type StoreImportIssue = v.InferOutput<typeof StoreImportIssueSchema>;

/** A valid row of an import file, as the store it makes. */
export const StoreImportPreviewSchema = v.object({
  row: v.pipe(v.number(), v.integer(), v.minValue(2)),
  member_name: v.string(),
  name: v.string(),
  city: v.string(),
  region: v.string(),
  channel: v.picklist(STORE_CHANNELS),
});

/**
 * The row-by-row report of an import file: the rows read, how many are
 * valid and invalid, each problem (row, column, value, message) and the
 * stores the valid rows make; `imported` counts the stores saved (0 for a
 * preview, and whenever any row has a problem: nothing is saved then).
 */
export const StoreImportReportSchema = answerSchema({
  rows: CountSchema,
  valid: CountSchema,
  invalid: CountSchema,
  issues: v.array(StoreImportIssueSchema),
  stores: v.array(StoreImportPreviewSchema),
  imported: CountSchema,
});
/** The report of an import file. */
export type StoreImportReport = v.InferOutput<typeof StoreImportReportSchema>;

const importUpload = {
  field: STORE_IMPORT_FIELD,
  maxBytes: MAX_STORE_IMPORT_BYTES,
  type: 'text/csv',
} as const;

/**
 * The calls of Stores & Inventory Management (its screen imports this
 * table, not the `endpoints` aggregate).
 */
export const storeInventoryEndpoints = /* @__PURE__ */ named({
  storeRecords: {
    method: 'GET',
    path: '/api/stores/inventory',
    summary:
      'Stores in scope with address, status, contact, supplies and heartbeat',
    resource: 'stores',
    query: StoreRecordsQuerySchema,
    response: StoreRecordsPageSchema,
    auth: 'session',
    audience: 'admins',
    scoped: true,
  },
  storeRecord: {
    method: 'GET',
    path: '/api/stores/inventory/:id',
    summary: 'One store with its inventory (404 outside your scope)',
    resource: 'stores',
    params: StoreRecordIdParamsSchema,
    query: StoreRecordQuerySchema,
    response: StoreRecordDetailSchema,
    auth: 'session',
    audience: 'admins',
    scoped: true,
  },
  createStore: {
    method: 'POST',
    path: '/api/stores',
    summary: 'Open a store for a member (collective admins)',
    resource: 'stores',
    body: CreateStoreSchema,
    response: StoreRecordDetailSchema,
    status: 201,
    auth: 'session',
    audience: 'collective-admins',
    audit: { entity: 'store', action: 'create' },
    idempotent: true,
  },
  updateStore: {
    method: 'PATCH',
    path: '/api/stores/:id',
    summary:
      "Change a store (collective admins; a brand admin their own stores' contact and supplies only; 409 when stale)",
    resource: 'stores',
    params: StoreRecordIdParamsSchema,
    body: UpdateStoreSchema,
    response: StoreRecordDetailSchema,
    auth: 'session',
    audience: 'admins',
    audit: { entity: 'store', action: 'update' },
  },
  deactivateStore: {
    method: 'POST',
    path: '/api/stores/:id/deactivate',
    summary:
      'Deactivate a store: kept with its history (collective admins; 409 when stale)',
    resource: 'stores',
    params: StoreRecordIdParamsSchema,
    body: StoreVersionSchema,
    response: StoreRecordDetailSchema,
    auth: 'session',
    audience: 'collective-admins',
    audit: { entity: 'store', action: 'deactivate' },
  },
  deactivateStores: {
    method: 'POST',
    path: '/api/stores/deactivate',
    summary:
      'Deactivate several stores at once, all or none (collective admins; 409 when any is stale)',
    resource: 'stores',
    body: BulkDeactivateStoresSchema,
    response: BulkDeactivatedStoresSchema,
    auth: 'session',
    audience: 'collective-admins',
    audit: { entity: 'store', action: 'deactivate' },
  },
  previewStoreImport: {
    method: 'POST',
    path: '/api/stores/import/preview',
    summary:
      'Check a CSV of stores row by row and report, saving nothing (collective admins)',
    resource: 'stores',
    upload: importUpload,
    response: StoreImportReportSchema,
    auth: 'session',
    audience: 'collective-admins',
  },
  importStores: {
    method: 'POST',
    path: '/api/stores/import',
    summary:
      'Import a CSV of stores: all rows saved, or none when any row has a problem (collective admins)',
    resource: 'stores',
    upload: importUpload,
    response: StoreImportReportSchema,
    auth: 'session',
    audience: 'collective-admins',
    audit: { entity: 'store', action: 'import' },
    idempotent: true,
  },
} as const satisfies Record<string, Endpoint>);
