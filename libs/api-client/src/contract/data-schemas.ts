import * as v from 'valibot';
import {
  answerSchema,
  CountSchema,
  IdSchema,
  IsoTimestampSchema,
  KgSchema,
  oneOf,
  pageEntries,
  requiredText,
  searchQuery,
  sortOrders,
} from './common-schemas';

/*
 * The program's data (decisions D12): KPIs of the dashboard, the stores with
 * their shipments, and the user's API keys (D13). Every query value is text
 * on the wire; the schemas turn it into numbers where the server needs them,
 * and the client sends the text form.
 */

/** Largest id of a store, a shipment or an API key (PostgreSQL `integer`). */
export const MAX_RECORD_ID = 2_147_483_647;

/** A record id as a path or query value: decimal digits, no sign, no leading zero. */
export const IdTextSchema = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,9}$/, 'must be a positive whole number'),
  v.transform(Number),
  v.maxValue(MAX_RECORD_ID, `must be at most ${MAX_RECORD_ID}`),
);

/**
 * The `:id` path parameter of one record, named in its messages
 * (`recordIdParams('store')`: "store id must be a positive whole number").
 */
export function recordIdParams(record: string) {
  return v.strictObject({
    id: v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,9}$/, `${record} id must be a positive whole number`),
      v.transform(Number),
      v.maxValue(
        MAX_RECORD_ID,
        `${record} id must be at most ${MAX_RECORD_ID}`,
      ),
    ),
  });
}

/** A calendar month as `YYYY-MM`. */
const MonthSchema = v.pipe(
  v.string(),
  v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'expected a month as YYYY-MM'),
);

/** The programme's regions, in display order: where its stores are (D14). */
export const PROGRAM_REGIONS = [
  'West',
  'Mountain',
  'Midwest',
  'South',
  'Northeast',
] as const;

/**
 * The materials the warehouse sorts collected packaging into, in display
 * order, with their names for people.
 */
export const MATERIALS = [
  { code: 'pp5', label: 'PP #5' },
  { code: 'pet1', label: 'PET #1' },
  { code: 'hdpe2', label: 'HDPE #2' },
  { code: 'glass', label: 'Glass' },
  { code: 'aluminium', label: 'Aluminium' },
  { code: 'mixed', label: 'Mixed' },
] as const;

/** Code of a material, e.g. `pp5`. */
export type MaterialCode = (typeof MATERIALS)[number]['code'];

/** Validates a material code. */
export const MaterialCodeSchema = v.picklist(
  MATERIALS.map((m) => m.code) as [MaterialCode, ...MaterialCode[]],
);

/** Weight of one material. */
export const MaterialWeightSchema = v.object({
  material: MaterialCodeSchema,
  weight_kg: KgSchema,
});
/** Weight of one material. */
export type MaterialWeight = v.InferOutput<typeof MaterialWeightSchema>;

/**
 * The `member_id` query of the data endpoints: honoured only for collective
 * admins; brand users always get their own member (decisions D12).
 */
export const MemberIdQuery = v.optional(IdTextSchema);

/**
 * The query of a scoped read: the data filter's `member_id` (see
 * {@link MemberIdQuery}), then the read's own `entries` (filters, sort,
 * pages); nothing else is accepted.
 */
export function scopedQuery<
  const TEntries extends v.ObjectEntries = Record<never, never>,
>(entries?: TEntries) {
  return v.strictObject({ member_id: MemberIdQuery, ...(entries as TEntries) });
}

/** The scope the server answered for: a member, or the whole collective (`null`). */
export const AnsweredScopeSchema = v.object({
  member_id: v.nullable(IdSchema),
  member_name: v.nullable(v.string()),
});
/** The scope the server answered for. */
export type AnsweredScope = v.InferOutput<typeof AnsweredScopeSchema>;

/**
 * The answer of a scoped read (decisions D12): the scope the server
 * answered for, as every data answer states it, then the read's own
 * `entries`.
 */
export function scopedAnswer<const TEntries extends v.ObjectEntries>(
  entries: TEntries,
) {
  return answerSchema({ scope: AnsweredScopeSchema, ...entries });
}

/**
 * The answer of a scoped list: the scope answered for, the list's own
 * `entries` (counts, the period read…), one page of items under `key` and
 * its paging (`total` counts the items matching the filters in scope, on
 * all pages).
 */
export function scopedPageSchema<
  const TKey extends string,
  TItem extends v.GenericSchema,
  const TEntries extends v.ObjectEntries = Record<never, never>,
>(key: TKey, item: TItem, entries?: TEntries) {
  const items = { [key]: v.array(item) } as {
    [K in TKey]: v.ArraySchema<TItem, undefined>;
  };
  return scopedAnswer({
    ...(entries as TEntries),
    ...items,
    ...pageEntries,
  });
}

/* ------------------------------------------------------------------ */
/* GET /api/dashboard/summary                                          */
/* ------------------------------------------------------------------ */

