import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /admin-stores: framed and titled from the route table; its
 * content is not available yet.
 */
export default function AdminStoresScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
