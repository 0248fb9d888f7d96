import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MIN_SUGGESTION_SCORE,
  suggestStores,
  tokenSimilarity,
  tokens,
  type CandidateStore,
} from './store-similarity';

const word = fc.stringMatching(/^[a-z]{3,8}$/);
const text = fc
  .array(word, { minLength: 1, maxLength: 6 })
  .map((w) => w.join(' '));

const store = (
  id: number,
  name: string,
  address = '',
  city = '',
): CandidateStore => ({
  id,
  name,
  address,
  city,
  member_name: 'Member',
});

describe('tokenSimilarity', () => {
  it('is symmetric and between 0 and 1', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const score = tokenSimilarity(a, b);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
        expect(tokenSimilarity(b, a)).toBe(score);
      }),
    );
  });

  it('is 1 for the same words in any order, case or accents', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), (words) => {
        fc.pre(tokens(words.join(' ')).size > 0);
        const shuffled = [...words].reverse().join('  ').toUpperCase();
        expect(tokenSimilarity(words.join(' '), shuffled)).toBe(1);
      }),
    );
    expect(
      tokenSimilarity('Kiehl’s Café Montréal', 'kiehl s cafe montreal'),
    ).toBe(1);
  });

  it('is 0 when no word is shared', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        const left = tokens(a);
        fc.pre([...tokens(b)].every((t) => !left.has(t)));
        expect(tokenSimilarity(a, b)).toBe(0);
      }),
    );
  });

  it('never falls when both sides gain the same new word', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        const extra = 'zzqqx';
        expect(
          tokenSimilarity(`${a} ${extra}`, `${b} ${extra}`),
        ).toBeGreaterThanOrEqual(tokenSimilarity(a, b));
      }),
    );
  });
});

describe('suggestStores', () => {
  it('puts the store of the same name first, and never suggests below the floor', () => {
    const stores = [
      store(1, 'Union Square', '1 Broadway', 'New York'),
      store(2, 'Harbour Point', '12 Quay Street', 'Boston'),
      store(3, 'Harbour View Mall', '9 Main', 'Portland'),
    ];
    const found = suggestStores(
      {
        id: 'KS-9',
        name: 'Harbour Point Store',
        address: '12 Quay St, Boston',
      },
      stores,
    );
    expect(found[0]?.store.id).toBe(2);
    expect(found[0]?.score).toBe(1);
    expect(found.every((s) => s.score >= MIN_SUGGESTION_SCORE)).toBe(true);
    expect(found.map((s) => s.store.id)).not.toContain(1);
  });

  it('answers at most `limit`, best first, for any stores', () => {
    fc.assert(
      fc.property(
        fc.array(text, { maxLength: 20 }),
        text,
        fc.integer({ min: 1, max: 5 }),
        (names, partner, limit) => {
          const stores = names.map((name, i) => store(i + 1, name));
          const found = suggestStores(
            { id: 'P', name: partner, address: null },
            stores,
            limit,
          );
          expect(found.length).toBeLessThanOrEqual(limit);
          for (let i = 1; i < found.length; i += 1) {
            expect(
              (found[i - 1] as { score: number }).score,
            ).toBeGreaterThanOrEqual((found[i] as { score: number }).score);
          }
        },
      ),
    );
  });
});
