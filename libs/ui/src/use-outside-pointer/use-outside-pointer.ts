import { useEffect, type RefObject } from 'react';

/**
 * While `active`, calls `onOutside` when a pointer goes down outside the
 * element of `ref`: how a popup (menu, disclosure panel) closes on a click
 * elsewhere.
 */
export function useOutsidePointer(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onOutside: () => void,
): void {
  useEffect(() => {
    if (!active) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) onOutside();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [ref, active, onOutside]);
}
