import { named } from './endpoint';
import {
  ConfirmLotSchema,
  CreateLotSchema,
  EolSummaryQuerySchema,
  EolSummarySchema,
  LotDetailSchema,
  LotIdParamsSchema,
  LotQuerySchema,
  LotsPageSchema,
  LotsQuerySchema,
  OnHandQuerySchema,
  OnHandSchema,
  ProcessorsQuerySchema,
  ProcessorsSchema,
  ReceivingQueueQuerySchema,
  ShipLotSchema,
  ShipmentCsvRowSchema,
  ShipmentDetailSchema,
  ShipmentExceptionSchema,
  ShipmentIdParamsSchema,
  ShipmentOriginSchema,
  ShipmentQuerySchema,
  ShipmentsExportQuerySchema,
  ShipmentsPageSchema,
  ShipmentsQuerySchema,
  ShipmentWrittenSchema,
  SortingSchema,
  WarehouseSummaryQuerySchema,
  WarehouseSummarySchema,
  WeighInSchema,
} from './operations-schemas';

/**
 * How long a cached shipment list or receiving queue is reused while the
 * data stays unchanged: their flags ("delivered, not received after 3
 * days", "in transit over 10 days") move with the clock, so they show at
 * most a minute late.
 */
export const SHIPMENT_FLAGS_CACHE_MS = 60_000;

/**
 * What the shipment list and the receiving queue share: a page of
 * shipments in the caller's scope, cached as long as the data is unchanged
 * (every shipment write counts its version up) and at most
 * {@link SHIPMENT_FLAGS_CACHE_MS}, since their flags move with the clock.
 */
const shipmentsPageRead = {
  resource: 'shipments',
  response: ShipmentsPageSchema,
  auth: 'session-or-key',
  audience: 'admins',
  scoped: true,
  cache: true,
  cacheMaxAgeMs: SHIPMENT_FLAGS_CACHE_MS,
} as const;

/**
 * The calls of the operations screens (decisions D14, D15): Shipment
 * Tracking's list, export and detail, and the corrections collective
 * admins make to a shipment.
 */
