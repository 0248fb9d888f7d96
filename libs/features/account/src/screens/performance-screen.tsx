import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /performance: framed and titled from the route table; its
 * content is not available yet.
 */
export default function PerformanceScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
