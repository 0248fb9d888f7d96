import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /warehouse-operations: framed and titled from the route table; its
 * content is not available yet.
 */
export default function WarehouseOperationsScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
