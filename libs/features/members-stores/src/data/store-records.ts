import {
  recordEndpoints,
  storeInventoryEndpoints,
  type StoreChannel,
  type StoreRecordSort,
  type StoreStatus,
} from '@collective/api-client/contract';
import { useScopedMutation, useScopedQuery } from '@collective/tenancy/react';
import { listQuery, type ListQueryView } from '@collective/ui';

/** Events of a store's audit trail shown on its detail. */
export const STORE_TRAIL_PAGE_SIZE = 50;

/** What the store list shows: its search, filters, order, page and page size. */
export interface StoreRecordsView extends ListQueryView<StoreRecordSort> {
  member: string | undefined;
  region: string | undefined;
  channel: StoreChannel | undefined;
  status: StoreStatus | undefined;
  lowStock: boolean;
}

/**
 * One page of the stores in the data scope with their inventory (GET
 * /api/stores/inventory). While another page of the same list loads, the
 * page before stays shown; another scope, filter or order never shows the
 * old list.
 */
export function useStoreRecords(view: StoreRecordsView) {
  return useScopedQuery(
    storeInventoryEndpoints.storeRecords,
    {
      query: {
        ...listQuery(view),
        member:
          view.member && /^[1-9]\d{0,9}$/.test(view.member)
            ? view.member
            : undefined,
        region: view.region as never,
        channel: view.channel,
        status: view.status,
        low_stock: view.lowStock ? 'true' : undefined,
      },
    },
    { keepPreviousWhileChanging: ['page'] },
  );
}

/** One store of the data scope; another scope's fails with 404. */
export function useStoreRecord(id: number) {
  return useScopedQuery(storeInventoryEndpoints.storeRecord, {
    params: { id },
    query: {},
  });
}

/** The newest events of a store's audit trail (GET /api/audit-events), in the caller's scope. */
export function useStoreAuditTrail(id: number) {
  return useScopedQuery(recordEndpoints.auditEvents, {
    query: {
      entity: 'store',
      entity_id: String(id),
      page_size: String(STORE_TRAIL_PAGE_SIZE),
    },
  });
}

/** Opens a store (collective admins); retried with the same Idempotency-Key. */
export const useCreateStore = () =>
  useScopedMutation(storeInventoryEndpoints.createStore);
/** Changes a store at the version read (409 when stale; a brand admin contact and supplies only). */
export const useUpdateStore = () =>
  useScopedMutation(storeInventoryEndpoints.updateStore);
/** Deactivates a store at the version read (collective admins). */
export const useDeactivateStore = () =>
  useScopedMutation(storeInventoryEndpoints.deactivateStore);
/** Deactivates several stores at the versions read, all or none (collective admins). */
export const useDeactivateStores = () =>
  useScopedMutation(storeInventoryEndpoints.deactivateStores);
/** Checks a CSV of stores and reports row by row, saving nothing. */
export const usePreviewStoreImport = () =>
  useScopedMutation(storeInventoryEndpoints.previewStoreImport);
/** Imports a CSV of stores: all saved, or none when any row has a problem. */
export const useImportStores = () =>
  useScopedMutation(storeInventoryEndpoints.importStores);
