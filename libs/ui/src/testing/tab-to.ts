import type { UserEvent } from '@testing-library/user-event';

/**
 * Presses Tab until `target` has the focus, as a keyboard user reaches it,
 * stopping when the focus falls back to the page body. The test then checks
 * `document.activeElement` itself, so a control the keyboard cannot reach
 * still fails it.
 */
export async function tabTo(user: UserEvent, target: Element): Promise<void> {
  await user.tab();
  while (
    document.activeElement !== target &&
    document.activeElement !== document.body
  ) {
    await user.tab();
  }
}
