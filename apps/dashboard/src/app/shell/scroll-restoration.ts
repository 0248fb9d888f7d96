import type { Platform } from '@collective/platform';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** What {@link useScrollRestoration} needs of the platform. */
export type ScrollPlatform = Pick<
  Platform,
  'scrollY' | 'scrollTo' | 'onScroll'
>;

/**
 * Back and Forward land where the page was scrolled when the user left that
 * history entry (a list left for a detail); any other navigation (a link, a
 * redirect) starts at the top, unless it targets a `#fragment`. Positions are
 * remembered per history entry, in memory, while the shell is mounted; on a
 * reload the browser restores the position itself. React Router's own
 * `<ScrollRestoration>` needs its data router, which costs ~20 KB gzip more
 * on every signed-in page (docs/decisions/0026).
 */
export function useScrollRestoration(platform: ScrollPlatform): void {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const currentKey = useRef(key);

  useEffect(
    () =>
      platform.onScroll(() => {
        positions.current.set(currentKey.current, platform.scrollY());
      }),
    [platform],
  );

  // Before paint, so the new screen never shows at the old position.
  useLayoutEffect(() => {
    currentKey.current = key;
    const saved = positions.current.get(key);
    if (navigationType === 'POP') {
      if (saved !== undefined) platform.scrollTo(saved);
    } else if (!hash) {
      platform.scrollTo(0);
    }
  }, [key, hash, navigationType, platform]);
}
