import type {
  ShipmentDetail,
  ShipmentRow,
} from '@collective/api-client/contract';
import { useLocation } from 'react-router-dom';

/** A shipment as the list shows it, of Kiehl's, sorted unless `extra` says otherwise. */
export const row = (
  id: number,
  extra: Partial<ShipmentRow> = {},
): ShipmentRow => ({
  id,
  tracking_number: `1ZP${String(id).padStart(10, '0')}`,
  store_id: 7,
  store_name: "Kiehl's Downtown",
  member_id: 2,
  member_name: "Kiehl's",
  channel: 'in-store',
  status: 'sorted',
  shipped_at: '2026-11-02T10:00:00.000Z',
  delivered_at: '2026-11-04T10:00:00.000Z',
  received_at: '2026-11-04T15:00:00.000Z',
  declared_weight_kg: 12,
  net_kg: 11.2,
  flags: [],
  version: 1,
  ...extra,
});

/** The detail of `shipment`: two events, no receipt unless given. */
export function detailOf(shipment: ShipmentRow): ShipmentDetail {
  return {
    success: true,
    scope: { member_id: null, member_name: null },
    shipment: {
      ...shipment,
      store_city: 'Portland',
      sorted_at: null,
      exception: null,
    },
    events: [
      {
        id: 1,
        at: shipment.shipped_at,
        kind: 'label_created',
        note: null,
        actor_name: null,
      },
      {
        id: 2,
        at: '2026-11-04T10:00:00.000Z',
        kind: 'delivered',
        note: null,
        actor_name: null,
      },
    ],
    receipt: null,
    lines: [],
  };
}

/** The router's location, shown for the assertions. */
export function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="Location">{pathname + search}</output>;
}
