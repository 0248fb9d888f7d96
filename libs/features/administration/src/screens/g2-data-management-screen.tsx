import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /g2-data-management: framed and titled from the route table; its
 * content is not available yet.
 */
export default function G2DataManagementScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
