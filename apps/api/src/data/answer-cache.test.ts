import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache';

describe('createAnswerCache', () => {
  it('returns an answer only for the data version it was computed from', () => {
    const cache = createAnswerCache(10);
    cache.set('summary|m=*', 7, '{"a":1}');

    expect(cache.get('summary|m=*', 7)).toBe('{"a":1}');
    expect(cache.get('summary|m=*', 8)).toBeUndefined();
    // An answer of an older version is gone for good.
    expect(cache.get('summary|m=*', 7)).toBeUndefined();
    expect(cache.get('summary|m=2', 7)).toBeUndefined();
  });

  it('drops the least recently used answer when full', () => {
    const cache = createAnswerCache(2);
    cache.set('a', 1, 'A');
    cache.set('b', 1, 'B');
    cache.get('a', 1);
    cache.set('c', 1, 'C');

    expect(cache.get('a', 1)).toBe('A');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBe('C');
  });

  it('keeps nothing with room for none', () => {
    const cache = createAnswerCache(0);
    cache.set('a', 1, 'A');

    expect(cache.get('a', 1)).toBeUndefined();
  });
});
