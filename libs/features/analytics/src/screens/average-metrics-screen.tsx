import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /average-metrics: framed and titled from the route table; its
 * content is not available yet.
 */
export default function AverageMetricsScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
