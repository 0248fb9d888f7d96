import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /instructions: framed and titled from the route table; its
 * content is not available yet.
 */
export default function InstructionsScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
