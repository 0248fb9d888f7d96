import { ScreenFrame } from '@collective/nav/react';
import {
  Alert,
  Button,
  DataState,
  formatDateTime,
  formatNumber,
  formatWeight,
  TextField,
} from '@collective/ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  useMailbackSubmission,
  useSubmissionActions,
} from '../data/mailback-submission';
import { STATUS_LABELS } from './mailback-labels';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

const formValue = (event: FormEvent<HTMLFormElement>, name: string) =>
  String(new FormData(event.currentTarget).get(name) ?? '');

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
  const [problem, setProblem] = useState('');
  const submission = answer.data?.submission;
  // The reveal's answer is read only for the submission it was made for,
  // and never once the submission is redacted.
  const shown = actions.reveal.data?.submission;
  const revealed =
    shown?.id === id && submission && !submission.redacted ? shown : undefined;
  const person = revealed?.person ?? submission?.person;

  async function run(work: () => Promise<unknown>, done: string) {
    setProblem('');
    try {
      await work();
      setSaid(done);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <ScreenFrame title={`Mail-back Submission ${id}`}>
      <p>
        <Link to="/consumer-mailback/submissions">All submissions</Link>
      </p>
      <p role="status">{said}</p>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <DataState
        status={answer.status}
        error={answer.error}
        onRetry={() => void answer.refetch()}
        loadingText="Loading the submission…"
      >
        {submission && person ? (
          <>
            <Section title="Consumer">
              <dl>
                <dt>Name</dt>
                <dd>{person.name}</dd>
                <dt>Email</dt>
                <dd>{person.email}</dd>
                <dt>Address</dt>
                <dd>
                  {[
                    person.address_line1,
                    person.address_line2,
                    person.city,
                    `${person.state} ${person.postal_code}`,
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </dd>
              </dl>
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
                <Button
                  variant="secondary"
                  onClick={() =>
                    void run(
                      () => actions.reveal.mutateAsync({ params: { id } }),
                      'Personal data revealed; this was recorded in the audit trail.',
                    )
                  }
                >
                  Reveal personal data
                </Button>
              )}
            </Section>
            <Section title="Request">
              <dl>
                <dt>Status</dt>
                <dd>{STATUS_LABELS[submission.status]}</dd>
                <dt>Region</dt>
                <dd>{submission.region}</dd>
                <dt>Form version</dt>
                <dd>{submission.form_version}</dd>
                <dt>Submitted</dt>
                <dd>{formatDateTime(submission.created_at)}</dd>
                <dt>Products</dt>
                <dd>
                  <ul>
                    {submission.products.map((line) => (
                      <li key={line.brand_id}>
                        {line.brand}: {formatNumber(line.count)} items
                      </li>
                    ))}
                  </ul>
                </dd>
              </dl>
            </Section>
            <Section title="Label and arrival">
              <dl>
                <dt>Tracking number</dt>
                <dd>{submission.tracking_number ?? 'No label yet'}</dd>
                <dt>Label sent</dt>
                <dd>
                  {submission.label_sent_at
                    ? formatDateTime(submission.label_sent_at)
                    : 'Not yet'}
                </dd>
                <dt>Received</dt>
                <dd>
                  {submission.received_at
                    ? [
                        formatDateTime(submission.received_at),
                        submission.received_weight_kg === null
                          ? null
                          : formatWeight(
                              submission.received_weight_kg,
                              undefined,
                              3,
                            ),
                        submission.shipment_ref
                          ? `shipment ${submission.shipment_ref}`
                          : null,
                      ]
                        .filter(Boolean)
                        .join(', ')
                    : 'Not yet'}
                </dd>
              </dl>
              {submission.status === 'submitted' && !submission.redacted ? (
                <Button
                  onClick={() =>
                    void run(
                      () =>
                        actions.markSent.mutateAsync({ body: { ids: [id] } }),
                      'Label marked sent.',
                    )
                  }
                >
                  Mark label sent
                </Button>
              ) : null}
              {submission.tracking_number && !submission.redacted ? (
                <Button
                  variant="secondary"
                  onClick={() =>
                    void run(
                      () =>
                        actions.resend.mutateAsync({
                          params: { id },
                          body: { version: submission.version },
                        }),
                      'The label was sent again.',
                    )
                  }
                >
                  Resend label
                </Button>
              ) : null}
              {submission.status === 'label_sent' ||
              submission.status === 'in_transit' ? (
                <form
                  aria-label="Record the arrival"
                  onSubmit={(event) => {
                    event.preventDefault();
                    const weight = Number(formValue(event, 'weight'));
                    const ref = formValue(event, 'shipment').trim();
                    void run(
                      () =>
                        actions.receive.mutateAsync({
                          params: { id },
                          body: {
                            version: submission.version,
                            weight_kg: weight,
                            ...(ref ? { shipment_ref: ref } : {}),
                          },
                        }),
                      'Arrival recorded.',
                    );
                  }}
                >
                  <TextField
                    label="Received weight (kg)"
                    name="weight"
                    type="number"
                    step="0.001"
                    min="0.001"
                    required
                  />
                  <TextField
                    label="Shipment reference (optional)"
                    name="shipment"
                    maxLength={40}
                  />
                  <Button type="submit">Record arrival</Button>
                </form>
              ) : null}
            </Section>
            <Section title="Notes">
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
                <form
                  aria-label="Add a note"
                  onSubmit={(event) => {
                    event.preventDefault();
                    const form = event.currentTarget;
                    const text = formValue(event, 'note').trim();
                    void run(async () => {
                      await actions.note.mutateAsync({
                        params: { id },
                        body: { version: submission.version, text },
                      });
                      form.reset();
                    }, 'Note added.');
                  }}
                >
                  <TextField
                    label="Note"
                    name="note"
                    maxLength={1000}
                    required
                  />
                  <Button type="submit" variant="secondary">
                    Add note
                  </Button>
                </form>
              )}
            </Section>
            <Section title="Timeline">
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
            </Section>
            {submission.redacted ? null : (
              <Section title="Redact">
                <p>
                  Erases this person&apos;s name, email, address and the notes
                  everywhere, for good; the figures stay. Type {id} to confirm.
                </p>
                <form
                  aria-label="Redact this submission"
                  onSubmit={(event) => {
                    event.preventDefault();
                    const confirm = formValue(event, 'confirm');
                    void run(async () => {
                      await actions.redact.mutateAsync({
                        params: { id },
                        body: { version: submission.version, confirm },
                      });
                      actions.reveal.reset();
                    }, 'The submission was redacted.');
                  }}
                >
                  <TextField
                    label={`Type ${id} to confirm`}
                    name="confirm"
                    autoComplete="off"
                    required
                  />
                  <Button type="submit">Redact personal data</Button>
                </form>
              </Section>
            )}
          </>
        ) : null}
      </DataState>
    </ScreenFrame>
  );
}
