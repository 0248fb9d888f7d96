import { endpoints } from '@collective/api-client/contract';
import { MutationObserver, QueryClient } from '@tanstack/query-core';
import { describe, expect, it, vi } from 'vitest';
import type { DataScope } from './data-scope';
import { scopedMutation } from './scoped-mutation';
import {
  endpointQueryKey,
  type QueryScopes,
  type ScopedApi,
} from './scoped-query';

describe('scopedMutation', () => {
  const member3: QueryScopes = {
    scope: { tenant: 'pact', filter: { member_id: 3 } },
    userScope: { tenant: 'pact', filter: {} },
  };

  function setUp(request: (...args: unknown[]) => Promise<unknown>) {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    const writes = {
      ...member3,
      api: { request } as unknown as ScopedApi['api'],
      queryClient,
    };
    const seed = (key: readonly unknown[], data: unknown) =>
      queryClient.setQueryData(key, data);
    const stale = (key: readonly unknown[]) =>
      queryClient.getQueryState(key)?.isInvalidated;
    return { queryClient, writes, seed, stale };
  }

  it('sends the write and, once it settles, invalidates its resource in every scope and nothing else', async () => {
    const request = vi.fn().mockResolvedValue({ success: true });
    const { queryClient, writes, seed, stale } = setUp(request);
    const count = (s: DataScope) =>
      endpointQueryKey(s, endpoints.unreadCount, {
        query: { unread: 'true' },
      });
    const list = endpointQueryKey(
      member3.userScope,
      endpoints.notifications,
      {},
    );
    const otherScope = count({ tenant: 'kiehls', filter: { member_id: 2 } });
    const keys = endpointQueryKey(member3.userScope, endpoints.apiKeys, {});
    seed(count(member3.userScope), { unread_count: 2 });
    seed(list, { notifications: [] });
    seed(otherScope, { unread_count: 5 });
    seed(keys, { keys: [] });

    await new MutationObserver(
      queryClient,
      scopedMutation(writes, endpoints.markRead),
    ).mutate({ params: { id: 4 } });

    expect(request).toHaveBeenCalledWith(endpoints.markRead, {
      params: { id: 4 },
    });
    expect(stale(count(member3.userScope))).toBe(true);
    expect(stale(list)).toBe(true);
    expect(stale(otherScope)).toBe(true);
    expect(stale(keys)).toBe(false);
  });

  it('invalidates every query once it settles when it changes everything (the demo clean-up)', async () => {
    const request = vi.fn().mockResolvedValue({ success: true });
    const { queryClient, writes, seed, stale } = setUp(request);
    const keys = endpointQueryKey(member3.userScope, endpoints.apiKeys, {});
    const list = endpointQueryKey(
      member3.userScope,
      endpoints.notifications,
      {},
    );
    seed(keys, { keys: [] });
    seed(list, { notifications: [] });

    await new MutationObserver(
      queryClient,
      scopedMutation(writes, endpoints.markRead, { invalidates: 'everything' }),
    ).mutate({ params: { id: 4 } });

    expect(stale(keys)).toBe(true);
    expect(stale(list)).toBe(true);
  });

  it('changes the cached answers of its scope at once, and puts them back when the write is refused', async () => {
    let refuse: (error: Error) => void = () => undefined;
    const request = vi.fn(() => new Promise((_, reject) => (refuse = reject)));
    const { queryClient, writes, seed } = setUp(request);
    const count = endpointQueryKey(member3.userScope, endpoints.unreadCount, {
      query: { unread: 'true' },
    });
    const elsewhere = endpointQueryKey(
      { tenant: 'pact', filter: { member_id: 9 } },
      endpoints.unreadCount,
      { query: { unread: 'true' } },
    );
    seed(count, { unread_count: 2 });
    seed(elsewhere, { unread_count: 7 });
    const changed: unknown[] = [];

    const done = new MutationObserver(
      queryClient,
      scopedMutation(writes, endpoints.markAllRead, {
        optimistic: (cache) =>
          changed.push(
            ...cache.update(endpoints.unreadCount, (answer) => ({
              ...answer,
              unread_count: 0,
            })),
          ),
      }),
    )
      .mutate()
      .catch((error: unknown) => error);

    await vi.waitFor(() => expect(request).toHaveBeenCalled());
    expect(queryClient.getQueryData(count)).toEqual({ unread_count: 0 });
    expect(changed).toEqual([{ unread_count: 0 }]);
    // Only the scope of the read changes.
    expect(queryClient.getQueryData(elsewhere)).toEqual({ unread_count: 7 });
    refuse(new Error('refused'));
    expect(await done).toEqual(new Error('refused'));
    expect(queryClient.getQueryData(count)).toEqual({ unread_count: 2 });
  });

  it('sends one Idempotency-Key per mutate for a create, the same on its retry, another on the next mutate', async () => {
    const request = vi
      .fn()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValue({ success: true });
    const { queryClient, writes } = setUp(request);
    const options = {
      ...scopedMutation(writes, endpoints.createSavedView),
      retry: 1,
      retryDelay: 0,
    };
    const body = {
      list: 'stores',
      name: 'Mine',
      visibility: 'private' as const,
      state: '',
    };

    await new MutationObserver(queryClient, options).mutate({ body });
    await new MutationObserver(queryClient, options).mutate({
      body: { ...body },
    });

    const keys = request.mock.calls.map(
      (call) =>
        (call[2] as { idempotencyKey?: string } | undefined)?.idempotencyKey,
    );
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('sends no Idempotency-Key for a write that is not a create', async () => {
    const request = vi.fn().mockResolvedValue({ success: true });
    const { queryClient, writes } = setUp(request);
    await new MutationObserver(
      queryClient,
      scopedMutation(writes, endpoints.revokeApiKey),
    ).mutate({ params: { id: 3 } });
    expect(request.mock.calls[0]).toHaveLength(2);
  });

  it('passes an upload’s transport and idempotency key on to the call', async () => {
    const request = vi.fn().mockResolvedValue({ success: true });
    const { queryClient, writes } = setUp(request);
    const transport = vi.fn();
    const file = new Blob(['Store id,Date,Material,Weight (kg)\n']);
    await new MutationObserver(
      queryClient,
      scopedMutation(writes, endpoints.createG2Upload, {
        transport,
      }),
    ).mutate({
      query: { period_start: '2026-10-01', period_end: '2026-10-31' },
      file,
    });
    // A G2 upload is a create: it carries an Idempotency-Key too.
    expect(request.mock.calls[0]?.[2]).toEqual({
      transport,
      idempotencyKey: expect.any(String),
    });
  });
});
