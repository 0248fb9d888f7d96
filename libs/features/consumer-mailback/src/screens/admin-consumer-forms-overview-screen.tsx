import { ScreenFrame } from '@collective/nav/react';
import {
  Alert,
  Button,
  DataState,
  formatDateTime,
  formatMonth,
  formatNumber,
} from '@collective/ui';
import { useId, useState } from 'react';
import {
  useMailbackForms,
  usePublishFormVersion,
} from '../data/mailback-forms';

type Form = NonNullable<
  ReturnType<typeof useMailbackForms>['data']
>['forms'][number];

const STATUS_TEXT = { draft: 'Draft', live: 'Live', closed: 'Closed' } as const;

/** Publishing a new version of one form: consent text and brands, from the live version. */
function PublishVersion({ form }: { form: Form }) {
  const live = form.versions.find((version) => version.status === 'live');
  const publish = usePublishFormVersion();
  const [said, setSaid] = useState('');
  const consentId = useId();
  const brands = live?.fields.brands ?? [];
  return (
    <form
      aria-label={`Publish a new version of ${form.title}`}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const consent = String(data.get('consent') ?? '').trim();
        const brandIds = data.getAll('brand').map(Number);
        void publish
          .mutateAsync({
            params: { id: form.id },
            body: { consent_text: consent, brand_ids: brandIds },
          })
          .then(() => setSaid('The new version is live.'))
          .catch(() => undefined);
      }}
    >
      <h3>Publish a new version</h3>
      <label htmlFor={consentId}>Consent text</label>
      <textarea
        id={consentId}
        name="consent"
        rows={4}
        maxLength={2000}
        required
        defaultValue={live?.fields.consent_text ?? ''}
      />
      <fieldset>
        <legend>Brands offered</legend>
        {brands.map((brand) => (
          <label key={brand.id}>
            <input
              type="checkbox"
              name="brand"
              value={brand.id}
              defaultChecked
            />{' '}
            {brand.name}
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={publish.isPending}>
        Publish version{' '}
        {Math.max(0, ...form.versions.map((v) => v.version)) + 1}
      </Button>
      <p role="status">{said}</p>
      {publish.error ? (
        <Alert tone="error">{publish.error.message}</Alert>
      ) : null}
    </form>
  );
}

/**
 * The screen of /admin/consumer-forms-overview (decisions D19): each
 * mail-back form with its versions (draft, live, closed) and their
 * submissions, the funnel submitted → label sent → received, submissions
 * per month, and publishing a new version (audited).
 */
export default function AdminConsumerFormsOverviewScreen() {
  const answer = useMailbackForms();
  return (
    <ScreenFrame>
      <DataState
        status={answer.status}
        error={answer.error}
        onRetry={() => void answer.refetch()}
        loadingText="Loading the mail-back forms…"
      >
        {answer.data?.forms.map((form) => (
          <section key={form.id} aria-label={form.title}>
            <h2>{form.title}</h2>
            <dl>
              <dt>Submitted</dt>
              <dd>{formatNumber(form.funnel.submitted)}</dd>
              <dt>Label sent</dt>
              <dd>{formatNumber(form.funnel.label_sent)}</dd>
              <dt>Received</dt>
              <dd>{formatNumber(form.funnel.received)}</dd>
            </dl>
            <table>
              <caption>Versions of {form.title}</caption>
              <thead>
                <tr>
                  <th scope="col">Version</th>
                  <th scope="col">Status</th>
                  <th scope="col">Published</th>
                  <th scope="col">Brands</th>
                  <th scope="col">Submissions</th>
                </tr>
              </thead>
              <tbody>
                {form.versions.map((version) => (
                  <tr key={version.id}>
                    <th scope="row">Version {version.version}</th>
                    <td>{STATUS_TEXT[version.status]}</td>
                    <td>
                      {version.published_at
                        ? formatDateTime(version.published_at)
                        : '—'}
                    </td>
                    <td>{version.fields.brands.length}</td>
                    <td>{formatNumber(version.submissions)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table>
              <caption>Submissions per month</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Submissions</th>
                </tr>
              </thead>
              <tbody>
                {form.by_month.map((row) => (
                  <tr key={row.month}>
                    <th scope="row">{formatMonth(row.month)}</th>
                    <td>{formatNumber(row.submissions)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <PublishVersion form={form} />
          </section>
        ))}
      </DataState>
    </ScreenFrame>
  );
}
