/** Badge cap of the header bell (specification §9). */
export const HEADER_BADGE_CAP = 99;
/** Badge cap of the mobile sheet (specification §9). */
export const MOBILE_BADGE_CAP = 9;

/**
 * Text of an unread badge: null (no badge) at 0 or for nonsense, the number up
 * to `cap`, `"{cap}+"` above it (decisions D7).
 */
export function formatBadge(count: number, cap: number): string | null {
  if (!Number.isFinite(count) || count < 1) return null;
  return count > cap ? `${cap}+` : String(Math.floor(count));
}
