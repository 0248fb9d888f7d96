import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /demo-cleanup: framed and titled from the route table; its
 * content is not available yet.
 */
export default function DemoCleanupScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
