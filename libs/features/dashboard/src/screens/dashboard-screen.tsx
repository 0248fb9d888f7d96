import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /dashboard: framed and titled from the route table; its
 * content is not available yet.
 */
export default function DashboardScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
