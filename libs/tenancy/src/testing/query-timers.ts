import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** Node's `setImmediate`, left unfaked: a real turn of the event loop. */
const nextTurn = (callback: () => void): void => {
  (
    globalThis as unknown as { setImmediate(callback: () => void): void }
  ).setImmediate(callback);
};

/**
 * Fakes the timers TanStack Query polls and retries with (`setTimeout`,
 * `setInterval`), leaving fetches and the event loop real, so a test can
 * run minutes of polling at once with {@link advanceQueryTimers}. Undo with
 * `vi.useRealTimers()` (in an `afterEach`).
 */
export function fakeQueryTimers(): void {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
  });
}

/**
 * Runs the faked timers for `ms`, then a few real turns of the event loop
 * (left unfaked) for the fake backend's answers to arrive and render.
 */
export async function advanceQueryTimers(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let turn = 0; turn < 5; turn += 1)
      await new Promise<void>((resolve) => nextTurn(resolve));
  });
}
