import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

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
