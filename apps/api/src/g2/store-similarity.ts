/**
 * Suggestions for a partner store id (decisions D17; docs/decisions/0099):
 * the program stores whose name and address look most like the partner's,
 * by token similarity. Pure and small on purpose: a G2 file names a few
 * hundred stores, the program a few thousand.
 */

/** Words that say nothing about which store it is. */
const STOP_WORDS: ReadonlySet<string> = new Set([
  'the',
  'and',
  'of',
  'store',
  'shop',
  'st',
  'street',
  'rd',
  'road',
  'ave',
  'avenue',
]);

/**
 * The tokens of a text: lowercased, accents dropped, split on anything but
 * letters and digits, stop words and empty tokens removed, each once.
 */
export function tokens(text: string): Set<string> {
  return new Set(
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((token) => token.length > 0 && !STOP_WORDS.has(token)),
  );
}

/**
 * The Dice similarity of two texts' tokens, from 0 (nothing shared) to 1
 * (the same tokens): 2 × shared ÷ (size of one + size of the other).
 * Symmetric; 0 when either has no token.
 */
export function tokenSimilarity(a: string, b: string): number {
  const left = tokens(a);
  const right = tokens(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const token of left) if (right.has(token)) shared += 1;
  return (2 * shared) / (left.size + right.size);
}

/** A program store a suggestion may name. */
export interface CandidateStore {
  id: number;
  name: string;
  address: string;
  city: string;
  member_name: string;
}

/** A suggested store and how alike it is, from 0 to 1. */
export interface ScoredStore {
  store: CandidateStore;
  score: number;
}

/** The least similarity a suggestion needs. */
export const MIN_SUGGESTION_SCORE = 0.25;
/** A mapping whose best suggestion reaches this is `suggested` when first seen. */
export const SUGGESTED_SCORE = 0.5;

/**
 * The stores most like a partner store: the name counts twice as much as
 * the address (with the city), best first (ties by id), at most `limit`,
 * none below {@link MIN_SUGGESTION_SCORE}. With neither a name nor an
 * address, the partner id itself is compared with the names.
 */
export function suggestStores(
  partner: { id: string; name: string | null; address: string | null },
  stores: readonly CandidateStore[],
  limit = 3,
): ScoredStore[] {
  const name = partner.name ?? partner.id;
  const scored: ScoredStore[] = [];
  for (const store of stores) {
    const byName = tokenSimilarity(name, store.name);
    const score =
      partner.address === null
        ? byName
        : (2 * byName +
            tokenSimilarity(
              partner.address,
              `${store.address} ${store.city}`,
            )) /
          3;
    if (score >= MIN_SUGGESTION_SCORE) {
      scored.push({ store, score: Math.round(score * 1000) / 1000 });
    }
  }
  return scored
    .sort((a, b) => b.score - a.score || a.store.id - b.store.id)
    .slice(0, limit);
}
