import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /api-keys: framed and titled from the route table; its
 * content is not available yet.
 */
export default function ApiKeysScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
