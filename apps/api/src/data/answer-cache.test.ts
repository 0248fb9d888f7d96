import { describe, expect, it, vi } from 'vitest';
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

  it('makes an answer once for requests that miss the same key and version at once, and keeps it', async () => {
    const cache = createAnswerCache(10);
    let finish: (body: string) => void = () => undefined;
    const make = vi.fn(
      () =>
        new Promise<string>((resolve) => {
          finish = resolve;
        }),
    );
    const burst = Array.from({ length: 50 }, () =>
      cache.answer('regions|m=*', 3, make),
    );
    const other = vi.fn(() => Promise.resolve('V4'));
    const newer = cache.answer('regions|m=*', 4, other);
    finish('R');

    expect(await Promise.all(burst)).toEqual(Array(50).fill('R'));
    expect(make).toHaveBeenCalledTimes(1);
    expect(await newer).toBe('V4');
    expect(other).toHaveBeenCalledTimes(1);
    // The older version's answer, made last, does not replace the newer one.
    expect(cache.get('regions|m=*', 4)).toBe('V4');
  });

  it('shares a failure with those waiting, keeps nothing, and makes the answer again on the next miss', async () => {
    const cache = createAnswerCache(10);
    const failing = vi.fn(() => Promise.reject(new Error('database gone')));
    const both = [cache.answer('a', 1, failing), cache.answer('a', 1, failing)];

    await expect(both[0]).rejects.toThrow('database gone');
    await expect(both[1]).rejects.toThrow('database gone');
    expect(failing).toHaveBeenCalledTimes(1);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(await cache.answer('a', 1, () => Promise.resolve('A'))).toBe('A');
  });

  it('computes every answer with room for none', async () => {
    const cache = createAnswerCache(0);
    const make = vi.fn(() => Promise.resolve('A'));
    await Promise.all([cache.answer('a', 1, make), cache.answer('a', 1, make)]);

    expect(make).toHaveBeenCalledTimes(2);
  });
});
