import {
  useCallback,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { Button } from '../button/button';
import { useOutsidePointer } from '../use-outside-pointer/use-outside-pointer';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import styles from './data-table.module.css';

/** A column the user may show or hide. */
export interface ColumnChoice {
  id: string;
  label: string;
  visible: boolean;
}

/** Props of {@link ColumnChooser}. */
export interface ColumnChooserProps {
  /** Names the table, e.g. "Stores": the button is read "Columns of Stores". */
  tableName: string;
  choices: readonly ColumnChoice[];
  onChange: (id: string, visible: boolean) => void;
}

/**
 * The "Columns" disclosure of a data table: a button that shows a group of
 * checkboxes, one per column that may be hidden (WAI-ARIA disclosure
 * pattern). Escape or a click outside closes it; Escape gives focus back to
 * the button.
 */
export function ColumnChooser({
  tableName,
  choices,
  onChange,
}: ColumnChooserProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useOutsidePointer(rootRef, open, close);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    buttonRef.current?.focus();
  }

  return (
    // Escape is handled for the button and the checkboxes inside.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div ref={rootRef} className={styles.chooser} onKeyDown={onKeyDown}>
      <Button
        ref={buttonRef}
        variant="secondary"
        aria-expanded={open}
        aria-controls={`${id}-columns`}
        onClick={() => setOpen(!open)}
      >
        {'Columns '}
        <VisuallyHidden>of {tableName}</VisuallyHidden>
        <span aria-hidden="true"> ▾</span>
      </Button>
      <fieldset
        id={`${id}-columns`}
        className={styles.chooserPanel}
        hidden={!open}
      >
        <legend className={styles.chooserLegend}>Show columns</legend>
        {choices.map((choice) => (
          <label key={choice.id} className={styles.chooserOption}>
            <input
              type="checkbox"
              checked={choice.visible}
              onChange={(event) => onChange(choice.id, event.target.checked)}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
