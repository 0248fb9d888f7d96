import { ScreenFrame } from '@collective/nav/react';
import type { MailbackSubmission } from '@collective/api-client/contract';
import {
  Button,
  DataState,
  Figures,
  formatDateTime,
  formatNumber,
  formatWeight,
  Panel,
  queryState,
} from '@collective/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  useMailbackSubmission,
  useSubmissionActions,
} from '../data/mailback-submission';
import { STATUS_LABELS } from './mailback-labels';
import {
  ActionForm,
  AddNoteForm,
  ReceiveForm,
  RedactForm,
} from './submission-writes';
import styles from './submission-detail.module.css';

/** When and how heavy a box arrived (and under which older reference), or "Not yet". */
function receivedText(submission: MailbackSubmission): string {
  if (!submission.received_at) return 'Not yet';
  return [
    formatDateTime(submission.received_at),
    submission.received_weight_kg === null
      ? null
      : formatWeight(submission.received_weight_kg, undefined, 3),
    submission.shipment_ref ? `shipment ${submission.shipment_ref}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The shipment an arrival became, linked to its detail on /shipment-tracking (D14). */
function shipmentOf(submission: MailbackSubmission) {
  if (submission.shipment_id === null) return null;
  return {
    term: 'Shipment',
    value: (
      <Link to={`/shipment-tracking?shipment=${submission.shipment_id}`}>
        Shipment {submission.shipment_id}
      </Link>
    ),
  };
}

/**
 * The screen of /consumer-mailback/submissions/:id (decisions D19): one
 * submission with its products, label, arrival, notes and timeline; its
 * personal data masked until the admin reveals it (an audit event); the
 * label marked sent or sent again, the arrival recorded, and the
 * irreversible redaction after the id is typed again.
 */
export default function ConsumerMailbackSubmissionsDetailScreen() {
  const { id = '' } = useParams();
  const answer = useMailbackSubmission(id);
  const actions = useSubmissionActions();
  const [said, setSaid] = useState('');
  const submission = answer.data?.submission;
  // The reveal's answer is read only for the submission it was made for,
  // and never once the submission is redacted.
  const shown = actions.reveal.data?.submission;
  const revealed =
    shown?.id === id && submission && !submission.redacted ? shown : undefined;
  const person = revealed?.person ?? submission?.person;

  const written = {
    onDone: setSaid,
    onReload: () => void answer.refetch(),
  };

  return (
    <ScreenFrame title={`Mail-back Submission ${id}`}>
      <p>
        <Link to="/consumer-mailback/submissions">All submissions</Link>
      </p>
      <p role="status">{said}</p>
      <DataState {...queryState(answer)} loadingText="Loading the submission…">
        {submission && person ? (
          <>
            <Panel title="Consumer">
              <Figures
                figures={[
                  { term: 'Name', value: person.name },
                  { term: 'Email', value: person.email },
                  {
                    term: 'Address',
                    value: [
                      person.address_line1,
                      person.address_line2,
                      person.city,
                      `${person.state} ${person.postal_code}`,
                    ]
                      .filter(Boolean)
                      .join(', '),
                  },
                ]}
              />
              {submission.redacted ? (
                <p>
                  This submission was redacted: its personal data is erased.
                </p>
              ) : revealed ? (
                <Button
                  variant="secondary"
                  onClick={() => actions.reveal.reset()}
                >
                  Hide personal data
                </Button>
              ) : (
                <ActionForm
                  {...written}
                  label="Reveal personal data"
                  busyLabel="Revealing…"
                  variant="secondary"
                  send={() => actions.reveal.mutateAsync({ params: { id } })}
                  done="Personal data revealed; this was recorded in the audit trail."
                />
              )}
            </Panel>
            <Panel title="Request">
              <Figures
                figures={[
                  { term: 'Status', value: STATUS_LABELS[submission.status] },
                  { term: 'Region', value: submission.region },
                  { term: 'Form version', value: submission.form_version },
                  {
                    term: 'Submitted',
                    value: formatDateTime(submission.created_at),
                  },
                  {
                    term: 'Products',
                    value: (
                      <ul className={styles.products}>
                        {submission.products.map((line) => (
                          <li key={line.brand_id}>
                            {line.brand}: {formatNumber(line.count)} items
                          </li>
                        ))}
                      </ul>
                    ),
                  },
                ]}
              />
            </Panel>
            <Panel title="Label and arrival">
              <Figures
                figures={[
                  {
                    term: 'Tracking number',
                    value: submission.tracking_number ?? 'No label yet',
                  },
                  {
                    term: 'Label sent',
                    value: submission.label_sent_at
                      ? formatDateTime(submission.label_sent_at)
                      : 'Not yet',
                  },
                  { term: 'Received', value: receivedText(submission) },
                  ...[shipmentOf(submission)].filter(
                    (figure) => figure !== null,
                  ),
                ]}
              />
              {submission.status === 'submitted' && !submission.redacted ? (
                <ActionForm
                  {...written}
                  label="Mark label sent"
                  busyLabel="Marking…"
                  send={() =>
                    actions.markSent.mutateAsync({ body: { ids: [id] } })
                  }
                  done="Label marked sent."
                />
              ) : null}
              {submission.tracking_number && !submission.redacted ? (
                <ActionForm
                  {...written}
                  label="Resend label"
                  busyLabel="Sending…"
                  variant="secondary"
                  send={() =>
                    actions.resend.mutateAsync({
                      params: { id },
                      body: { version: submission.version },
                    })
                  }
                  done="The label was sent again."
                />
              ) : null}
              {submission.status === 'label_sent' ||
              submission.status === 'in_transit' ? (
                <ReceiveForm
                  {...written}
                  submission={submission}
                  send={(body) =>
                    actions.receive.mutateAsync({ params: { id }, body })
                  }
                />
              ) : null}
            </Panel>
            <Panel title="Notes">
              {submission.notes.length === 0 ? (
                <p>No notes yet.</p>
              ) : (
                <ul>
                  {submission.notes.map((note) => (
                    <li key={note.at}>
                      {formatDateTime(note.at)}, {note.by}: {note.text}
                    </li>
                  ))}
                </ul>
              )}
              {submission.redacted ? null : (
                <AddNoteForm
                  {...written}
                  submission={submission}
                  send={(body) =>
                    actions.note.mutateAsync({ params: { id }, body })
                  }
                />
              )}
            </Panel>
            <Panel title="Timeline">
              {submission.timeline.length === 0 ? (
                <p>No change recorded in the audit trail yet.</p>
              ) : (
                <ol>
                  {submission.timeline.map((event, index) => (
                    <li key={index}>
                      {formatDateTime(event.at)}:{' '}
                      {event.action.replace(/_/g, ' ')}
                      {event.by ? ` by ${event.by}` : ''}
                      {event.detail ? ` (${event.detail})` : ''}
                    </li>
                  ))}
                </ol>
              )}
            </Panel>
            {submission.redacted ? null : (
              <Panel title="Redact">
                <p>
                  Erases this person&apos;s name, email, address and the notes
                  everywhere, for good; the figures stay. Type {id} to confirm.
                </p>
                <RedactForm
                  {...written}
                  submission={submission}
                  send={async (body) => {
                    await actions.redact.mutateAsync({ params: { id }, body });
                    actions.reveal.reset();
                  }}
                />
              </Panel>
            )}
          </>
        ) : null}
      </DataState>
    </ScreenFrame>
  );
}
