import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Button } from '../button/button';
import { useOutsidePointer } from '../use-outside-pointer/use-outside-pointer';
import styles from './menu-button.module.css';

/** One choice of a {@link MenuButton}. */
export interface MenuItem {
  /** Stable key of the item. */
  id: string;
  label: string;
  /** Decoration before the label (e.g. a logo); hidden from screen readers. */
  icon?: ReactNode;
  /** Marks the item that stands for the current choice ("(current)" is read after it). */
  current?: boolean;
  /**
   * Makes the item a link to this address, marked `aria-current="page"` when
   * `isCurrentPage`. A plain click still calls `onSelect` (for client-side
   * navigation); a click with a modifier key is left to the browser (new tab).
   */
  href?: string;
  /** The item is the page being shown. */
  isCurrentPage?: boolean;
  /** Runs when the item is chosen; the menu closes first. */
  onSelect: () => void;
  /**
   * The heading of the group the item belongs to: consecutive items with the
   * same group are one `role="group"` named by it (arrows still move
   * through every item).
   */
  group?: string;
}

/** Consecutive items of the same group, with their index among all items. */
function runsOfGroups(items: readonly MenuItem[]) {
  const runs: { group: string | undefined; entries: [MenuItem, number][] }[] =
    [];
  items.forEach((item, index) => {
    const last = runs[runs.length - 1];
    if (last && last.group === item.group) last.entries.push([item, index]);
    else runs.push({ group: item.group, entries: [[item, index]] });
  });
  return runs;
}

/** Props of {@link MenuButton}. */
export interface MenuButtonProps {
  /** Content of the trigger button. */
  label: ReactNode;
  /** Accessible name of the trigger when `label` is not plain text. */
  'aria-label'?: string;
  items: readonly MenuItem[];
  /** Non-interactive content shown above the items (e.g. who is signed in). */
  header?: ReactNode;
  /** Which edge of the trigger the popup lines up with. */
  align?: 'start' | 'end';
  /** Marks the trigger as holding the current page (`aria-current="true"`). */
  active?: boolean;
  className?: string;
}

/**
 * A menu button following the WAI-ARIA menu-button pattern: opens on click,
 * Enter, Space and ArrowDown (ArrowUp focuses the last item); arrows, Home and
 * End move between items; Escape closes and returns focus to the trigger; Tab,
 * an outside click and choosing an item close it.
 */
export function MenuButton({
  label,
  'aria-label': ariaLabel,
  items,
  header,
  align = 'start',
  active = false,
  className,
}: MenuButtonProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const closeQuietly = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useOutsidePointer(rootRef, open, closeQuietly);

  function openAt(index: number) {
    setFocusIndex(index);
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (['ArrowDown', 'Enter', ' '].includes(event.key)) {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex === last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setFocusIndex(next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  function renderItem(item: MenuItem, index: number) {
    const content = (
      <>
        {item.icon ? (
          <span aria-hidden="true" className={styles.icon}>
            {item.icon}
          </span>
        ) : null}
        {item.current ? `${item.label} (current)` : item.label}
      </>
    );
    const common = {
      ref: (node: HTMLElement | null) => {
        itemRefs.current[index] = node;
      },
      role: 'menuitem',
      tabIndex: index === focusIndex ? 0 : -1,
      className: styles.item,
      onFocus: () => setFocusIndex(index),
    } as const;
    return item.href ? (
      <a
        key={item.id}
        {...common}
        href={item.href}
        aria-current={item.isCurrentPage ? 'page' : undefined}
        onClick={(event) => {
          if (
            event.metaKey ||
            event.ctrlKey ||
            event.shiftKey ||
            event.altKey ||
            event.button !== 0
          )
            return;
          event.preventDefault();
          close(true);
          item.onSelect();
        }}
      >
        {content}
      </a>
    ) : (
      <button
        key={item.id}
        {...common}
        type="button"
        onClick={() => {
          close(true);
          item.onSelect();
        }}
      >
        {content}
      </button>
    );
  }

  return (
    <div
      ref={rootRef}
      className={[styles.root, className ?? ''].filter(Boolean).join(' ')}
    >
      <Button
        ref={triggerRef}
        id={`${id}-trigger`}
        variant="ghost"
        className={[styles.trigger, active ? styles.active : '']
          .filter(Boolean)
          .join(' ')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-current={active ? 'true' : undefined}
        aria-label={ariaLabel}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onTriggerKeyDown}
      >
        {label}
        <span aria-hidden="true" className={styles.chevron}>
          ▾
        </span>
      </Button>
      {open ? (
        <div className={[styles.popup, styles[align]].join(' ')}>
          {header ? <div className={styles.header}>{header}</div> : null}
          <div
            id={`${id}-menu`}
            role="menu"
            tabIndex={-1}
            aria-labelledby={`${id}-trigger`}
            className={styles.menu}
            onKeyDown={onMenuKeyDown}
          >
            {runsOfGroups(items).map((run, runIndex) =>
              run.group === undefined ? (
                run.entries.map(([item, index]) => renderItem(item, index))
              ) : (
                <div
                  key={`group-${runIndex}`}
                  role="group"
                  aria-labelledby={`${id}-group-${runIndex}`}
                >
                  <div
                    id={`${id}-group-${runIndex}`}
                    role="presentation"
                    className={styles.groupLabel}
                  >
                    {run.group}
                  </div>
                  {run.entries.map(([item, index]) => renderItem(item, index))}
                </div>
              ),
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
