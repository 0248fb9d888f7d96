import type { AnsweredScope } from '@collective/api-client/contract';
import { useTenancy } from '@collective/tenancy/react';
import { readOnlyNote, type G2Subject } from './g2-labels';

/**
 * The first words of a read-only G2 screen (docs/decisions/0099, addendum):
 * whose rows are shown and who writes, named from the scope the server
 * answered for.
 */
export function ReadOnlyNote({
  scope,
  subject,
}: {
  scope: AnsweredScope | undefined;
  subject: G2Subject;
}) {
  const { access } = useTenancy();
  return (
    <p>
      {readOnlyNote(
        access.isCollectiveAdmin,
        scope?.member_name ?? null,
        subject,
      )}
    </p>
  );
}
