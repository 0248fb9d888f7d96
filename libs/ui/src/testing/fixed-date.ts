import { afterAll, beforeAll, vi } from 'vitest';

/**
 * Fixes the date the test file's code sees (`Date` only; timers stay real)
 * at `iso` from before its first test until after its last, so periods
 * counted from today give the same answer every day. Call it inside a
 * `describe` or at the top level of the file. Needs Vitest.
 */
export function fixedDate(iso: string): void {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  });
  afterAll(() => vi.useRealTimers());
}
