import { endpoints } from '@collective/api-client/contract';
import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../testing';
import { useScopedQuery } from './use-scoped-query';

const { backend, server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

/** Every text the stores component rendered, in order: what any frame showed. */
let frames: string[] = [];
const everShown = (text: string, from = 0) =>
  frames.slice(from).some((frame) => frame.includes(text));

function Stores() {
  const [page, setPage] = useState(1);
  const stores = useScopedQuery(
    endpoints.stores,
    { query: { page: String(page), page_size: '20' } },
    { keepPreviousWhileChanging: ['page'] },
  );
  const text = stores.data
    ? `Page ${stores.data.page}: ${stores.data.total} stores of ${stores.data.scope.member_name ?? 'the collective'}${stores.isPlaceholderData ? ' (previous)' : ''}`
    : 'Loading the stores';
  frames.push(text);
  return (
    <>
      <p>{text}</p>
      <button onClick={() => setPage((p) => p + 1)}>Next</button>
    </>
  );
}

/** Holds the answers of GET /api/stores that `when` picks until released; the fake backend answers then. */
function holdStores(when: (url: URL) => boolean) {
  const held = {
    release: () => undefined as void,
    arrived: false,
    aborted: false,
  };
  const gate = new Promise<void>((resolve) => (held.release = resolve));
  server.use(
    http.get(`${TEST_ORIGIN}/api/stores`, async ({ request }) => {
      if (!when(new URL(request.url))) return;
      held.arrived = true;
      request.signal.addEventListener('abort', () => (held.aborted = true));
      await gate;
    }),
  );
  return held;
}

const memberOf = (url: URL) => url.searchParams.get('member_id');

describe('useScopedQuery', () => {
  it('never renders the previous member’s data after a switch, even with the previous page kept for paging', async () => {
    frames = [];
    const { tenancy } = await renderWithShell(<Stores />, {
      signedInAs: 'admin',
    });
    expect(
      await screen.findByText('Page 1: 28 stores of the collective'),
    ).toBeInTheDocument();
    const held = holdStores((url) => memberOf(url) === '3');
    const from = frames.length;
    act(() => tenancy.selectMember(3));
    expect(screen.getByText('Loading the stores')).toBeInTheDocument();
    await waitFor(() => expect(held.arrived).toBe(true));
    held.release();
    expect(
      await screen.findByText(/^Page 1: \d+ stores of Lumen Skincare$/),
    ).toBeInTheDocument();
    expect(everShown('the collective', from)).toBe(false);
    expect(backend.calls('/api/stores').map((r) => r.search)).toEqual([
      '?page=1&page_size=20',
      '?member_id=3&page=1&page_size=20',
    ]);
  });

  it('never renders the answer of the previous member that was still on its way, and cancels it', async () => {
    frames = [];
    const held = holdStores((url) => memberOf(url) === null);
    const { tenancy } = await renderWithShell(<Stores />, {
      signedInAs: 'admin',
    });
    await waitFor(() => expect(held.arrived).toBe(true));
    act(() => tenancy.selectMember(3));
    held.release();
    expect(
      await screen.findByText(/^Page 1: \d+ stores of Lumen Skincare$/),
    ).toBeInTheDocument();
    expect(held.aborted).toBe(true);
    expect(everShown('the collective')).toBe(false);
  });

  it('keeps the previous page on screen while the next loads, but not across a member switch', async () => {
    frames = [];
    const { tenancy } = await renderWithShell(<Stores />, {
      signedInAs: 'admin',
    });
    await screen.findByText('Page 1: 28 stores of the collective');
    const page2 = holdStores((url) => url.searchParams.get('page') === '2');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      screen.getByText('Page 1: 28 stores of the collective (previous)'),
    ).toBeInTheDocument();
    const from = frames.length;
    act(() => tenancy.selectMember(3));
    expect(screen.getByText('Loading the stores')).toBeInTheDocument();
    page2.release();
    expect(
      await screen.findByText(/^Page 2: \d+ stores of Lumen Skincare$/),
    ).toBeInTheDocument();
    expect(everShown('the collective', from)).toBe(false);
  });

  it("keys the user's own records by the user's scope: choosing a member neither refetches them nor sends a member_id", async () => {
    backend.setUnread('admin', 4);
    function Count() {
      const count = useScopedQuery(endpoints.unreadCount, {
        query: { unread: 'true' },
      });
      return <p>{count.data ? `${count.data.unread_count} unread` : '…'}</p>;
    }
    const { tenancy } = await renderWithShell(<Count />, {
      signedInAs: 'admin',
    });
    await screen.findByText('4 unread');
    act(() => tenancy.selectMember(3));
    expect(screen.getByText('4 unread')).toBeInTheDocument();
    expect(backend.calls('/api/notifications').map((r) => r.search)).toEqual([
      '?unread=true',
    ]);
  });
});
