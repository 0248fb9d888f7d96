import { describe, expect, it, vi } from 'vitest';
import { idParam } from './id-param';

/** The URL `query` and a setter that records what it is given. */
function url(query: string) {
  const set = vi.fn<(next: URLSearchParams) => void>();
  return { pair: [new URLSearchParams(query), set] as const, set };
}

describe('idParam', () => {
  it('reads the id of its parameter', () => {
    expect(idParam('user', url('user=6&page=2').pair).id).toBe(6);
  });

  it('is null without the parameter, or when it is not a record id', () => {
    for (const query of [
      '',
      'user=',
      'user=0',
      'user=-3',
      'user=1.5',
      'user=abc',
      'user=12345678901',
    ]) {
      expect(idParam('user', url(query).pair).id).toBeNull();
    }
  });

  it('opens another id and closes it, keeping the other parameters', () => {
    const { pair, set } = url('user=6&page=2');
    const { setId } = idParam('user', pair);
    setId(9);
    expect(set.mock.lastCall?.[0].toString()).toBe('user=9&page=2');
    setId(null);
    expect(set.mock.lastCall?.[0].toString()).toBe('page=2');
  });
});
