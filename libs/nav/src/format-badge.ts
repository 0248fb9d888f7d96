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

/**
 * The accessible name of the notification bell: it says the number, not the
 * capped badge ("Notifications, 150 unread"), and just "Notifications" when
 * nothing is unread.
 */
export function notificationsLabel(count: number): string {
  return formatBadge(count, Number.POSITIVE_INFINITY) === null
    ? 'Notifications'
    : `Notifications, ${Math.floor(count)} unread`;
}
