/*
 * Masks of a consumer's personal data (decisions D19): what lists, exports
 * and a detail show until an admin reveals it. A mask keeps a letter or two
 * to tell rows apart and nothing that identifies the person.
 */

/** The mark that stands for hidden characters. */
export const MASK = '•••';

/** The text shown in place of personal data that was redacted. */
export const REDACTED = '[redacted]';

/** The first character of `text` (a whole code point) followed by {@link MASK}. */
function initial(text: string): string {
  const [first = ''] = Array.from(text.trim());
  return first ? `${first}${MASK}` : MASK;
}

/** `jo@example.com` → `j•••@e•••.com`: the first letters and the top-level domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return MASK;
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${initial(email.slice(0, at))}@${initial(domain.slice(0, dot > 0 ? dot : undefined))}${tld}`;
}

/** `Jo Smith` → `J••• S•••`: each word's first letter. */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words.length === 0 ? MASK : words.map(initial).join(' ');
}

/** A ZIP code's first two digits: `97201` → `97•••`. */
export function maskPostalCode(code: string): string {
  return `${code.slice(0, 2)}${MASK}`;
}
