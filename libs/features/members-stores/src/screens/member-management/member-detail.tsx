import type { MemberProfile } from '@collective/api-client/contract';
import { useTenancy } from '@collective/tenancy/react';
import {
  Alert,
  Button,
  DataState,
  FactList,
  formatDate,
  formatDateTime,
  formatNumber,
  formatWeight,
} from '@collective/ui';
import { useEffect, useRef, useState } from 'react';
import {
  useDeactivateMember,
  useMemberAuditTrail,
  useMemberProfile,
} from '../../data/member-profiles';
import { MemberAuditTrail } from './member-audit-trail';
import { EditMemberForm, MEMBER_WORDS } from './member-form';
import styles from './member-management.module.css';

/** The server's sentence (`message`) when it sent one, e.g. why a change was refused. */
const sentenceOf = (error: Error): string =>
  (error as { serverMessage?: string }).serverMessage ?? error.message;

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
 * Deactivation behind a confirmation (collective admins): the member stays
 * with its stores, users and history (decisions D14); a stale version or
 * a member already deactivated is refused with the server's reason.
 */
function Deactivation({
  member,
  onDone,
}: {
  member: MemberProfile;
  onDone: (text: string) => void;
}) {
  const deactivate = useDeactivateMember();
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);
  return (
    <section aria-labelledby={`deactivate-${member.id}`}>
      <h3 id={`deactivate-${member.id}`}>Deactivate</h3>
      {deactivate.isError ? (
        <Alert>{sentenceOf(deactivate.error)}</Alert>
      ) : null}
      {asking ? (
        <div className={styles.confirm}>
          <p>
            Deactivate {member.name}? Its stores, users and history are kept; it
            stops counting as an active member.
          </p>
          <Button
            ref={confirm}
            disabled={deactivate.isPending}
            onClick={() =>
              deactivate.mutate(
                {
                  params: { id: member.id },
                  body: { version: member.version },
                },
                {
                  onSuccess: () => {
                    setAsking(false);
                    onDone(`${member.name} was deactivated.`);
                  },
                },
              )
            }
          >
            {deactivate.isPending
              ? 'Deactivating…'
              : `Yes, deactivate ${member.name}`}
          </Button>
          <Button variant="secondary" onClick={() => setAsking(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setAsking(true)}>
          Deactivate {member.name}…
        </Button>
      )}
    </section>
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
  const trail = useMemberAuditTrail(id);
  const { access } = useTenancy();
  const [notice, setNotice] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = detail.status === 'success';
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  const member = detail.data?.member;
  const written = (text: string) => {
    setNotice(text);
    void trail.refetch();
  };
  return (
    <div className={styles.view}>
      <Button variant="secondary" onClick={onBack}>
        Back to members
      </Button>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <DataState
        status={detail.status}
        error={detail.error ? { message: sentenceOf(detail.error) } : null}
        onRetry={() => void detail.refetch()}
        loadingText="Loading the member…"
      >
        {member ? (
          <article className={styles.view} aria-labelledby={`member-${id}`}>
            <h2 id={`member-${id}`} ref={heading} tabIndex={-1}>
              {member.name}
            </h2>
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
                  <Deactivation member={member} onDone={written} />
                )}
              </>
            ) : (
              <p>
                Only the collective&apos;s admins change a member; ask them for
                any change here.
              </p>
            )}
            <section aria-labelledby={`trail-${id}`}>
              <h3 id={`trail-${id}`}>Audit trail</h3>
              <MemberAuditTrail query={trail} headingId={`trail-${id}`} />
            </section>
          </article>
        ) : null}
      </DataState>
    </div>
  );
}
