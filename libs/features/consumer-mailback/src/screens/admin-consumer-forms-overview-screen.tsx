import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /admin/consumer-forms-overview: framed and titled from the route table; its
 * content is not available yet.
 */
export default function AdminConsumerFormsOverviewScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
