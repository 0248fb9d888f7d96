import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /regional-summary: framed and titled from the route table; its
 * content is not available yet.
 */
export default function RegionalSummaryScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
