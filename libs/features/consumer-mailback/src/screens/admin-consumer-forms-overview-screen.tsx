import { ScreenFrame } from '@collective/nav/react';
import { PublishFormVersionSchema } from '@collective/api-client/contract';
import {
  Choice,
  ChoiceGroup,
  DataState,
  fieldError,
  Figures,
  Form,
  FormError,
  FormField,
  formatDateTime,
  formatMonth,
  formatNumber,
  Panel,
  PlainTable,
  SubmitButton,
  useForm,
} from '@collective/ui';
import { useState } from 'react';
import {
  useMailbackForms,
  usePublishFormVersion,
} from '../data/mailback-forms';

type MailbackForm = NonNullable<
  ReturnType<typeof useMailbackForms>['data']
>['forms'][number];

const STATUS_TEXT = { draft: 'Draft', live: 'Live', closed: 'Closed' } as const;

/**
 * Publishing a new version of one form: consent text and brands, from the
 * live version; the contract's body is the form's schema.
 */
function PublishVersion({
  form: mailbackForm,
  onReload,
}: {
  form: MailbackForm;
  /** Reads the forms again (after a refusal that a newer version explains). */
  onReload: () => void;
}) {
  const live = mailbackForm.versions.find(
    (version) => version.status === 'live',
  );
  const publish = usePublishFormVersion();
  const [said, setSaid] = useState('');
  const brands = live?.fields.brands ?? [];
  const form = useForm({
    schema: PublishFormVersionSchema,
    initialValues: {
      consent_text: live?.fields.consent_text ?? '',
      brand_ids: brands.map((brand) => brand.id),
    },
    onSubmit: async (body) => {
      await publish.mutateAsync({ params: { id: mailbackForm.id }, body });
      setSaid('The new version is live.');
    },
  });
  const chosen = (form.values.brand_ids ?? []) as number[];
  const brandsError = fieldError(form.errors, 'brand_ids');
  const next = Math.max(0, ...mailbackForm.versions.map((v) => v.version)) + 1;
  return (
    <Form
      form={form}
      aria-label={`Publish a new version of ${mailbackForm.title}`}
    >
      <h3>Publish a new version</h3>
      <FormError onReloadLatest={onReload} />
      <FormField name="consent_text" label="Consent text">
        {(control) => <textarea {...control} rows={4} maxLength={2000} />}
      </FormField>
      <ChoiceGroup legend="Brands offered" error={brandsError}>
        {brands.map((brand) => (
          <Choice
            key={brand.id}
            type="checkbox"
            name="brand_ids"
            value={brand.id}
            label={brand.name}
            checked={chosen.includes(brand.id)}
            onChange={(event) =>
              form.setValue(
                'brand_ids',
                event.target.checked
                  ? [...chosen, brand.id]
                  : chosen.filter((id) => id !== brand.id),
              )
            }
          />
        ))}
      </ChoiceGroup>
      <SubmitButton busyLabel="Publishing…">
        Publish version {next}
      </SubmitButton>
      <p role="status">{said}</p>
    </Form>
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
          <Panel key={form.id} title={form.title}>
            <Figures
              figures={[
                {
                  term: 'Submitted',
                  value: formatNumber(form.funnel.submitted),
                },
                {
                  term: 'Label sent',
                  value: formatNumber(form.funnel.label_sent),
                },
                { term: 'Received', value: formatNumber(form.funnel.received) },
              ]}
            />
            <PlainTable>
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
            </PlainTable>
            <PlainTable>
              <caption>Submissions per month of {form.title}</caption>
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
            </PlainTable>
            <PublishVersion
              form={form}
              onReload={() => void answer.refetch()}
            />
          </Panel>
        ))}
      </DataState>
    </ScreenFrame>
  );
}
