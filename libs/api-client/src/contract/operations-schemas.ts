import * as v from 'valibot';
import {
  answerSchema,
  CountSchema,
  dayText,
  IdSchema,
  IsoTimestampSchema,
  KgSchema,
  oneOf,
  searchQuery,
} from './common-schemas';
import {
  DownloadTicketQuery,
  MaterialCodeSchema,
  MAX_STORE_PAGE_SIZE,
  pageQuery,
  recordIdParams,
  scopedAnswer,
  scopedPageSchema,
  scopedQuery,
  SHIPMENT_STATUSES,
} from './data-schemas';
import { ShareSchema } from './figure-schemas';
import { EOL_OUTCOMES, WEIGHT_UNITS } from './mass-balance';
import { idInput, VersionBodySchema, VersionSchema } from './record-schemas';
import { PeriodQuery } from './store-rankings-endpoints';

/*
 * The program's operations (decisions D14, D15): shipments with their
 * timeline, receipts and material lines, in the words every screen uses.
 */

/* ------------------------------------------------------------------ */
/* Shipments                                                           */
/* ------------------------------------------------------------------ */

/** Where a shipment came from: an in-store bin, a kiosk or a consumer. */
export const SHIPMENT_CHANNELS = ['in-store', 'kiosk', 'mail-back'] as const;
/** A shipment's channel. */
export type ShipmentChannel = (typeof SHIPMENT_CHANNELS)[number];

/**
 * The origin shown for a mail-back shipment, which comes from a consumer
 * and has no store (decisions D14, D19).
 */
export const MAILBACK_ORIGIN = 'Consumer mail-back';

/** Days after delivery that a shipment not yet received is flagged. */
export const DELIVERED_NOT_RECEIVED_DAYS = 3;
/** Days in transit after which a shipment is flagged. */
export const LONG_TRANSIT_DAYS = 10;

/**
 * The flags of the shipment list: delivered but not received after
 * {@link DELIVERED_NOT_RECEIVED_DAYS} days, in transit over
 * {@link LONG_TRANSIT_DAYS} days.
 */
export const SHIPMENT_FLAGS = [
  'delivered_not_received',
  'long_transit',
] as const;
/** A flag of a shipment that needs someone's attention. */
export type ShipmentFlag = (typeof SHIPMENT_FLAGS)[number];

/** Each flag in words for people. */
export const SHIPMENT_FLAG_LABELS: Readonly<Record<ShipmentFlag, string>> = {
  delivered_not_received: `Delivered, not received after ${DELIVERED_NOT_RECEIVED_DAYS} days`,
  long_transit: `In transit over ${LONG_TRANSIT_DAYS} days`,
};

/** Exceptions a shipment can end in. */
export const SHIPMENT_EXCEPTIONS = ['lost', 'damaged', 'refused'] as const;
/** A shipment's exception. */
export type ShipmentException = (typeof SHIPMENT_EXCEPTIONS)[number];

/** Orders of the shipment list. */
export const SHIPMENT_SORTS = [
  '-shipped_at',
  'shipped_at',
  'tracking_number',
  '-tracking_number',
  'status',
  '-status',
] as const;
/** An order of the shipment list. */
export type ShipmentSort = (typeof SHIPMENT_SORTS)[number];

/** Longest search text of the shipment list. */
export const MAX_SHIPMENT_SEARCH_LENGTH = 100;

/** Filters of the shipment list and its export. */
const shipmentFilters = {
  /** A tracking number (or its start), a store's or a member's name. */
  search: searchQuery(MAX_SHIPMENT_SEARCH_LENGTH),
  status: v.optional(oneOf(SHIPMENT_STATUSES, 'status')),
  channel: v.optional(oneOf(SHIPMENT_CHANNELS, 'channel')),
  flag: v.optional(oneOf(SHIPMENT_FLAGS, 'flag')),
  /** Shipped on or after this day (UTC). */
  from: v.optional(dayText('from')),
  /** Shipped on or before this day (UTC). */
  to: v.optional(dayText('to')),
  sort: v.optional(oneOf(SHIPMENT_SORTS, 'sort')),
};

/** Query of GET /api/shipments. */
export const ShipmentsQuerySchema = scopedQuery({
  ...shipmentFilters,
  ...pageQuery(MAX_STORE_PAGE_SIZE),
});

/** Query of GET /api/shipments/export: the list's filters, every page. */
export const ShipmentsExportQuerySchema = scopedQuery({
  ...shipmentFilters,
  download: DownloadTicketQuery,
});

