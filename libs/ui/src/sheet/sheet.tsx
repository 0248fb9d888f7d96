import {
  useEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import styles from './sheet.module.css';

/** Props of {@link Sheet}. */
export interface SheetProps {
  /** Whether the sheet is shown. */
  open: boolean;
  /** Called when the user dismisses it: Escape, a click on the backdrop, or the close button. */
  onClose: () => void;
  /** Accessible name of the dialog, also its visible heading. */
  title: string;
  /** Text of the close button ("Close" by default). */
  closeLabel?: string;
  /** A bottom sheet (the default) or a dialog in the middle of the screen. */
  placement?: 'bottom' | 'center';
  children: ReactNode;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where `<dialog>` has no `showModal` (older browsers, jsdom): shown, focused, not modal. */
function openWithoutModal(dialog: HTMLDialogElement): void {
  dialog.setAttribute('open', '');
  dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
}

function closeWithoutModal(dialog: HTMLDialogElement): void {
  dialog.removeAttribute('open');
  dialog.dispatchEvent(new Event('close'));
}

/**
 * A modal bottom sheet (or centred dialog) on the native `<dialog>`: `showModal()` makes the
 * rest of the page inert and puts it on the top layer; Escape and a click on
 * the backdrop close it; focus moves into it, wraps around inside it with
 * Tab, and returns to what had it (the button that opened it) on close.
 */
export function Sheet({
  open,
  onClose,
  title,
  closeLabel = 'Close',
  placement = 'bottom',
  children,
  className,
}: SheetProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = dialog.ownerDocument.activeElement;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else openWithoutModal(dialog);
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else closeWithoutModal(dialog);
    }
  }, [open]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const restore = () => {
      const target = returnTo.current;
      returnTo.current = null;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    };
    dialog.addEventListener('close', restore);
    return () => dialog.removeEventListener('close', restore);
  }, []);

  function onCancel(event: Event | React.SyntheticEvent) {
    // Escape: let React's state close it, so `open` stays the truth.
    event.preventDefault();
    onClose();
  }

  function onClick(event: MouseEvent<HTMLDialogElement>) {
    // A click on the backdrop lands on the dialog element itself.
    if (event.target === event.currentTarget) onClose();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      // Also where the browser has no modal dialog (no cancel event); a
      // control inside that uses Escape itself stops it before it gets here.
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [
      ...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE),
    ];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = event.currentTarget.ownerDocument.activeElement;
    if (event.shiftKey && active === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    // The dialog's own keyboard handling (Escape) comes from the browser;
    // the click closes on the backdrop only.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      aria-label={title}
      className={[styles.sheet, styles[placement], className ?? '']
        .filter(Boolean)
        .join(' ')}
      onCancel={onCancel}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <div className={styles.panel}>
        <div className={styles.bar}>
          <h2 className={styles.title}>{title}</h2>
          <button type="button" className={styles.close} onClick={onClose}>
            {closeLabel}
          </button>
        </div>
        {open ? children : null}
      </div>
    </dialog>
  );
}
