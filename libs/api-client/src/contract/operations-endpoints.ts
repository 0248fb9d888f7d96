import { named } from './endpoint';
import {
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
} from './operations-schemas';

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
    resource: 'shipments',
    query: ShipmentsQuerySchema,
    response: ShipmentsPageSchema,
    auth: 'session-or-key',
    audience: 'admins',
    scoped: true,
    cache: true,
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
});