/** Query of GET /api/dashboard/summary. */
export const DashboardSummaryQuerySchema = scopedQuery();

/** A store in a ranking: name, place and what it collected in the last 12 months. */
export const RankedStoreSchema = v.object({
  id: IdSchema,
  name: v.string(),
  city: v.string(),
  member_name: v.string(),
  weight_kg_12m: KgSchema,
});
/** A store in a ranking. */
export type RankedStore = v.InferOutput<typeof RankedStoreSchema>;

/** Response of GET /api/dashboard/summary: the program's KPIs for the scope. */
export const DashboardSummarySchema = scopedAnswer({
  /** The current month, the last of `monthly`. */
  month: MonthSchema,
  kpis: v.object({
    weight_kg_month: KgSchema,
    weight_kg_12m: KgSchema,
    units_month: CountSchema,
    units_12m: CountSchema,
    active_stores: CountSchema,
    shipments_in_transit: CountSchema,
    /**
     * Recycling rate of D14 over the material received in the last 12
     * months: recycled + downcycled ÷ the weight with a confirmed outcome, 0 to 1.
     */
    recycled_share: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
  }),
  /** The last 12 months, oldest first, each with its weight per material. */
  monthly: v.array(
    v.object({ month: MonthSchema, materials: v.array(MaterialWeightSchema) }),
  ),
  /** The five stores that collected most in the last 12 months. */
  top_stores: v.array(RankedStoreSchema),
});
/** The program's KPIs for a scope. */
export type DashboardSummary = v.InferOutput<typeof DashboardSummarySchema>;

/* ------------------------------------------------------------------ */
/* GET /api/stores and GET /api/stores/:id                             */
/* ------------------------------------------------------------------ */

/** Sort orders of the store list; a leading `-` is descending. */
export const STORE_SORTS = sortOrders([
  'name',
  'city',
  'weight',
  'last_shipment',
]);
/** A sort order of the store list. */
export type StoreSort = (typeof STORE_SORTS)[number];

/** Largest page of the store list. */
export const MAX_STORE_PAGE_SIZE = 100;
/** Longest search text of the store list. */
export const MAX_STORE_SEARCH_LENGTH = 100;

/**
 * The `page` and `page_size` query entries of a server-paged list, the
 * size at most `maxPageSize`, both given as text and read as numbers.
 */
export function pageQuery(maxPageSize: number) {
  return {
    page: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^[1-9]\d{0,5}$/, 'page must be a whole number from 1'),
        v.transform(Number),
      ),
    ),
    page_size: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^[1-9]\d{0,2}$/, 'page_size must be a whole number from 1'),
        v.transform(Number),
        v.maxValue(maxPageSize, `page_size must be at most ${maxPageSize}`),
      ),
    ),
  };
}

/** Query of GET /api/stores: search, sort and server-side pagination. */
export const StoresQuerySchema = scopedQuery({
  search: searchQuery(MAX_STORE_SEARCH_LENGTH),
  sort: v.optional(oneOf(STORE_SORTS, 'sort')),
  ...pageQuery(MAX_STORE_PAGE_SIZE),
});

/** A store of a member brand where consumers bring packaging back. */
export const StoreSchema = v.object({
  id: IdSchema,
  name: v.string(),
  city: v.string(),
  region: v.string(),
  member_id: IdSchema,
  member_name: v.string(),
  /** How the store collects: an in-store bin or a kiosk. */
  channel: v.picklist(['in-store', 'kiosk']),
  active: v.boolean(),
  weight_kg_12m: KgSchema,
  shipments_12m: CountSchema,
  last_shipment_at: v.nullable(IsoTimestampSchema),
});
/** A store. */
export type Store = v.InferOutput<typeof StoreSchema>;

/** Response of GET /api/stores: one page of the stores in scope. */
export const StoresPageSchema = scopedPageSchema('stores', StoreSchema);
/** One page of stores. */
export type StoresPage = v.InferOutput<typeof StoresPageSchema>;

/**
 * The `download` query of a CSV export: the single-use ticket of POST
 * /api/downloads, which lets a browser navigate to the file (no bearer
 * header) and stream it to disk.
 */
export const DownloadTicketQuery = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9_-]{20,64}$/, 'download must be a download ticket'),
  ),
);

/** Query of GET /api/stores/export: the list's search and order, every page. */
export const StoresExportQuerySchema = scopedQuery({
  search: StoresQuerySchema.entries.search,
  sort: StoresQuerySchema.entries.sort,
  download: DownloadTicketQuery,
});

/** One row of the stores CSV: a store as the list shows it. */
export const StoreCsvRowSchema = v.object({
  id: IdSchema,
  name: v.string(),
  city: v.string(),
  region: v.string(),
  member: v.string(),
  channel: v.string(),
  active: v.boolean(),
  weight_kg_12m: KgSchema,
  shipments_12m: CountSchema,
  last_shipment_at: v.nullable(v.string()),
});
/** One row of the stores CSV. */
export type StoreCsvRow = v.InferOutput<typeof StoreCsvRowSchema>;

