import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  it('has the defaults of specification §9', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: 300_000,
      gcTime: 600_000,
      retry: 1,
      refetchOnWindowFocus: false,
    });
    expect(mutations).toMatchObject({ retry: 1 });
  });
});

describe('failure logging of createQueryClient', () => {
  it('logs the meta text once, after the retry, and nothing for other queries', async () => {
    const log = vi.fn();
    const client = createQueryClient({ log });
    client.setDefaultOptions({
      queries: { ...client.getDefaultOptions().queries, retryDelay: 0 },
    });
    let calls = 0;
    const fail = async () => {
      calls += 1;
      throw new Error('down');
    };
    await client
      .fetchQuery({
        queryKey: ['a'],
        queryFn: fail,
        meta: { failureLog: 'A failed' },
      })
      .catch(() => undefined);
    await client
      .fetchQuery({ queryKey: ['b'], queryFn: fail })
      .catch(() => undefined);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('A failed', expect.any(Error));
    expect(calls).toBe(4);
  });
});
