import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /user-management: framed and titled from the route table; its
 * content is not available yet.
 */
export default function UserManagementScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
