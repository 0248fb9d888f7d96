import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /consumer-mailback: framed and titled from the route table; its
 * content is not available yet.
 */
export default function ConsumerMailbackScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