export const operationsEndpoints = /* @__PURE__ */ named({
  shipments: {
    method: 'GET',
    path: '/api/shipments',
    summary:
      'Shipments in scope: search by tracking number, store or member; filter by status, channel, flag and period; sorted; one page',
    query: ShipmentsQuerySchema,
    ...shipmentsPageRead,
  },
  shipmentsExport: {
    method: 'GET',
    path: '/api/shipments/export',
    summary: 'Every shipment in scope matching the filters, as a CSV file',
    resource: 'shipments',
    query: ShipmentsExportQuerySchema,
    response: ShipmentCsvRowSchema,
    format: 'csv',
    auth: 'session-or-key',
    audience: 'admins',
    scoped: true,
  },
  shipment: {
    method: 'GET',
    path: '/api/shipments/:id',
    summary:
      'One shipment in scope: its timeline, its receipt and material lines (404 outside the scope)',
    resource: 'shipments',
    params: ShipmentIdParamsSchema,
    query: ShipmentQuerySchema,
    response: ShipmentDetailSchema,
    auth: 'session-or-key',
    audience: 'admins',
    scoped: true,
  },
  recordShipmentException: {
    method: 'POST',
    path: '/api/shipments/:id/exception',
    summary:
      'Record that a shipment was lost, damaged or refused (collective admins; 409 when stale)',
    resource: 'shipments',
    params: ShipmentIdParamsSchema,
    body: ShipmentExceptionSchema,
    response: ShipmentWrittenSchema,
    auth: 'session',
    audience: 'collective-admins',
    audit: { entity: 'shipment', action: 'record_exception' },
    idempotent: true,
  },
  correctShipmentOrigin: {
    method: 'PATCH',
    path: '/api/shipments/:id/origin',
    summary:
      'Correct the store a shipment came from (collective admins; 409 when stale)',
    resource: 'shipments',
    params: ShipmentIdParamsSchema,
    body: ShipmentOriginSchema,
    response: ShipmentWrittenSchema,
    auth: 'session',
    audience: 'collective-admins',
    audit: { entity: 'shipment', action: 'correct_origin' },
  },
  receivingQueue: {
    method: 'GET',
    path: '/api/warehouse/receiving',
    summary:
      'The receiving queue: shipments delivered and not yet received, oldest delivery first',
    query: ReceivingQueueQuerySchema,
    ...shipmentsPageRead,
  },
  warehouseSummary: {
    method: 'GET',
    path: '/api/warehouse/summary',
    summary: "The warehouse's throughput today and its backlog",
    resource: 'shipments',
    query: WarehouseSummaryQuerySchema,
    response: WarehouseSummarySchema,
    auth: 'session-or-key',
    audience: 'admins',
    scoped: true,
  },
  receiveShipment: {
    method: 'POST',
    path: '/api/shipments/:id/receipt',
    summary:
      'Weigh a shipment in: gross, tare, contamination (kg or lb); net = gross − tare (collective admins; 409 when stale)',
    resource: 'shipments',
    params: ShipmentIdParamsSchema,
    body: WeighInSchema,
    response: ShipmentWrittenSchema,
    status: 201,
    auth: 'session',
    audience: 'collective-admins',
    audit: { entity: 'receipt', action: 'create' },
    idempotent: true,
  },
  correctReceipt: {
    method: 'PATCH',
    path: '/api/shipments/:id/receipt',
    summary:
      "Correct a receipt's weights; never below what is sorted (collective admins; 409 when stale)",
    resource: 'shipments',
    params: ShipmentIdParamsSchema,
    body: WeighInSchema,
    response: ShipmentWrittenSchema,
    auth: 'session',
    audience: 'collective-admins',
    audit: { entity: 'receipt', action: 'correct' },
  },
  sortShipment: {
    method: 'PUT',
    path: '/api/shipments/:id/lines',
    summary:
      'Sort a received shipment into material lines, or correct them: never more than the net, never below what is in lots (collective admins; 409 when stale)',
    resource: 'shipments',
    params: ShipmentIdParamsSchema,
    body: SortingSchema,
    response: ShipmentWrittenSchema,
    auth: 'session',
    audience: 'collective-admins',
    audit: { entity: 'receipt', action: 'sort' },
  },
  eolSummary: {
    method: 'GET',
    path: '/api/eol/summary',
    summary:
      'The mass balance of the scope, material on hand, and confirmed outcomes per material in a period (a year or month of receipt; the last 12 months by default), recycling and diversion rates',
    resource: 'eol',
    query: EolSummaryQuerySchema,
    response: EolSummarySchema,
    auth: 'session-or-key',
    audience: 'admins',
    scoped: true,
  },
  lots: {
    method: 'GET',
    path: '/api/eol/lots',
    summary: 'End-of-life lots in scope, newest first, by status and material',
    resource: 'eol',
    query: LotsQuerySchema,
    response: LotsPageSchema,
    auth: 'session-or-key',
    audience: 'admins',
    scoped: true,
  },
  lot: {
    method: 'GET',
    path: '/api/eol/lots/:id',
    summary:
      'One lot in scope with its chain of custody (404 outside the scope)',
    resource: 'eol',
    params: LotIdParamsSchema,
    query: LotQuerySchema,
    response: LotDetailSchema,
    auth: 'session-or-key',
    audience: 'admins',
    scoped: true,
  },
  eolOnHand: {
    method: 'GET',
    path: '/api/eol/on-hand',
    summary:
      'Sorted material not yet in a lot, per member and material: what a new lot may draw from',
    resource: 'eol',
    query: OnHandQuerySchema,
    response: OnHandSchema,
    auth: 'session-or-key',
    audience: 'admins',
    scoped: true,
  },
  processors: {
    method: 'GET',
    path: '/api/eol/processors',
    summary: 'The end-of-life processors a lot may be sent to, by name',
    resource: 'eol',
    query: ProcessorsQuerySchema,
    response: ProcessorsSchema,
    auth: 'session',
    audience: 'collective-admins',
  },
  createLot: {
    method: 'POST',
    path: '/api/eol/lots',
    summary:
      "Make a lot of a member's material on hand, drawn oldest first; the chain of custody is recorded (collective admins)",
    resource: 'eol',
    body: CreateLotSchema,
    response: LotDetailSchema,
    status: 201,
    auth: 'session',
    audience: 'collective-admins',
    audit: { entity: 'eol_lot', action: 'create' },
    idempotent: true,
  },
  shipLot: {
    method: 'POST',
    path: '/api/eol/lots/:id/ship',
    summary:
      'Record that a lot left for its processor (collective admins; 409 when stale)',
    resource: 'eol',
    params: LotIdParamsSchema,
    body: ShipLotSchema,
    response: LotDetailSchema,
    auth: 'session',
    audience: 'collective-admins',
    audit: { entity: 'eol_lot', action: 'ship' },
  },
  confirmLot: {
    method: 'POST',
    path: '/api/eol/lots/:id/confirm',
    summary:
      "Confirm a shipped lot with its processor's outcome, certificate and weight (collective admins; 409 when stale)",
    resource: 'eol',
    params: LotIdParamsSchema,
    body: ConfirmLotSchema,
    response: LotDetailSchema,
    auth: 'session',
    audience: 'collective-admins',
    audit: { entity: 'eol_lot', action: 'confirm' },
  },
});
