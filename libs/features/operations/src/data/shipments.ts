import {
  operationsEndpoints,
  type ShipmentChannel,
  type ShipmentFlag,
  type ShipmentSort,
  type ShipmentStatus,
} from '@collective/api-client/contract';
import { useScopedMutation, useScopedQuery } from '@collective/tenancy/react';

/** What the shipment list shows: its search, filters, order, page and page size. */
export interface ShipmentsView {
  search: string;
  status: ShipmentStatus | undefined;
  channel: ShipmentChannel | undefined;
  flag: ShipmentFlag | undefined;
  /** Shipped on or after this day (`YYYY-MM-DD`). */
  from: string | undefined;
  sort: ShipmentSort | undefined;
  page: number;
  pageSize: number;
}

/** The list's query as the API takes it (the export takes the same, without the page). */
export function shipmentsQuery(view: Omit<ShipmentsView, 'page' | 'pageSize'>) {
  return {
    search: view.search || undefined,
    status: view.status,
    channel: view.channel,
    flag: view.flag,
    from: view.from,
    sort: view.sort,
  };
}

/**
 * One page of the shipments in the data scope (GET /api/shipments). While
 * another page of the same list loads, the page before stays shown.
 */
export function useShipments(view: ShipmentsView) {
  return useScopedQuery(
    operationsEndpoints.shipments,
    {
      query: {
        ...shipmentsQuery(view),
        page: String(view.page),
        page_size: String(view.pageSize),
      },
    },
    { keepPreviousWhileChanging: ['page'] },
  );
}

/** One shipment of the scope with its timeline, receipt and lines; another scope's fails with 404. */
export function useShipment(id: number) {
  return useScopedQuery(operationsEndpoints.shipment, {
    params: { id },
    query: {},
  });
}

/** Records a shipment's exception (collective admins). */
export function useRecordShipmentException() {
  return useScopedMutation(operationsEndpoints.recordShipmentException);
}

/** Corrects a shipment's origin store (collective admins). */
export function useCorrectShipmentOrigin() {
  return useScopedMutation(operationsEndpoints.correctShipmentOrigin);
}
