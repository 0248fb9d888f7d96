import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /eol-processing: framed and titled from the route table; its
 * content is not available yet.
 */
export default function EolProcessingScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
