import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /member-comparisons: framed and titled from the route table; its
 * content is not available yet.
 */
export default function MemberComparisonsScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
