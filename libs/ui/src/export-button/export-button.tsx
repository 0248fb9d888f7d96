import { useEffect, useRef, useState } from 'react';
import { Alert } from '../alert/alert';
import { Button } from '../button/button';
import { errorMessage } from '../error-message/error-message';
import { visuallyHiddenClass } from '../visually-hidden/visually-hidden';
import styles from './export-button.module.css';

/** Props of {@link ExportButton}. */
export interface ExportButtonProps {
  /**
   * Asks the server for a short-lived, single-use download address of the
   * export (with the list's current filters); rejects when it cannot.
   */
  getDownloadUrl: () => Promise<string>;
  /** The button's label; "Export CSV" by default. */
  label?: string;
  /** A file name for the browser to suggest, when the server sends none. */
  fileName?: string;
  className?: string;
}

type Phase =
  | { kind: 'idle'; said: string }
  | { kind: 'preparing' }
  | { kind: 'failed'; message: string };

/**
 * Downloads an export the server streams (CSV): asks for a single-use
 * address, says "Preparing export…" meanwhile (busy, and inert to further
 * clicks while keeping focus), then follows the address with a hidden
 * `<a download>`, so the browser writes the file to disk as it arrives
 * instead of the page holding it in memory. Screen readers hear that the
 * download started; a failure is shown, and announced, with its reason.
 */
export function ExportButton({
  getDownloadUrl,
  label = 'Export CSV',
  fileName,
  className,
}: ExportButtonProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle', said: '' });
  const rootRef = useRef<HTMLDivElement>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const preparing = phase.kind === 'preparing';

  async function start() {
    if (preparing) return;
    setPhase({ kind: 'preparing' });
    let url: string;
    try {
      url = await getDownloadUrl();
    } catch (error) {
      if (mounted.current)
        setPhase({
          kind: 'failed',
          message: `The export could not be prepared: ${errorMessage(error, 'The server did not answer.')} Try again.`,
        });
      return;
    }
    const root = rootRef.current;
    // The user left the screen meanwhile: no download out of nowhere.
    if (!mounted.current || !root) return;
    // A link that exists only to be followed: in the document (Firefox
    // follows only those), hidden, and gone at once, since the address is
    // single-use.
    const anchor = root.ownerDocument.createElement('a');
    anchor.href = url;
    anchor.download = fileName ?? '';
    anchor.hidden = true;
    root.append(anchor);
    anchor.click();
    anchor.remove();
    setPhase({
      kind: 'idle',
      said: 'Your download has started. Your browser saves the file.',
    });
  }

  return (
    <div
      ref={rootRef}
      className={[styles.export, className ?? ''].filter(Boolean).join(' ')}
    >
      <Button
        variant="secondary"
        aria-disabled={preparing || undefined}
        aria-busy={preparing || undefined}
        onClick={() => void start()}
      >
        {preparing ? 'Preparing export…' : label}
      </Button>
      <p role="status" className={visuallyHiddenClass}>
        {phase.kind === 'preparing'
          ? 'Preparing export…'
          : phase.kind === 'idle'
            ? phase.said
            : ''}
      </p>
      {phase.kind === 'failed' ? <Alert>{phase.message}</Alert> : null}
    </div>
  );
}
