import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** Below this width (in rem) a {@link DataTable} always shows cards: a phone, a side panel. */
export const CARD_WIDTH_REM = 40;

/**
 * Whether a table shows its rows as cards: when its place is under
 * {@link CARD_WIDTH_REM}, or when its columns need more width than the
 * place has (a ten-column list at 1024 px). The table is measured as a
 * table; from cards it goes back to a table once the place is as wide as
 * the table needed when last measured. `content` (the rows and the columns
 * shown) is measured again whenever it changes. All of this happens before
 * the browser paints, so no frame shows a table wider than the page or
 * words cut in the middle. Where nothing is laid out (a hidden place, a
 * test's DOM) the table stays a table.
 */
export function useCardLayout(content: readonly unknown[]) {
  const place = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const [cards, setCards] = useState(false);
  // The width the table took when it was last measured too wide.
  const needed = useRef(0);

  // New content: what the table needs is not known until it is measured.
  useLayoutEffect(() => {
    needed.current = 0;
  }, content);

  useLayoutEffect(() => {
    const element = place.current;
    if (!element) return undefined;
    const decide = () => {
      const width = element.clientWidth;
      if (width === 0) return;
      const rem =
        parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      const shown = table.current?.offsetWidth ?? 0;
      if (width < CARD_WIDTH_REM * rem) setCards(true);
      else if (!cards && shown > width) {
        needed.current = shown;
        setCards(true);
      } else if (cards && width >= needed.current) setCards(false);
    };
    decide();
    if (typeof ResizeObserver === 'undefined') return undefined;
    // Committed inside the observer's callback, which the browser runs
    // after layout and before the paint: no frame shows the old layout.
    const observer = new ResizeObserver(() => flushSync(decide));
    observer.observe(element);
    return () => observer.disconnect();
  }, [cards, ...content]);

  return { place, table, cards };
}
