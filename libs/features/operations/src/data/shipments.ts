import {
  operationsEndpoints,
  type ShipmentChannel,
  type ShipmentFlag,
  type ShipmentSort,
  type ShipmentStatus,
} from '@collective/api-client/contract';
import {
  useExportUrl,
  useScopedMutation,
  useScopedQuery,
} from '@collective/tenancy/react';
import { useEffect, useRef } from 'react';

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

/** A single-use link to the CSV of the shipments the list shows (every page), for `ExportButton`. */
export function useShipmentsExportUrl(
  view: Omit<ShipmentsView, 'page' | 'pageSize'>,
) {
  return useExportUrl(
    operationsEndpoints.shipmentsExport,
    shipmentsQuery(view),
  );
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

/**
 * One shipment shown on its own: its query, and a ref for its heading,
 * which takes the focus once the shipment has loaded (so a screen reader
 * reads the new view, and Tab continues from there).
 */
export function useShipmentShown(id: number) {
  const shipment = useShipment(id);
  const heading = useHeadingFocus(shipment.status === 'success');
  return { shipment, heading };
}

/**
 * A ref for the heading of a record shown on its own, focused once `loaded`
 * turns true: a screen reader reads the new view, and Tab continues there.
 */
export function useHeadingFocus(loaded: boolean) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  return heading;
}

/** Records a shipment's exception (collective admins). */
export function useRecordShipmentException() {
  return useScopedMutation(operationsEndpoints.recordShipmentException);
}

/** Corrects a shipment's origin store (collective admins). */
export function useCorrectShipmentOrigin() {
  return useScopedMutation(operationsEndpoints.correctShipmentOrigin);
}

/** The receiving queue of the data scope, oldest delivery first (GET /api/warehouse/receiving). */
export function useReceivingQueue(page: number, pageSize: number) {
  return useScopedQuery(
    operationsEndpoints.receivingQueue,
    { query: { page: String(page), page_size: String(pageSize) } },
    { keepPreviousWhileChanging: ['page'] },
  );
}

/** Today's throughput and the backlog of the warehouse (GET /api/warehouse/summary). */
export function useWarehouseSummary() {
  return useScopedQuery(operationsEndpoints.warehouseSummary, { query: {} });
}

/** Weighs a shipment in (collective admins). */
export function useReceiveShipment() {
  return useScopedMutation(operationsEndpoints.receiveShipment);
}

/** Corrects a receipt's weights (collective admins). */
export function useCorrectReceipt() {
  return useScopedMutation(operationsEndpoints.correctReceipt);
}

/** Sorts a received shipment into material lines, or corrects them (collective admins). */
export function useSortShipment() {
  return useScopedMutation(operationsEndpoints.sortShipment);
}
