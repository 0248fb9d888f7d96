/**
 * A small seeded pseudo-random number generator for the demo data: the same
 * seed gives the same numbers on every machine and Node version, which
 * `Math.random` does not. Not for anything secret (`node:crypto` is).
 */

/** A source of numbers in [0, 1), as `Math.random` but seeded. */
export interface Random {
  /** The next number in [0, 1). */
  next(): number;
  /** A number in [min, max). */
  between(min: number, max: number): number;
  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number;
  /** `true` with the given probability. */
  chance(probability: number): boolean;
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /**
   * A key of `weights` chosen in proportion to its weight. An object's
   * weights are read on its first use only: pass constants.
   */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
}

/**
 * Mixes whole numbers into one 32-bit seed (the finaliser of MurmurHash3
 * over each part), so `(seed, store 1)` and `(seed, store 2)` start
 * unrelated sequences.
 */
export function mixSeed(...parts: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** The entries of a weights object and their sum, worked out once per object. */
const weightTables = new WeakMap<
  object,
  { entries: [string, number][]; total: number }
>();

function weightTable(weights: Readonly<Record<string, number>>): {
  entries: [string, number][];
  total: number;
} {
  let table = weightTables.get(weights);
  if (!table) {
    const entries = Object.entries(weights);
    table = {
      entries,
      total: entries.reduce((sum, [, weight]) => sum + weight, 0),
    };
    weightTables.set(weights, table);
  }
  return table;
}

/** Mulberry32: 32 bits of state, fast, and good enough for demo figures. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor((max - min + 1) * next()),
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(items.length * next())];
      if (item === undefined)
        throw new RangeError('pick() needs a non-empty list');
      return item;
    },
    weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
      const { entries, total } = weightTable(weights);
      let left = next() * total;
      for (const [key, weight] of entries) {
        left -= weight;
        if (left < 0) return key as K;
      }
      const last = entries[entries.length - 1];
      if (!last) throw new RangeError('weighted() needs at least one weight');
      return last[0] as K;
    },
  };
}