/** A shipment as the list shows it. */
export const ShipmentRowSchema = v.object({
  id: IdSchema,
  tracking_number: v.string(),
  /** The store it came from; `null` for a mail-back shipment (from a consumer). */
  store_id: v.nullable(IdSchema),
  /** The store's name, or {@link MAILBACK_ORIGIN}. */
  store_name: v.string(),
  member_id: IdSchema,
  member_name: v.string(),
  channel: v.picklist(SHIPMENT_CHANNELS),
  status: v.picklist(SHIPMENT_STATUSES),
  shipped_at: IsoTimestampSchema,
  delivered_at: v.nullable(IsoTimestampSchema),
  received_at: v.nullable(IsoTimestampSchema),
  /** The sender's declared weight: never counted as collected. */
  declared_weight_kg: v.nullable(KgSchema),
  /** Net received weight (collected); null until received. */
  net_kg: v.nullable(KgSchema),
  flags: v.array(v.picklist(SHIPMENT_FLAGS)),
  version: VersionSchema,
});
/** A shipment as the list shows it. */
export type ShipmentRow = v.InferOutput<typeof ShipmentRowSchema>;

/** Response of GET /api/shipments: one page of the shipments in scope. */
export const ShipmentsPageSchema = scopedPageSchema(
  'shipments',
  ShipmentRowSchema,
);
/** One page of shipments. */
export type ShipmentsPage = v.InferOutput<typeof ShipmentsPageSchema>;

/** One row of the shipments CSV. */
export const ShipmentCsvRowSchema = v.object({
  id: IdSchema,
  tracking_number: v.string(),
  store: v.string(),
  member: v.string(),
  channel: v.string(),
  status: v.string(),
  shipped_at: v.string(),
  delivered_at: v.nullable(v.string()),
  received_at: v.nullable(v.string()),
  declared_weight_kg: v.nullable(KgSchema),
  net_kg: v.nullable(KgSchema),
  flags: v.string(),
});
/** One row of the shipments CSV. */
export type ShipmentCsvRow = v.InferOutput<typeof ShipmentCsvRowSchema>;

/** The `:id` of a shipment. */
export const ShipmentIdParamsSchema = recordIdParams('shipment');

/** Query of GET /api/shipments/:id. */
export const ShipmentQuerySchema = scopedQuery();

/** One change in a shipment's timeline: a status, an exception or a correction. */
export const ShipmentEventSchema = v.object({
  id: IdSchema,
  at: IsoTimestampSchema,
  kind: v.string(),
  note: v.nullable(v.string()),
  actor_name: v.nullable(v.string()),
});
/** One change in a shipment's timeline. */
export type ShipmentEvent = v.InferOutput<typeof ShipmentEventSchema>;

/** The warehouse weigh-in of a shipment (D14). */
export const ReceiptSchema = v.object({
  gross_kg: KgSchema,
  tare_kg: KgSchema,
  net_kg: KgSchema,
  contamination_kg: KgSchema,
  /** The sum of the material lines. */
  sorted_kg: KgSchema,
  /** net − sorted: what sorting did not assign to a material. */
  residue_kg: KgSchema,
  /** The unit the weights were entered in. */
  unit: v.picklist(WEIGHT_UNITS),
  scale_id: v.string(),
  received_by: v.string(),
  version: VersionSchema,
});
/** A receipt. */
export type Receipt = v.InferOutput<typeof ReceiptSchema>;

/** A material line of a receipt: sorted weight, how much went into lots, and which lots. */
export const MaterialLineSchema = v.object({
  material: MaterialCodeSchema,
  weight_kg: KgSchema,
  in_lots_kg: KgSchema,
  on_hand_kg: KgSchema,
  lot_ids: v.array(IdSchema),
});
/** A material line. */
export type MaterialLine = v.InferOutput<typeof MaterialLineSchema>;

/** Response of GET /api/shipments/:id: the shipment, its timeline, its receipt and lines. */
export const ShipmentDetailSchema = scopedAnswer({
  shipment: v.object({
    ...ShipmentRowSchema.entries,
    /** The store's city; `null` for a mail-back shipment. */
    store_city: v.nullable(v.string()),
    sorted_at: v.nullable(IsoTimestampSchema),
    exception: v.nullable(v.picklist(SHIPMENT_EXCEPTIONS)),
  }),
  events: v.array(ShipmentEventSchema),
  receipt: v.nullable(ReceiptSchema),
  lines: v.array(MaterialLineSchema),
});
/** A shipment with its timeline, receipt and lines. */
export type ShipmentDetail = v.InferOutput<typeof ShipmentDetailSchema>;

const NoteSchema = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(500, 'note must be at most 500 characters'),
  ),
);

/** Body of POST /api/shipments/:id/exception. */
export const ShipmentExceptionSchema = v.strictObject({
  exception: oneOf(SHIPMENT_EXCEPTIONS, 'exception'),
  note: NoteSchema,
  version: VersionSchema,
});

