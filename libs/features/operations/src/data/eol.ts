import {
  operationsEndpoints,
  type Lot,
  type MaterialCode,
} from '@collective/api-client/contract';
import { useScopedMutation, useScopedQuery } from '@collective/tenancy/react';

/**
 * The mass balance, material on hand and the confirmed outcomes per
 * material of `period` (a year `2026` or month `2026-11` of receipt; the
 * last twelve months when undefined), in the data scope
 * (GET /api/eol/summary).
 */
export function useEolSummary(period: string | undefined) {
  return useScopedQuery(operationsEndpoints.eolSummary, {
    query: { period },
  });
}

/** Sorted material not yet in a lot, per member and material, in the data scope (GET /api/eol/on-hand). */
export function useOnHand() {
  return useScopedQuery(operationsEndpoints.eolOnHand, { query: {} });
}

/** The processors a lot may be sent to (collective admins only: load it where they make lots). */
export function useProcessors() {
  return useScopedQuery(operationsEndpoints.processors, { query: {} });
}

/** What the lot list shows: its filters and page. */
export interface LotsView {
  status: Lot['status'] | undefined;
  material: MaterialCode | undefined;
  page: number;
  pageSize: number;
}

/** One page of the lots in the data scope, newest first (GET /api/eol/lots). */
export function useLots(view: LotsView) {
  return useScopedQuery(
    operationsEndpoints.lots,
    {
      query: {
        status: view.status,
        material: view.material,
        page: String(view.page),
        page_size: String(view.pageSize),
      },
    },
    { keepPreviousWhileChanging: ['page'] },
  );
}

/** One lot of the scope with its chain of custody; another scope's fails with 404. */
export function useLot(id: number) {
  return useScopedQuery(operationsEndpoints.lot, {
    params: { id },
    query: {},
  });
}

/** Makes a lot of a member's material on hand (collective admins). */
export function useCreateLot() {
  return useScopedMutation(operationsEndpoints.createLot);
}

/** Records that a lot left for its processor (collective admins). */
export function useShipLot() {
  return useScopedMutation(operationsEndpoints.shipLot);
}

/** Confirms a shipped lot with the processor's certificate (collective admins). */
export function useConfirmLot() {
  return useScopedMutation(operationsEndpoints.confirmLot);
}
