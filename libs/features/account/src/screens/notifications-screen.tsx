import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /notifications: framed and titled from the route table; its
 * content is not available yet.
 */
export default function NotificationsScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
