import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /analytics: framed and titled from the route table; its
 * content is not available yet.
 */
export default function AnalyticsScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
