import { useState } from 'react';
import { Button } from '../button/button';

/** Props of {@link CopyButton}. */
export interface CopyButtonProps {
  /** The text to put on the clipboard. */
  text: string;
  /** The button's label; "Copy" by default. */
  label?: string;
  /** Writes to the clipboard; the browser's by default. */
  write?: (text: string) => Promise<void>;
}

/**
 * Copies a text to the clipboard and says whether it worked, in a polite
 * live region next to it (screen readers hear "Copied").
 */
export function CopyButton({
  text,
  label = 'Copy',
  write = (value) => navigator.clipboard.writeText(value),
}: CopyButtonProps) {
  const [outcome, setOutcome] = useState('');
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          write(text).then(
            () => setOutcome('Copied'),
            () => setOutcome('Could not copy; select the text and copy it.'),
          );
        }}
      >
        {label}
      </Button>
      <span aria-live="polite">{outcome}</span>
    </>
  );
}
