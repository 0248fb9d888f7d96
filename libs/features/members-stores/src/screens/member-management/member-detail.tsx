import type { MemberProfile } from '@collective/api-client/contract';
import { useTenancy } from '@collective/tenancy/react';
import {
  FactList,
  formatDate,
  formatDateTime,
  formatNumber,
  formatWeight,
  RecordDetail,
} from '@collective/ui';
import { Deactivation } from '../deactivation';
import {
  RECORD_ACTIONS,
  RecordAuditTrail,
  type RecordTrailWords,
} from '../record-audit-trail';
import { useWrittenNotice } from '../use-written-notice';
import {
  useDeactivateMember,
  useMemberAuditTrail,
  useMemberProfile,
} from '../../data/member-profiles';
import {
  EditMemberForm,
  MEMBER_FIELD_LABELS,
  MEMBER_WORDS,
} from './member-form';

/** The words of a member's trail. */
const MEMBER_TRAIL: RecordTrailWords = {
  noun: 'member',
  actions: RECORD_ACTIONS,
  fieldLabels: MEMBER_FIELD_LABELS,
  values: MEMBER_WORDS,
};

function Facts({ member }: { member: MemberProfile }) {
  return (
    <FactList>
      <dt>Code</dt>
      <dd>{member.code ?? '–'}</dd>
      <dt>Tier</dt>
      <dd>{MEMBER_WORDS[member.tier]}</dd>
      <dt>Status</dt>
      <dd>
        {MEMBER_WORDS[member.status]}
        {member.deactivated_at
          ? ` since ${formatDate(member.deactivated_at)}`
          : ''}
      </dd>
      <dt>Contact</dt>
      <dd>
        {member.contact_name ?? 'No contact yet'}
        {member.contact_email ? (
          <>
            {', '}
            <a href={`mailto:${member.contact_email}`}>
              {member.contact_email}
            </a>
          </>
        ) : null}
        {member.contact_phone ? `, ${member.contact_phone}` : ''}
      </dd>
      <dt>Stores</dt>
      <dd>
        {formatNumber(member.active_stores)} active of{' '}
        {formatNumber(member.stores)}
      </dd>
      <dt>Users</dt>
      <dd>{formatNumber(member.users)}</dd>
      <dt>Collected this year</dt>
      <dd>{formatWeight(member.collected_kg_this_year)}</dd>
      <dt>Last shipment</dt>
      <dd>
        {member.last_shipment_at
          ? formatDateTime(member.last_shipment_at)
          : 'None yet'}
      </dd>
    </FactList>
  );
}

/**
 * One member: who it is, its contact and figures, and its audit trail.
 * Collective admins edit and deactivate it here; a brand admin reads their
 * own member only (another member's id answers 404, shown as not found).
 */
export function MemberDetail({
  id,
  onBack,
}: {
  id: number;
  onBack: () => void;
}) {
  const detail = useMemberProfile(id);
  const deactivate = useDeactivateMember();
  const trail = useMemberAuditTrail(id);
  const { access } = useTenancy();
  const [notice, written] = useWrittenNotice(trail);
  return (
    <RecordDetail
      backLabel="Back to members"
      onBack={onBack}
      notice={notice}
      query={detail}
      record={detail.data?.member}
      title={(member) => member.name}
      headingId={`member-${id}`}
      loadingText="Loading the member…"
    >
      {(member) => (
        <>
          <Facts member={member} />
          {access.isCollectiveAdmin ? (
            <>
              <section aria-labelledby={`edit-${id}`}>
                <h3 id={`edit-${id}`}>Edit</h3>
                <EditMemberForm
                  latest={member}
                  onSaved={(saved) => written(`${saved.name} was saved.`)}
                />
              </section>
              {member.status === 'deactivated' ? null : (
                <Deactivation
                  record={member}
                  kept="Its stores, users and history are kept; it stops counting as an active member."
                  deactivate={deactivate}
                  onDone={written}
                />
              )}
            </>
          ) : (
            <p>
              Only the collective&apos;s admins change a member; ask them for
              any change here.
            </p>
          )}
          <RecordAuditTrail id={id} query={trail} words={MEMBER_TRAIL} />
        </>
      )}
    </RecordDetail>
  );
}