/** Body of PATCH /api/shipments/:id/origin: the store the shipment really came from. */
export const ShipmentOriginSchema = v.strictObject({
  store_id: idInput('store_id'),
  note: NoteSchema,
  version: VersionSchema,
});

/** Response of a write to a shipment: the shipment as its detail shows it. */
export const ShipmentWrittenSchema = ShipmentDetailSchema;

/* ------------------------------------------------------------------ */
/* Warehouse: receiving, weigh-in, sorting, corrections                */
/* ------------------------------------------------------------------ */

/** Query of GET /api/warehouse/receiving: the queue, oldest delivery first. */
export const ReceivingQueueQuerySchema = scopedQuery({
  ...pageQuery(MAX_STORE_PAGE_SIZE),
});

/** A weight as entered at the scale: kilograms or pounds, at most 10 t. */
const EnteredWeight = (name: string) =>
  v.pipe(
    v.number(`${name} must be a number`),
    v.minValue(0, `${name} cannot be negative`),
    v.maxValue(10_000, `${name} must be at most 10,000`),
  );

const ScaleIdSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('scale_id is required'),
  v.maxLength(40, 'scale_id must be at most 40 characters'),
);

/**
 * Body of POST /api/shipments/:id/receipt (the weigh-in) and PATCH (its
 * correction): gross, tare and contamination in `unit`; net = gross − tare.
 * `version` is the shipment's for a weigh-in, the receipt's for a correction.
 */
export const WeighInSchema = v.strictObject({
  gross: EnteredWeight('gross'),
  tare: EnteredWeight('tare'),
  contamination: EnteredWeight('contamination'),
  unit: oneOf(WEIGHT_UNITS, 'unit'),
  scale_id: ScaleIdSchema,
  version: VersionSchema,
});

/** Body of PUT /api/shipments/:id/lines: the sorted weight per material, in `unit`. */
export const SortingSchema = v.strictObject({
  lines: v.pipe(
    v.array(
      v.strictObject({
        material: MaterialCodeSchema,
        weight: EnteredWeight('weight'),
      }),
    ),
    v.maxLength(20, 'at most 20 lines'),
  ),
  unit: oneOf(WEIGHT_UNITS, 'unit'),
  /** The receipt's version as read. */
  version: VersionSchema,
});

/** Query of GET /api/warehouse/summary. */
export const WarehouseSummaryQuerySchema = scopedQuery();

/** Response of GET /api/warehouse/summary: today's throughput and the backlog. */
export const WarehouseSummarySchema = scopedAnswer({
  /** Today (UTC): shipments received and their net weight, weight sorted. */
  today: v.object({
    received: CountSchema,
    received_kg: KgSchema,
    sorted_kg: KgSchema,
  }),
  backlog: v.object({
    /** Delivered, not yet received. */
    to_receive: CountSchema,
    /** Of them, waiting longer than the flag's days. */
    to_receive_late: CountSchema,
    /** Received, not yet sorted, and their net weight. */
    to_sort: CountSchema,
    to_sort_kg: KgSchema,
  }),
});
/** Today's throughput and the backlog of the warehouse. */
export type WarehouseSummary = v.InferOutput<typeof WarehouseSummarySchema>;

/* ------------------------------------------------------------------ */
/* End-of-life: material on hand, lots, chain of custody               */
/* ------------------------------------------------------------------ */

/** Where a lot is: on the warehouse floor, on its way, or confirmed by its processor. */
export const LOT_STATUSES = ['open', 'shipped', 'confirmed'] as const;

/**
 * Query of GET /api/eol/summary: the `period` (a year or a month, the
 * last twelve months when left out) in which the confirmed lots'
 * material was received.
 */
export const EolSummaryQuerySchema = scopedQuery({
  period: PeriodQuery,
});

/** An object with one entry per end-of-life outcome (D14), each checked by `schema`. */
export function byOutcome<const S extends v.GenericSchema>(schema: S) {
  return v.object({
    recycled: schema,
    downcycled: schema,
    energy_recovery: schema,
    landfill: schema,
  });
}

/** Weight per end-of-life outcome (D14). */
export const OutcomeWeightsSchema = byOutcome(KgSchema);

/**
 * Response of GET /api/eol/summary: the mass balance of the scope
 * (received = sorted + residue; sorted = in lots + on hand), and per
 * material what is on hand and what its confirmed lots became.
 */
