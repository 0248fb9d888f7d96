import {
  useLayoutEffect,
  useRef,
  useState,
  type Ref,
  type TableHTMLAttributes,
} from 'react';
import styles from './plain-table.module.css';

/** Props of {@link PlainTable}: those of a `<table>`, its `ref` included. */
export interface PlainTableProps extends TableHTMLAttributes<HTMLTableElement> {
  ref?: Ref<HTMLTableElement>;
  /**
   * The name of the frame's region while it scrolls, when the table has no
   * caption to lend it (e.g. a table named by its section's heading, whose
   * name the region must not repeat).
   */
  scrollLabel?: string;
}

/**
 * The frame's name while it scrolls (its table's caption), or `null` while
 * the table fits: a frame that scrolls sideways must be reachable by
 * keyboard to be scrolled without a pointer.
 */
function useSidewaysScroll(
  frame: { current: HTMLDivElement | null },
  label: string | undefined,
) {
  const [name, setName] = useState<string | null>(null);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    const measure = () =>
      setName(
        element.scrollWidth > element.clientWidth
          ? (label ?? element.querySelector('caption')?.textContent ?? 'Table')
          : null,
      );
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    const table = element.firstElementChild;
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [frame, label]);
  return name;
}

/**
 * A native `<table>` in a bordered frame that scrolls sideways when the table
 * is wider than the page, with the theme's cell padding, rules and muted
 * column headings: for short tables that need none of {@link DataTable}'s
 * sorting, paging or cards. While it scrolls, the frame is a region named
 * by the caption that the keyboard reaches (Tab, then the arrow keys).
 * The caller writes the caption, head and body; `className` adds to the
 * table's own class.
 */
export function PlainTable({
  className,
  scrollLabel,
  ...rest
}: PlainTableProps) {
  const frame = useRef<HTMLDivElement>(null);
  const scrolling = useSidewaysScroll(frame, scrollLabel);
  return (
    <div
      ref={frame}
      className={styles.frame}
      {...(scrolling === null
        ? {}
        : { tabIndex: 0, role: 'region', 'aria-label': scrolling })}
    >
      <table
        className={[styles.table, className ?? ''].filter(Boolean).join(' ')}
        {...rest}
      />
    </div>
  );
}
