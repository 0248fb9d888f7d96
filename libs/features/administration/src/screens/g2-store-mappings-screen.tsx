import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /g2-store-mappings: framed and titled from the route table; its
 * content is not available yet.
 */
export default function G2StoreMappingsScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
