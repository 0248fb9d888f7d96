import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';

/**
 * Checks a failed screen's Retry: the failure shows as an alert, and pressing
 * Retry asks the server again (`asked` grows, as `answerGet` records it).
 * Needs Vitest.
 */
export async function expectRetryAsksAgain(
  asked: readonly unknown[],
): Promise<void> {
  await screen.findByRole('alert');
  const before = asked.length;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(asked.length).toBeGreaterThan(before));
}

/**
 * The test that a screen shows its read's failure with Retry, which asks
 * again: `answerWith` (from `answerGet`) answers with a server error, `open`
 * shows the screen, then {@link expectRetryAsksAgain}. Needs Vitest.
 */
export function itRetriesAfterAFailure(
  answerWith: (answer: object, status?: number) => readonly unknown[],
  open: () => Promise<unknown>,
): void {
  it('shows a failure with Retry, which asks again', async () => {
    const asked = answerWith(
      { error: 'Internal Server Error', message: 'The server failed.' },
      500,
    );
    await open();
    await expectRetryAsksAgain(asked);
  });
}
