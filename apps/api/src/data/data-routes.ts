import type { StoreCsvRow } from '@collective/api-client/contract';
import { DEFAULT_STORES_PAGE_SIZE } from '../constants';
import { resourceRoutes } from '../http/declare-route';
import { askedPage } from '../http/paging';
import { notFound } from '../http/error-replies';
import {
  readDashboardSummary,
  readStoreDetail,
  readStorePage,
} from './program-queries';

/** Stores read per query while an export streams. */
const EXPORT_PAGE_SIZE = 500;

function unknownMember(memberId: number | null): never {
  return notFound(`There is no member ${memberId}.`);
}

/**
 * The read-only program data (decisions D12), for a session or an API key
 * of the caller (D13), always in the scope the route layer resolved:
 * - GET /api/dashboard/summary: KPIs, monthly weight by material, top stores;
 * - GET /api/stores: search (name or city, any case), sort, pages, total;
 * - GET /api/stores/export: the same stores, every page, as a CSV file;
 * - GET /api/stores/:id: one store with its history; 404 outside the scope.
 * Answers are read from the rollups (docs/decisions/0031); the route layer
 * reuses them from the answer cache while the rollups' version stays the
 * same (0032).
 */
export const dataRoutes = resourceRoutes({
  async dashboardSummary({ scope: { memberId }, db, now }) {
    const summary = await readDashboardSummary(db, memberId, now);
    return summary.found ? summary.value : unknownMember(memberId);
  },

  async stores({ query, scope: { memberId }, db }) {
    const asked = askedPage(query, DEFAULT_STORES_PAGE_SIZE);
    const stores = await readStorePage(db, {
      memberId,
      search: query.search?.trim() ?? '',
      sort: query.sort ?? 'name',
      paging: asked,
    });
    if (!stores.found) unknownMember(memberId);
    return { success: true, ...stores.value, ...asked };
  },

  async storesExport({ query, scope: { memberId }, db, now }) {
    const search = query.search?.trim() ?? '';
    const sort = query.sort ?? 'name';
    // Check the scope before the first byte is sent: a 404 must stay a 404.
    const first = await readStorePage(db, {
      memberId,
      search,
      sort,
      paging: { page: 1, page_size: EXPORT_PAGE_SIZE },
    });
    if (!first.found) unknownMember(memberId);
    async function* rows(): AsyncGenerator<StoreCsvRow> {
      let page = first;
      for (let number = 1; page.found; number += 1) {
        for (const store of page.value.stores) {
          yield {
            id: store.id,
            name: store.name,
            city: store.city,
            region: store.region,
            member: store.member_name,
            channel: store.channel,
            active: store.active,
            weight_kg_12m: store.weight_kg_12m,
            shipments_12m: store.shipments_12m,
            last_shipment_at: store.last_shipment_at,
          };
        }
        if (number * EXPORT_PAGE_SIZE >= page.value.total) return;
        page = await readStorePage(db, {
          memberId,
          search,
          sort,
          paging: { page: number + 1, page_size: EXPORT_PAGE_SIZE },
        });
      }
    }
    return {
      filename: `stores-${now.toISOString().slice(0, 10)}.csv`,
      rows: rows(),
    };
  },

  async store({ params: { id }, scope: { memberId }, db, now }) {
    const store = await readStoreDetail(db, id, memberId, now);
    // The same answer whether the store is elsewhere or nowhere (D12).
    return store ?? notFound(`There is no store ${id} in your data scope.`);
  },
});
