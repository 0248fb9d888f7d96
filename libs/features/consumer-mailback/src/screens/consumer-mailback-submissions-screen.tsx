import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /consumer-mailback/submissions: framed and titled from the route table; its
 * content is not available yet.
 */
export default function ConsumerMailbackSubmissionsScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
