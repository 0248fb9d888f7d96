import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEED_GRACE_FACTOR, feedFreshness } from './ingestion-logs-endpoints';

const HOUR = 3_600_000;

describe('feedFreshness', () => {
  afterEach(() => vi.useRealTimers());

  it('is never without a last success, whatever the cadence and time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.date({ noInvalidDate: true }),
        (cadence, now) => {
          expect(feedFreshness(null, cadence, now)).toBe('never');
        },
      ),
    );
  });

  it('is late exactly when the last success is older than the cadence times the grace factor', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.double({ min: 1, max: 4, noNaN: true }),
        fc.integer({ min: -1_000 * HOUR, max: 100_000 * HOUR }),
        (cadence, grace, ageMs) => {
          const now = new Date(Date.UTC(2026, 10, 25));
          const last = new Date(now.getTime() - ageMs);
          expect(feedFreshness(last, cadence, now, grace)).toBe(
            ageMs > cadence * grace * HOUR ? 'late' : 'fresh',
          );
        },
      ),
    );
  });

  it('only ever goes from fresh to late as time passes, never back without a new success', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.array(fc.integer({ min: 0, max: 200 * HOUR }), {
          minLength: 1,
          maxLength: 20,
        }),
        (cadence, steps) => {
          const last = new Date(Date.UTC(2026, 0, 1));
          let now = last.getTime();
          let wasLate = false;
          for (const step of steps) {
            now += step;
            const late = feedFreshness(last, cadence, new Date(now)) === 'late';
            if (wasLate) expect(late).toBe(true);
            wasLate = late;
          }
        },
      ),
    );
  });

  it('flags a daily feed late once 36 hours pass on the clock, and not a moment before', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T08:00:00Z'));
    const lastSuccess = new Date();
    const judge = () => feedFreshness(lastSuccess, 24, new Date());

    expect(FEED_GRACE_FACTOR).toBe(1.5);
    expect(judge()).toBe('fresh');
    vi.advanceTimersByTime(36 * HOUR);
    expect(judge()).toBe('fresh');
    vi.advanceTimersByTime(1);
    expect(judge()).toBe('late');
  });
});
