import {
  MATERIALS,
  type ApiKey,
  type DashboardSummary,
  type MaterialWeight,
  type Store,
  type StoreDetail,
  type StoreSort,
} from '../contract/data-schemas';
import type { Member } from '../contract/schemas';

/** The month the fake data treats as the current one. */
export const FAKE_MONTH = '2026-11';

const CITIES = [
  ['Portland', 'West'],
  ['Denver', 'Mountain'],
  ['Austin', 'South'],
  ['Chicago', 'Midwest'],
  ['Boston', 'Northeast'],
  ['Seattle', 'West'],
] as const;

/** Twelve months ending with {@link FAKE_MONTH}, oldest first. */
export function fakeMonths(): string[] {
  return Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(2025, 11 + i, 1)).toISOString().slice(0, 7),
  );
}

/** Four stores per member, with round, predictable figures. */
export function fakeStores(members: readonly Member[]): Store[] {
  return members.flatMap((member, m) =>
    Array.from({ length: 4 }, (_, s): Store => {
      const id = member.id * 100 + s + 1;
      const [city, region] = CITIES[(m + s) % CITIES.length] ?? CITIES[0];
      return {
        id,
        name: `${member.name} ${city}`,
        city,
        region,
        member_id: member.id,
        member_name: member.name,
        channel: s === 3 ? 'kiosk' : 'in-store',
        active: s !== 2,
        weight_kg_12m: 1000 * (s + 1) + member.id,
        shipments_12m: 12 * (s + 1),
        last_shipment_at: new Date(Date.UTC(2026, 10, 20 - s)).toISOString(),
      };
    }),
  );
}

/** The split of a weight over the materials, in display order. */
function split(weight: number): MaterialWeight[] {
  const shares = [0.3, 0.25, 0.15, 0.15, 0.1, 0.05];
  return MATERIALS.map((material, i) => ({
    material: material.code,
    weight_kg: Math.round(weight * (shares[i] ?? 0)),
  }));
}

/** The dashboard of a set of stores. */
export function fakeSummary(
  stores: readonly Store[],
  scope: DashboardSummary['scope'],
): DashboardSummary {
  const year = stores.reduce((sum, s) => sum + s.weight_kg_12m, 0);
  return {
    success: true,
    scope,
    month: FAKE_MONTH,
    kpis: {
      weight_kg_month: Math.round(year / 12),
      weight_kg_12m: year,
      units_month: Math.round(year / 12) * 4,
      units_12m: year * 4,
      active_stores: stores.filter((s) => s.active).length,
      shipments_in_transit: stores.length,
      recycled_share: 0.72,
    },
    monthly: fakeMonths().map((month) => ({
      month,
      materials: split(year / 12),
    })),
    top_stores: [...stores]
      .sort((a, b) => b.weight_kg_12m - a.weight_kg_12m)
      .slice(0, 5)
      .map((s) => ({
        id: s.id,
        name: s.name,
        city: s.city,
        member_name: s.member_name,
        weight_kg_12m: s.weight_kg_12m,
      })),
  };
}

/** A store's history, as answered for a scope. */
export function fakeStoreDetail(
  store: Store,
  scope: StoreDetail['scope'],
): StoreDetail {
  return {
    success: true,
    scope,
    store,
    monthly: fakeMonths().map((month) => ({
      month,
      weight_kg: Math.round(store.weight_kg_12m / 12),
    })),
    materials: split(store.weight_kg_12m),
    recent_shipments: Array.from({ length: 3 }, (_, i) => ({
      id: store.id * 10 + i,
      tracking_number: `1ZP${String(store.id * 10 + i).padStart(10, '0')}`,
      shipped_at: new Date(Date.UTC(2026, 10, 18 - 7 * i)).toISOString(),
      received_at:
        i === 0 ? null : new Date(Date.UTC(2026, 10, 20 - 7 * i)).toISOString(),
      status: i === 0 ? 'in_transit' : i === 1 ? 'received' : 'sorted',
      units: 40 + i,
      weight_kg: i === 0 ? null : 10 + i,
    })),
  };
}

const SORT_KEYS: Record<string, (s: Store) => string | number> = {
  name: (s) => s.name,
  city: (s) => s.city,
  weight: (s) => s.weight_kg_12m,
  last_shipment: (s) => s.last_shipment_at ?? '',
};

/** Searches (name or city, any case) and sorts stores as the server does. */
export function searchStores(
  stores: readonly Store[],
  search: string | undefined,
  sort: StoreSort | undefined,
): Store[] {
  const needle = search?.trim().toLowerCase() ?? '';
  const found = stores.filter(
    (s) =>
      needle === '' ||
      s.name.toLowerCase().includes(needle) ||
      s.city.toLowerCase().includes(needle),
  );
  const order = sort ?? 'name';
  const key = SORT_KEYS[order.replace(/^-/, '')] ?? SORT_KEYS['name'];
  const direction = order.startsWith('-') ? -1 : 1;
  return found.sort((a, b) => {
    const x = key?.(a) ?? '';
    const y = key?.(b) ?? '';
    return (x < y ? -1 : x > y ? 1 : a.id - b.id) * direction;
  });
}

/** A listed API key of the fake backend. */
export type FakeApiKey = ApiKey & { secret: string };
