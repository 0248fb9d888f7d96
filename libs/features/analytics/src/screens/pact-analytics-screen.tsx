import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /pact-analytics: framed and titled from the route table; its
 * content is not available yet.
 */
export default function PactAnalyticsScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
