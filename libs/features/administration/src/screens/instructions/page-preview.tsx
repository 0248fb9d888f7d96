import { MAX_INSTRUCTION_BODY_LENGTH } from '@collective/api-client/contract';
import { errorMessage } from '@collective/ui';
import { useEffect, useRef, useState } from 'react';
import { usePreviewInstructionPage } from '../../data/instructions';
import { InstructionHtml } from './instruction-html';
import styles from './instructions.module.css';

/** How long typing must pause before the preview is asked for. */
export const PREVIEW_DELAY_MS = 400;

/**
 * The editor's preview: the Markdown rendered by the server's sanitiser
 * (POST /api/instructions/preview), asked for once typing pauses for
 * {@link PREVIEW_DELAY_MS}; an answer to older text that arrives late is
 * ignored, and a failed preview says so and keeps the last one.
 */
export function PagePreview({ markdown }: { markdown: string }) {
  const preview = usePreviewInstructionPage();
  const { mutate } = preview;
  const [html, setHtml] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const asked = useRef(0);
  const tooLong = markdown.length > MAX_INSTRUCTION_BODY_LENGTH;
  useEffect(() => {
    if (tooLong) return undefined;
    const timer = setTimeout(() => {
      const call = ++asked.current;
      mutate(
        { body: { body: markdown } },
        {
          onSuccess: (answer) => {
            if (call !== asked.current) return;
            setHtml(answer.html);
            setProblem(null);
          },
          onError: (error) => {
            if (call !== asked.current) return;
            setProblem(errorMessage(error, 'The preview could not be made.'));
          },
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [markdown, mutate, tooLong]);
  return (
    <section aria-labelledby="preview-heading" className={styles.preview}>
      <h3 id="preview-heading">Preview</h3>
      {tooLong ? (
        <p className={styles.meta}>
          The text is longer than{' '}
          {MAX_INSTRUCTION_BODY_LENGTH.toLocaleString('en-US')} characters;
          shorten it to see the preview.
        </p>
      ) : problem ? (
        <p className={styles.meta}>{problem} The last preview stays below.</p>
      ) : null}
      {html === null ? (
        <p className={styles.meta}>The preview shows here as you type.</p>
      ) : (
        <InstructionHtml html={html} />
      )}
    </section>
  );
}
