import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /stores-analytics: framed and titled from the route table; its
 * content is not available yet.
 */
export default function StoresAnalyticsScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
