import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /data-export: framed and titled from the route table; its
 * content is not available yet.
 */
export default function DataExportScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
