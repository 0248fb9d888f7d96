/**
 * A delay that can be ended early: the queue's poll loop sleeps in one
 * (woken when a job is enqueued or ends, or the queue stops), and so does
 * the progress reporter between two writes (woken when its attempt ends).
 */
export class WakeableDelay {
  #end: (() => void) | null = null;
  #woken = false;

  /**
   * Resolves after `ms`, or when {@link wake} is called first; at once when
   * it was called since the last wait ended, so no wake-up is lost.
   */
  wait(ms: number): Promise<void> {
    if (this.#woken) {
      this.#woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.#end = null;
        resolve();
      };
      const timer = setTimeout(end, ms);
      this.#end = end;
    });
  }

  /** Ends the current {@link wait} now, or the next one as soon as it begins. */
  wake(): void {
    if (this.#end) this.#end();
    else this.#woken = true;
  }
}
