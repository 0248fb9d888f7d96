import { ScreenFrame } from '@collective/nav/react';
import {
  FormDraftSchema,
  PublishFormVersionSchema,
} from '@collective/api-client/contract';
import {
  Choice,
  ChoiceGroup,
  ColumnHeadings,
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
  queryState,
  SubmitButton,
  useForm,
} from '@collective/ui';
import { useId, useState } from 'react';
import {
  useEditFormDraft,
  useMailbackForms,
  usePublishFormVersion,
  useSaveFormDraft,
  type MailbackForm,
} from '../data/mailback-forms';

type FormVersion = MailbackForm['versions'][number];

const STATUS_TEXT = { draft: 'Draft', live: 'Live', closed: 'Closed' } as const;

/** Every brand any version of the form offered, once each, by name. */
function brandsOf(form: MailbackForm) {
  const byId = new Map<number, { id: number; name: string }>();
  for (const version of form.versions) {
    for (const brand of version.fields.brands) byId.set(brand.id, brand);
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The draft of a form's next version: a new one (from the live version's
 * fields) or the one waiting, edited and saved (audited) until it is
 * published; the contract's body is the form's schema.
 */
function DraftEditor({
  form: mailbackForm,
  draft,
  onSaved,
  onReload,
}: {
  form: MailbackForm;
  /** The draft waiting, or `undefined` to save a new one. */
  draft: FormVersion | undefined;
  onSaved: (message: string) => void;
  /** Reads the forms again (after a refusal that a newer version explains). */
  onReload: () => void;
}) {
  const live = mailbackForm.versions.find(
    (version) => version.status === 'live',
  );
  const save = useSaveFormDraft();
  const edit = useEditFormDraft();
  const start = draft ?? live;
  const brands = brandsOf(mailbackForm);
  const next = Math.max(0, ...mailbackForm.versions.map((v) => v.version)) + 1;
  const form = useForm({
    schema: FormDraftSchema,
    initialValues: {
      consent_text: start?.fields.consent_text ?? '',
      brand_ids: (start?.fields.brands ?? []).map((brand) => brand.id),
    },
    onSubmit: async (body) => {
      if (draft) {
        await edit.mutateAsync({
          params: { id: mailbackForm.id, version: draft.version },
          body: { ...body, revision: draft.revision },
        });
        onSaved(`Draft version ${draft.version} saved.`);
      } else {
        await save.mutateAsync({ params: { id: mailbackForm.id }, body });
        onSaved(
          `Version ${next} saved as a draft: preview it, then publish it.`,
        );
      }
    },
  });
  const chosen = (form.values.brand_ids ?? []) as number[];
  const brandsError = fieldError(form.errors, 'brand_ids');
  const title = draft
    ? `Edit draft version ${draft.version}`
    : 'Save a new version as a draft';
  return (
    <Form form={form} aria-label={`${title} of ${mailbackForm.title}`}>
      <h3>{title}</h3>
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
      <SubmitButton busyLabel="Saving…">
        {draft
          ? `Save draft version ${draft.version}`
          : `Save version ${next} as a draft`}
      </SubmitButton>
    </Form>
  );
}

/**
 * A draft as consumers will see it once published: the brands the form's
 * product lines offer and the consent text beside its checkbox.
 */
function DraftPreview({ draft }: { draft: FormVersion }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        Preview of version {draft.version}, as consumers will see it
      </h3>
      <p>The products they will send, by brand:</p>
      <ul>
        {draft.fields.brands.map((brand) => (
          <li key={brand.id}>{brand.name}</li>
        ))}
      </ul>
      <p>
        <input type="checkbox" id={`${id}-consent`} disabled />{' '}
        <label htmlFor={`${id}-consent`}>{draft.fields.consent_text}</label>
      </p>
    </section>
  );
}

/** Publishing a draft (audited): it goes live and the live version closes. */
function PublishDraft({
  form: mailbackForm,
  draft,
  onPublished,
  onReload,
}: {
  form: MailbackForm;
  draft: FormVersion;
  onPublished: (message: string) => void;
  onReload: () => void;
}) {
  const publish = usePublishFormVersion();
  const live = mailbackForm.versions.find(
    (version) => version.status === 'live',
  );
  const form = useForm({
    schema: PublishFormVersionSchema,
    initialValues: { revision: draft.revision },
    onSubmit: async (body) => {
      await publish.mutateAsync({
        params: { id: mailbackForm.id, version: draft.version },
        body,
      });
      onPublished(
        `Version ${draft.version} is live${live ? `; version ${live.version} is closed` : ''}.`,
      );
    },
  });
  return (
    <Form
      form={form}
      aria-label={`Publish version ${draft.version} of ${mailbackForm.title}`}
    >
      <FormError onReloadLatest={onReload} />
      <p>
        Publishing puts version {draft.version} on the public form
        {live ? ` and closes version ${live.version}` : ''}; submissions keep
        the version they were made with.
      </p>
      <SubmitButton busyLabel="Publishing…">
        Publish version {draft.version}
      </SubmitButton>
    </Form>
  );
}

/** The next version of a form: its draft (new or waiting), preview and publishing. */
function NextVersion({
  form,
  onReload,
}: {
  form: MailbackForm;
  onReload: () => void;
}) {
  const [said, setSaid] = useState('');
  const draft = form.versions.find((version) => version.status === 'draft');
  return (
    <>
      <DraftEditor
        // A saved or published draft starts the editor again from the server's values.
        key={draft ? `${draft.version}-${draft.revision}` : 'new'}
        form={form}
        draft={draft}
        onSaved={setSaid}
        onReload={onReload}
      />
      {draft ? (
        <>
          <DraftPreview draft={draft} />
          <PublishDraft
            key={`${draft.version}-${draft.revision}`}
            form={form}
            draft={draft}
            onPublished={setSaid}
            onReload={onReload}
          />
        </>
      ) : null}
      <p role="status">{said}</p>
    </>
  );
}

/**
 * The screen of /admin/consumer-forms-overview (decisions D19): each
 * mail-back form with its versions (draft, live, closed) and their
 * submissions, the funnel submitted → label sent → received, submissions
 * per month, and the next version: saved as a draft, edited, previewed,
 * then published (each audited).
 */
export default function AdminConsumerFormsOverviewScreen() {
  const answer = useMailbackForms();
  return (
    <ScreenFrame>
      <DataState
        {...queryState(answer)}
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
              <ColumnHeadings
                names={[
                  'Version',
                  'Status',
                  'Published',
                  'Brands',
                  'Submissions',
                ]}
              />
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
              <ColumnHeadings names={['Month', 'Submissions']} />
              <tbody>
                {form.by_month.map((row) => (
                  <tr key={row.month}>
                    <th scope="row">{formatMonth(row.month)}</th>
                    <td>{formatNumber(row.submissions)}</td>
                  </tr>
                ))}
              </tbody>
            </PlainTable>
            <NextVersion form={form} onReload={() => void answer.refetch()} />
          </Panel>
        ))}
      </DataState>
    </ScreenFrame>
  );
}
