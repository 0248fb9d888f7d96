import { PendingContent, ScreenFrame } from '@collective/nav/react';

/**
 * The screen of /report-generator: framed and titled from the route table; its
 * content is not available yet.
 */
export default function ReportGeneratorScreen() {
  return (
    <ScreenFrame>
      <PendingContent />
    </ScreenFrame>
  );
}
