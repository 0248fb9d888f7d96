import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /member-management: framed and titled from the route table; its
 * content is not available yet.
 */
export default function MemberManagementScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
