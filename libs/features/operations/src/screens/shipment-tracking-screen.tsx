import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /shipment-tracking: framed and titled from the route table; its
 * content is not available yet.
 */
export default function ShipmentTrackingScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
