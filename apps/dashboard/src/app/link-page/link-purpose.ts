/*
 * Which public page a mailed link opens, kept apart from the page itself so
 * the entry can tell without loading it (the page is its own chunk).
 */

/** The public pages a mailed link opens (decisions D16), outside the signed-in shell. */
export const LINK_PAGES = {
  '/accept-invitation': 'invitation',
  '/reset-password': 'password_reset',
} as const;

/** The purpose of the link page at `pathname`, or `null` when it is not one. */
export function linkPurposeOf(
  pathname: string,
): (typeof LINK_PAGES)[keyof typeof LINK_PAGES] | null {
  return (
    LINK_PAGES[pathname.replace(/\/+$/, '') as keyof typeof LINK_PAGES] ?? null
  );
}
