import { PendingContent, ScreenFrame } from '@collective/nav/react';
import { useParams } from 'react-router-dom';

/**
 * The screen of /consumer-mailback/submissions/:id: one mail-back submission,
 * named by the identifier in its URL; its content is not available yet.
 */
export default function ConsumerMailbackSubmissionsDetailScreen() {
  const { id = '' } = useParams();
  return (
    <ScreenFrame title={`Mail-back Submission ${id}`}>
      <p>
        Submission identifier: <strong>{id}</strong>
      </p>
      <PendingContent />
    </ScreenFrame>
  );
}
