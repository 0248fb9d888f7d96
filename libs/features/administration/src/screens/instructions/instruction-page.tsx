import {
  InstructionMarkdownSchema,
  MAX_INSTRUCTION_BODY_LENGTH,
  MAX_INSTRUCTION_POSITION,
  MAX_INSTRUCTION_TITLE_LENGTH,
  UpdateInstructionPageSchema,
  type InstructionPage,
} from '@collective/api-client/contract';
import { useTenancy } from '@collective/tenancy/react';
import {
  Button,
  DataState,
  Form,
  FormError,
  FormField,
  formatDateTime,
  formRefusal,
  queryState,
  SubmitButton,
  useForm,
} from '@collective/ui';
import { useState } from 'react';
import * as v from 'valibot';
import {
  useInstructionPage,
  useUpdateInstructionPage,
} from '../../data/instructions';
import { InstructionHtml } from './instruction-html';
import { PagePreview } from './page-preview';
import styles from './instructions.module.css';

/** What the editor checks before sending: a title, a place in the list and Markdown within the caps. */
const EditSchema = v.strictObject({
  title: v.unwrap(UpdateInstructionPageSchema.entries.title),
  position: v.pipe(
    v.string(),
    v.trim(),
    v.regex(
      /^\d{1,3}$/,
      `Enter a whole number from 1 to ${MAX_INSTRUCTION_POSITION}.`,
    ),
    v.transform(Number),
    v.unwrap(UpdateInstructionPageSchema.entries.position),
  ),
  body: InstructionMarkdownSchema,
});

/** A page's editable fields as the form's text values. */
const valuesOf = (page: InstructionPage) => ({
  title: page.title,
  position: String(page.position),
  body: page.body,
});

/** One page: its title, who changed it last, its text, and for collective admins its editor. */
export function InstructionPageView({ slug }: { slug: string }) {
  const answer = useInstructionPage(slug);
  const { access } = useTenancy();
  const [editing, setEditing] = useState(false);
  const page = answer.data?.page;
  return (
    <DataState {...queryState(answer)} loadingText="Loading the page…">
      {page ? (
        <article aria-labelledby="instruction-title" className={styles.article}>
          <header className={styles.header}>
            <h2 id="instruction-title">{page.title}</h2>
            {access.isCollectiveAdmin && !editing ? (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Edit page
              </Button>
            ) : null}
          </header>
          <p className={styles.meta}>
            {page.updated_by
              ? `Last changed ${formatDateTime(page.updated_at)} by ${page.updated_by}`
              : `As written for the program, ${formatDateTime(page.updated_at)}`}
          </p>
          {editing ? (
            <InstructionEditor latest={page} onDone={() => setEditing(false)} />
          ) : (
            <InstructionHtml html={page.html} label={page.title} />
          )}
        </article>
      ) : null}
    </DataState>
  );
}

/**
 * Edits a page (collective admins) at the version it was read at, with a
 * preview the server renders as readers will see it. When someone else
 * saved first (409), the person's text stays and "Load the latest
 * version" starts again from the page as it is now.
 */
function InstructionEditor({
  latest,
  onDone,
}: {
  /** The page as the server has it now (refetched after every write). */
  latest: InstructionPage;
  onDone: () => void;
}) {
  const update = useUpdateInstructionPage();
  const [base, setBase] = useState(latest);
  const form = useForm({
    schema: EditSchema,
    initialValues: valuesOf(base),
    onSubmit: async (values) => {
      try {
        await update.mutateAsync({
          params: { slug: base.slug },
          body: {
            version: base.version,
            ...(values.title === base.title ? {} : { title: values.title }),
            ...(values.position === base.position
              ? {}
              : { position: values.position }),
            ...(values.body === base.body ? {} : { body: values.body }),
          },
        });
      } catch (error) {
        throw formRefusal(error);
      }
      onDone();
    },
  });
  function reloadLatest() {
    setBase(latest);
    form.reset(valuesOf(latest));
  }
  const body = String(form.values.body ?? '');
  return (
    <Form
      form={form}
      aria-label={`Edit ${base.title}`}
      className={styles.editor}
    >
      <FormError onReloadLatest={reloadLatest} />
      <div className={styles.fields}>
        <FormField
          name="title"
          label="Title"
          maxLength={MAX_INSTRUCTION_TITLE_LENGTH}
          required
        />
        <FormField
          name="position"
          label="Place in the list"
          hint="Pages are listed from the lowest number."
          type="number"
          min={1}
          max={MAX_INSTRUCTION_POSITION}
          step={1}
          inputMode="numeric"
          required
        />
      </div>
      <div className={styles.panes}>
        <FormField
          name="body"
          label="Text (Markdown)"
          hint={`${body.length.toLocaleString('en-US')} of ${MAX_INSTRUCTION_BODY_LENGTH.toLocaleString('en-US')} characters. Headings (#), lists (-), **bold**, *italic*, [links](https://…), \`code\` and tables; other HTML is removed.`}
        >
          {(control) => (
            <textarea
              {...control}
              rows={18}
              className={`${control.className} ${styles.markdown}`}
              spellCheck
            />
          )}
        </FormField>
        <PagePreview markdown={body} />
      </div>
      <div className={styles.actions}>
        <SubmitButton>Save page</SubmitButton>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
