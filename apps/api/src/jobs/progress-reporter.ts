/**
 * Coalesces a handler's progress reports into few database writes: at most
 * one write in flight and one per interval, always the latest value, so a
 * handler may report on every row without flooding the database.
 */

/** One progress report: a fraction from 0 to 1 and an optional note. */
export interface ProgressReport {
  fraction: number;
  note: string | null;
}

/** Writes a report; must not throw (it logs its own failures). */
export type ProgressWriter = (report: ProgressReport) => Promise<void>;

/** See the module comment. */
export class ProgressReporter {
  readonly #write: ProgressWriter;
  readonly #intervalMs: number;
  #pending: ProgressReport | null = null;
  #draining: Promise<void> | null = null;
  #lastWriteAt = Number.NEGATIVE_INFINITY;
  #closed = false;

  /** `write` records a report; `intervalMs` is the least time between two writes. */
  constructor(write: ProgressWriter, intervalMs: number) {
    this.#write = write;
    this.#intervalMs = intervalMs;
  }

  /**
   * Queues `report` (replacing any not yet written) and resolves once it,
   * or a later report, is written. Ignored after {@link close}.
   */
  report(report: ProgressReport): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#pending = report;
    this.#draining ??= this.#drain();
    return this.#draining;
  }

  /** Stops taking reports and waits for the write in flight, dropping any still waiting. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#pending = null;
    await this.#draining;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#pending !== null && !this.#closed) {
        const wait = this.#lastWriteAt + this.#intervalMs - Date.now();
        if (wait > 0) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          continue;
        }
        const next = this.#pending;
        this.#pending = null;
        this.#lastWriteAt = Date.now();
        await this.#write(next);
      }
    } finally {
      this.#draining = null;
    }
  }
}