export const EolSummarySchema = scopedAnswer({
  balance: v.object({
    received_kg: KgSchema,
    sorted_kg: KgSchema,
    residue_kg: KgSchema,
    in_lots_kg: KgSchema,
    on_hand_kg: KgSchema,
  }),
  materials: v.array(
    v.object({
      material: MaterialCodeSchema,
      on_hand_kg: KgSchema,
      confirmed: OutcomeWeightsSchema,
    }),
  ),
  /** Recycled + downcycled ÷ confirmed, and all but landfill ÷ confirmed (D14). */
  recycling_rate: ShareSchema,
  diversion_rate: ShareSchema,
});
/** The end-of-life summary of a scope. */
export type EolSummary = v.InferOutput<typeof EolSummarySchema>;

/** Query of GET /api/eol/lots. */
export const LotsQuerySchema = scopedQuery({
  status: v.optional(oneOf(LOT_STATUSES, 'status')),
  material: v.optional(MaterialCodeSchema),
  ...pageQuery(MAX_STORE_PAGE_SIZE),
});

/** An end-of-life lot. */
export const LotSchema = v.object({
  id: IdSchema,
  member_id: IdSchema,
  member_name: v.string(),
  material: MaterialCodeSchema,
  processor: v.string(),
  weight_kg: KgSchema,
  status: v.picklist(LOT_STATUSES),
  outcome: v.nullable(v.picklist(EOL_OUTCOMES)),
  certificate_ref: v.nullable(v.string()),
  confirmed_weight_kg: v.nullable(KgSchema),
  created_at: IsoTimestampSchema,
  shipped_at: v.nullable(IsoTimestampSchema),
  confirmed_at: v.nullable(IsoTimestampSchema),
  version: VersionSchema,
});
/** An end-of-life lot. */
export type Lot = v.InferOutput<typeof LotSchema>;

/** Response of GET /api/eol/lots: newest first, one page. */
export const LotsPageSchema = scopedPageSchema('lots', LotSchema);

/** The `:id` of a lot. */
export const LotIdParamsSchema = recordIdParams('lot');

/** Query of GET /api/eol/lots/:id. */
export const LotQuerySchema = scopedQuery();

/** Response of GET /api/eol/lots/:id and of its writes: the lot and its chain of custody. */
export const LotDetailSchema = answerSchema({
  lot: LotSchema,
  sources: v.array(
    v.object({
      shipment_id: IdSchema,
      tracking_number: v.string(),
      store_name: v.string(),
      received_at: v.nullable(IsoTimestampSchema),
      weight_kg: KgSchema,
    }),
  ),
});
/** A lot with its chain of custody. */
export type LotDetail = v.InferOutput<typeof LotDetailSchema>;

/** Body of POST /api/eol/lots: this much of a member's material on hand, oldest first. */
export const CreateLotSchema = v.strictObject({
  member_id: idInput('member_id'),
  material: MaterialCodeSchema,
  weight_kg: v.pipe(
    v.number('weight_kg must be a number'),
    v.check((kg) => kg > 0, 'weight_kg must be above zero'),
    v.maxValue(1_000_000, 'weight_kg must be at most 1,000,000'),
  ),
  processor_id: idInput('processor_id'),
});

/** Query of GET /api/eol/on-hand. */
export const OnHandQuerySchema = scopedQuery();

/**
 * Response of GET /api/eol/on-hand: per member and material, the sorted
 * weight not yet in any lot (what a lot may draw from), with the oldest
 * receipt it comes from; members by name, then materials in their order.
 */
export const OnHandSchema = scopedAnswer({
  on_hand: v.array(
    v.object({
      member_id: IdSchema,
      member_name: v.string(),
      material: MaterialCodeSchema,
      on_hand_kg: KgSchema,
      oldest_received_at: v.nullable(IsoTimestampSchema),
    }),
  ),
});
/** Material on hand per member and material. */
export type OnHand = v.InferOutput<typeof OnHandSchema>;

/** Query of GET /api/eol/processors: none. */
export const ProcessorsQuerySchema = v.strictObject({});

/** Response of GET /api/eol/processors: the sites a lot may be sent to, by name. */
export const ProcessorsSchema = answerSchema({
  processors: v.array(
    v.object({ id: IdSchema, name: v.string(), city: v.string() }),
  ),
});
/** The end-of-life processors. */
export type Processors = v.InferOutput<typeof ProcessorsSchema>;

/** Body of POST /api/eol/lots/:id/ship. */
export const ShipLotSchema = VersionBodySchema;

/** Body of POST /api/eol/lots/:id/confirm: the processor's certificate. */
export const ConfirmLotSchema = v.strictObject({
  outcome: v.picklist(EOL_OUTCOMES),
  certificate_ref: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('certificate_ref is required'),
    v.maxLength(60, 'certificate_ref must be at most 60 characters'),
  ),
  confirmed_weight_kg: v.pipe(v.number(), v.minValue(0), v.maxValue(1_000_000)),
  version: VersionSchema,
});
