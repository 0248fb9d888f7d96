import { ANSWER_CACHE_MAX_ENTRIES } from '../constants';

/**
 * The JSON text of recent data answers, per question, each tagged with the
 * version of the rollups it was computed from (docs/decisions/0032). A
 * request reads the current version (one small query) and reuses an answer
 * only of that version, so a change of the data, made by any server process,
 * is never hidden: the next request computes afresh. The key must hold
 * everything the answer depends on: the route, the data scope, the month,
 * the query.
 */
export interface AnswerCache {
  /** The answer to `key` computed from `version` of the data, or `undefined`. */
  get(key: string, version: number): string | undefined;
  /**
   * Keeps an answer (unless one of a newer version is kept); the least
   * recently used goes when the cache is full.
   */
  set(key: string, version: number, body: string): void;
  /**
   * The answer to `key` at `version`: kept, or made by `make` and kept.
   * Requests that miss the same key and version while it is being made
   * wait for that one computation instead of each starting its own (a
   * burst on a cold cache would otherwise run one heavy query per
   * connection). A failure is shared by those waiting and not kept.
   */
  answer(
    key: string,
    version: number,
    make: () => Promise<string>,
  ): Promise<string>;
}

interface Entry {
  version: number;
  body: string;
}

/** Creates an {@link AnswerCache} holding at most `maxEntries` answers (0: none). */
export function createAnswerCache(
  maxEntries: number = ANSWER_CACHE_MAX_ENTRIES,
): AnswerCache {
  const entries = new Map<string, Entry>();
  const making = new Map<string, Promise<string>>();
  const cache: AnswerCache = {
    get(key, version) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version !== version) {
        entries.delete(key);
        return undefined;
      }
      // Most recently used last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, entry);
      return entry.body;
    },
    set(key, version, body) {
      if (maxEntries <= 0) return;
      // Versions only grow: an answer made from older data, finishing
      // late, never replaces a newer one.
      if ((entries.get(key)?.version ?? -Infinity) > version) return;
      entries.delete(key);
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      entries.set(key, { version, body });
    },
    answer(key, version, make) {
      const kept = cache.get(key, version);
      if (kept !== undefined) return Promise.resolve(kept);
      // With room for none, every answer is computed (for measuring).
      if (maxEntries <= 0) return make();
      const flight = `${version}|${key}`;
      const pending = making.get(flight);
      if (pending) return pending;
      const made = make().then(
        (body) => {
          making.delete(flight);
          cache.set(key, version, body);
          return body;
        },
        (error: unknown) => {
          making.delete(flight);
          throw error;
        },
      );
      making.set(flight, made);
      return made;
    },
  };
  return cache;
}