/** The `:id` of GET /api/stores/:id. */
export const StoreIdParamsSchema = recordIdParams('store');

/** Query of GET /api/stores/:id. */
export const StoreQuerySchema = scopedQuery();

/**
 * Where a shipment is (decisions D14): label created → in transit →
 * delivered → received (weighed in) → sorted, or an exception.
 */
export const SHIPMENT_STATUSES = [
  'label_created',
  'in_transit',
  'delivered',
  'received',
  'sorted',
  'exception',
] as const;
/** A shipment's status. */
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** Each shipment status in words for people, the same on every screen. */
export const SHIPMENT_STATUS_LABELS: Readonly<Record<ShipmentStatus, string>> =
  {
    label_created: 'Label created',
    in_transit: 'In transit',
    delivered: 'Delivered',
    received: 'Received',
    sorted: 'Sorted',
    exception: 'Exception',
  };

/** A shipment of collected packaging from a store to the warehouse. */
export const ShipmentSchema = v.object({
  id: IdSchema,
  tracking_number: v.string(),
  shipped_at: IsoTimestampSchema,
  received_at: v.nullable(IsoTimestampSchema),
  status: v.picklist(SHIPMENT_STATUSES),
  units: CountSchema,
  /** Net weight received at the warehouse (D14's collected weight); null until received. */
  weight_kg: v.nullable(KgSchema),
});
/** A shipment. */
export type Shipment = v.InferOutput<typeof ShipmentSchema>;

/** Response of GET /api/stores/:id: a store with its history. */
export const StoreDetailSchema = scopedAnswer({
  store: StoreSchema,
  /** The last 12 months, oldest first. */
  monthly: v.array(v.object({ month: MonthSchema, weight_kg: KgSchema })),
  /** Weight per material over the last 12 months. */
  materials: v.array(MaterialWeightSchema),
  /** The ten latest shipments, newest first. */
  recent_shipments: v.array(ShipmentSchema),
});
/** A store with its history. */
export type StoreDetail = v.InferOutput<typeof StoreDetailSchema>;

/* ------------------------------------------------------------------ */
/* /api/keys                                                           */
/* ------------------------------------------------------------------ */

/** Longest name of an API key. */
export const MAX_API_KEY_NAME_LENGTH = 60;
/** How many live API keys a user may hold. */
export const MAX_API_KEYS_PER_USER = 20;

/** An API key as listed: never its secret. */
export const ApiKeySchema = v.object({
  id: IdSchema,
  name: v.string(),
  /** The first characters of the key, to recognise it, e.g. `ck_3f9a1c2e`. */
  prefix: v.string(),
  created_at: IsoTimestampSchema,
  last_used_at: v.nullable(IsoTimestampSchema),
});
/** An API key as listed. */
export type ApiKey = v.InferOutput<typeof ApiKeySchema>;

/** Response of GET /api/keys: the caller's live keys, newest first. */
export const ApiKeysResponseSchema = answerSchema({
  keys: v.array(ApiKeySchema),
});

/** Body of POST /api/keys. */
export const CreateApiKeyRequestSchema = v.strictObject({
  name: requiredText('name', MAX_API_KEY_NAME_LENGTH),
});

/** Response of POST /api/keys: the key, and its secret, shown this once. */
export const CreatedApiKeySchema = answerSchema({
  key: ApiKeySchema,
  /** The whole key, `ck_<prefix>_<secret>`; the server keeps only its hash. */
  secret: v.pipe(v.string(), v.regex(/^ck_[0-9a-f]{8}_[A-Za-z0-9_-]{32,}$/)),
});
/** A key just made, with its secret. */
export type CreatedApiKey = v.InferOutput<typeof CreatedApiKeySchema>;

/** The `:id` of DELETE /api/keys/:id. */
export const ApiKeyIdParamsSchema = recordIdParams('key');

/** Response of DELETE /api/keys/:id and POST /api/notifications/read-all. */
export const SuccessSchema = v.object({ success: v.literal(true) });

/** Longest path a download ticket may name. */
export const MAX_DOWNLOAD_PATH_LENGTH = 2000;

/** Body of POST /api/downloads: the export to download, path and query. */
export const CreateDownloadSchema = v.strictObject({
  path: v.pipe(
    v.string('path must be a string'),
    v.maxLength(
      MAX_DOWNLOAD_PATH_LENGTH,
      `path must be at most ${MAX_DOWNLOAD_PATH_LENGTH} characters`,
    ),
    v.regex(
      /^\/api\/[^#]*$/,
      'path must be an API path such as /api/stores/export?sort=name',
    ),
  ),
});

/** Response of POST /api/downloads: where the browser fetches the file, once, soon. */
export const DownloadResponseSchema = answerSchema({
  /** The path to open, with its `download` ticket; valid once. */
  url: v.string(),
  expires_at: IsoTimestampSchema,
});
