import { describe, expect, it } from 'vitest';
import { ProgressReporter, type ProgressReport } from './progress-reporter';
import { sleep } from './testing/job-testing';

describe('ProgressReporter', () => {
  const recorder = (writeMs = 0) => {
    const written: ProgressReport[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const reporter = new ProgressReporter(async (report) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await sleep(writeMs);
      written.push(report);
      inFlight -= 1;
    }, 100);
    return { reporter, written, mostInFlight: () => mostInFlight };
  };

  it('writes the first report at once and then only the latest one per interval, one write at a time', async () => {
    const { reporter, written, mostInFlight } = recorder(10);

    for (let row = 1; row <= 1000; row += 1) {
      reporter.report({ fraction: row / 1000, note: `${row} rows` });
    }
    await sleep(30);
    const afterFirstWrite = written.length;
    await sleep(150);

    expect(afterFirstWrite).toBe(1);
    expect(written).toEqual([
      { fraction: 0.001, note: '1 rows' },
      { fraction: 1, note: '1000 rows' },
    ]);
    expect(mostInFlight()).toBe(1);
  });

  it('writes the last waiting report at once on close, and nothing after', async () => {
    const { reporter, written } = recorder();
    reporter.report({ fraction: 0.1, note: null });
    reporter.report({ fraction: 0.9, note: 'almost' });
    const closing = performance.now();

    await reporter.close();
    const closeMs = performance.now() - closing;
    reporter.report({ fraction: 1, note: 'too late' });
    await sleep(150);

    expect(closeMs).toBeLessThan(90);
    expect(written).toEqual([
      { fraction: 0.1, note: null },
      { fraction: 0.9, note: 'almost' },
    ]);
  });
});
