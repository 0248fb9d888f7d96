import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /data-sources: framed and titled from the route table; its
 * content is not available yet.
 */
export default function DataSourcesScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
