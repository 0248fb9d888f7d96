import { ScreenFrame, useChosenRecord } from '@collective/nav/react';
import { useTenancy } from '@collective/tenancy/react';
import { ShipmentDetail } from './shipment-detail';
import { ShipmentList } from './shipment-list';

/**
 * Shipment Tracking (decisions D14): the shipments of the data scope —
 * brand admins only their member's — with their flags, and once one is
 * chosen its detail (timeline, receipt, material lines, corrections).
 * The list's filters and the chosen shipment live in the URL.
 */
export default function ShipmentTrackingScreen() {
  const { dataFilter } = useTenancy();
  const { id: shipmentId, back } = useChosenRecord('shipment');
  return (
    <ScreenFrame>
      {shipmentId === null ? (
        <ShipmentList showMember={!('member_id' in dataFilter)} />
      ) : (
        <ShipmentDetail key={shipmentId} id={shipmentId} onBack={back} />
      )}
    </ScreenFrame>
  );
}
