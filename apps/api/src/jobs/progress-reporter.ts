/**
 * Coalesces a handler's progress reports into few database writes: at most
 * one write in flight and one per interval, always the latest value, so a
 * handler may report on every row without flooding the database or
 * waiting for it.
 */
import { WakeableDelay } from './wakeable-delay';

/** One progress report. */
export interface ProgressReport {
  /** How far the job is, from 0 to 1. */
  fraction: number;
  /** A short note on it, or `null` to keep the last one. */
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
  readonly #pause = new WakeableDelay();

  /** `write` records a report; `intervalMs` is the least time between two writes. */
  constructor(write: ProgressWriter, intervalMs: number) {
    this.#write = write;
    this.#intervalMs = intervalMs;
  }

  /**
   * Queues `report`, replacing any not yet written; it is written at once
   * when no write was made within the interval, else at the interval's end.
   * Never waits for the database. Ignored after {@link close}.
   */
  report(report: ProgressReport): void {
    if (this.#closed) return;
    this.#pending = report;
    this.#draining ??= this.#drain();
  }

  /** Stops taking reports, writes the last one still waiting at once, and waits for the writes. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#pause.wake();
    await this.#draining;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#pending !== null) {
        const wait = this.#lastWriteAt + this.#intervalMs - Date.now();
        if (wait > 0 && !this.#closed) {
          await this.#pause.wait(wait);
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
