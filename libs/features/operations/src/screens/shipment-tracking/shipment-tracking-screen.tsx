import { ScreenFrame } from '@collective/nav/react';
import { useTenancy } from '@collective/tenancy/react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ShipmentDetail } from './shipment-detail';
import { ShipmentList } from './shipment-list';

/** The chosen shipment (`?shipment=<id>`), or null for the list. */
function readShipmentId(params: URLSearchParams): number | null {
  const text = params.get('shipment');
  return text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

/**
 * Shipment Tracking (decisions D14): the shipments of the data scope —
 * brand admins only their member's — with their flags, and once one is
 * chosen its detail (timeline, receipt, material lines, corrections).
 * The list's filters and the chosen shipment live in the URL.
 */
export default function ShipmentTrackingScreen() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { dataFilter } = useTenancy();
  const shipmentId = readShipmentId(params);

  function back() {
    if ((location.state as { fromList?: boolean } | null)?.fromList) {
      void navigate(-1);
    } else {
      const next = new URLSearchParams(params);
      next.delete('shipment');
      setParams(next);
    }
  }

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
