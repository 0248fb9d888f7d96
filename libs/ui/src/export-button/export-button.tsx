import { useEffect, useRef, useState } from 'react';
import { Alert } from '../alert/alert';
import { Button } from '../button/button';
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

function reason(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : 'The server did not answer.';
}

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
  const anchorRef = useRef<HTMLAnchorElement>(null);
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
          message: `The export could not be prepared: ${reason(error)} Try again.`,
        });
      return;
    }
    const anchor = anchorRef.current;
    // The user left the screen meanwhile: no download out of nowhere.
    if (!mounted.current || !anchor) return;
    anchor.href = url;
    anchor.click();
    // Single-use: the address is spent once followed.
    anchor.removeAttribute('href');
    setPhase({
      kind: 'idle',
      said: 'Your download has started. Your browser saves the file.',
    });
  }

  return (
    <div className={[styles.export, className ?? ''].filter(Boolean).join(' ')}>
      <Button
        variant="secondary"
        aria-disabled={preparing || undefined}
        aria-busy={preparing || undefined}
        onClick={() => void start()}
      >
        {preparing ? 'Preparing export…' : label}
      </Button>
      {/* Followed by code only; never in the tab order or the reading order. */}
      <a
        ref={anchorRef}
        download={fileName ?? ''}
        tabIndex={-1}
        aria-hidden="true"
        className={visuallyHiddenClass}
      >
        {label}
      </a>
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
