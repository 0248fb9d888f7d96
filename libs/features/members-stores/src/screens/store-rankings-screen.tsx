import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /store-rankings: framed and titled from the route table; its
 * content is not available yet.
 */
export default function StoreRankingsScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
