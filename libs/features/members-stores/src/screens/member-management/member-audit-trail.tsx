import { AuditTrail, type AuditTrailQuery } from '../audit-trail/audit-trail';
import { MEMBER_FIELD_LABELS, MEMBER_WORDS } from './member-form';

/**
 * A member's audit trail (decisions D15), newest first: when, who, what
 * and each field before and after, in the member form's words.
 */
export function MemberAuditTrail({
  query,
  headingId,
}: {
  query: AuditTrailQuery;
  headingId: string;
}) {
  return (
    <AuditTrail
      query={query}
      headingId={headingId}
      labels={MEMBER_FIELD_LABELS}
      words={MEMBER_WORDS}
      emptyText="No change has been recorded for this member yet."
    />
  );
}
