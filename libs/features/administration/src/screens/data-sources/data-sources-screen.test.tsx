import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import DataSourcesScreen from '../data-sources-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

const feed = (
  source: string,
  name: string,
  cadence: number,
  freshness: string,
  lastStatus: string | null,
  failures = 0,
) => ({
  source,
  name,
  description: `${name} brings data in.`,
  cadence_hours: cadence,
  last_success_at: freshness === 'never' ? null : '2026-11-20T09:00:00.000Z',
  last_run_at: lastStatus ? '2026-11-24T08:00:00.000Z' : null,
  last_status: lastStatus,
  freshness,
  failures_30d: failures,
});

const FEEDS = {
  scope: { member_id: null, member_name: null },
  as_of: '2026-11-25T03:00:00.000Z',
  grace_factor: 1.5,
  feeds: [
    feed('g2', 'G2 partner file', 168, 'late', 'failed', 2),
    feed('kiosks', 'Kiosks', 1, 'fresh', 'ok'),
    feed('mailback', 'Mail-back forms', 24, 'fresh', 'ok'),
    feed('warehouse', 'Warehouse entry', 24, 'fresh', 'warning', 1),
  ],
};

const line = (
  id: number,
  source: string,
  status: string,
  member: string | null,
) => ({
  id,
  source,
  started_at: `2026-11-2${id % 5}T08:00:00.000Z`,
  finished_at: `2026-11-2${id % 5}T08:00:10.000Z`,
  status,
  rows: id * 10,
  message: `Run ${id} of ${source}`,
  member_id: member ? 2 : null,
  member_name: member,
});

/** Serves the feeds and the log, and records each log request's query. */
function serve(feeds: object = FEEDS) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(`${TEST_ORIGIN}/api/ingestion-logs/feeds`, () =>
      HttpResponse.json(feeds),
    ),
    http.get(`${TEST_ORIGIN}/api/saved-views`, ({ request }) =>
      HttpResponse.json({
        success: true,
        views:
          new URL(request.url).searchParams.get('list') === 'ingestion-logs'
            ? [
                {
                  id: 1,
                  list: 'ingestion-logs',
                  name: 'Failed G2 files',
                  visibility: 'private',
                  state: 'source=g2&status=failed',
                  mine: true,
                  owner_name: 'Super',
                  version: 1,
                  updated_at: '2026-11-24T08:00:00.000Z',
                },
              ]
            : [],
      }),
    ),
    http.get(`${TEST_ORIGIN}/api/ingestion-logs`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const all = [
        line(1, 'g2', 'failed', null),
        line(2, 'warehouse', 'warning', "Kiehl's"),
        line(3, 'kiosks', 'ok', "Kiehl's"),
      ].filter(
        (l) =>
          (!query.get('source') || l.source === query.get('source')) &&
          (!query.get('status') || l.status === query.get('status')),
      );
      return HttpResponse.json({
        scope: (feeds as typeof FEEDS).scope,
        ingestion_logs: all,
        page: 1,
        page_size: 25,
        total: all.length,
      });
    }),
  );
  return queries;
}

describe('DataSourcesScreen', () => {
  it('shows every feed with its cadence and freshness, the late one flagged in words, and a summary', async () => {
    serve();
    await renderWithShell(<DataSourcesScreen />, {
      signedInAs: 'super',
      route: '/data-sources',
    });
    const table = await screen.findByRole('table', {
      name: /Feeds and their health/,
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map(
        (row) => within(row).getByRole('rowheader').firstChild?.textContent,
      ),
    ).toEqual([
      'G2 partner file',
      'Kiosks',
      'Mail-back forms',
      'Warehouse entry',
    ]);
    const g2 = within(rows[0] as HTMLElement);
    expect(g2.getByText('Weekly')).toBeVisible();
    expect(g2.getByText('Late')).toBeVisible();
    expect(g2.getByText('Failed')).toBeVisible();
    expect(
      within(rows[1] as HTMLElement).getByText('Every hour'),
    ).toBeVisible();
    expect(within(rows[1] as HTMLElement).getByText('On time')).toBeVisible();
    const summary = screen.getByText('Late or never received').closest('div');
    expect(summary).toHaveTextContent('1: G2 partner file');
    expect(
      screen.getByText('Failed runs, 30 days').closest('div'),
    ).toHaveTextContent('3');
  });

  it('filters the log by feed and status through the URL, asking the server each time, and shows the member of each line for the collective', async () => {
    const queries = serve();
    await renderWithShell(<DataSourcesScreen />, {
      signedInAs: 'super',
      route: '/data-sources',
    });
    const log = await screen.findByRole('table', { name: '3 runs' });
    expect(
      within(log).getByRole('columnheader', { name: 'Member' }),
    ).toBeInTheDocument();
    expect(within(log).getByText('The collective')).toBeInTheDocument();

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Feed' }),
      'g2',
    );
    await screen.findByRole('table', { name: '1 runs' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Status' }),
      'failed',
    );
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('failed'));
    expect(queries.at(-1)?.get('source')).toBe('g2');
    expect(screen.getByText('Run 1 of g2')).toBeVisible();

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Started' }),
      '7d',
    );
    await waitFor(() =>
      expect(queries.at(-1)?.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/),
    );
  });

  it("opens a feed's runs in the log from its row", async () => {
    const queries = serve();
    await renderWithShell(<DataSourcesScreen />, {
      signedInAs: 'super',
      route: '/data-sources',
    });
    await screen.findByRole('table', { name: '3 runs' });
    await userEvent.click(
      await screen.findByRole('link', { name: 'Its runs of Warehouse entry' }),
    );
    await waitFor(() =>
      expect(queries.at(-1)?.get('source')).toBe('warehouse'),
    );
    expect(await screen.findByRole('table', { name: '1 runs' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Feed' })).toHaveValue(
      'warehouse',
    );
  });

  it('applies a saved view of the log, asking the server for its filters', async () => {
    const queries = serve();
    await renderWithShell(<DataSourcesScreen />, {
      signedInAs: 'super',
      route: '/data-sources',
    });
    await screen.findByRole('table', { name: '3 runs' });
    await userEvent.click(screen.getByRole('button', { name: /Saved views/ }));
    await userEvent.click(
      await screen.findByRole('menuitem', { name: /Failed G2 files/ }),
    );
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('failed'));
    expect(queries.at(-1)?.get('source')).toBe('g2');
    expect(await screen.findByRole('table', { name: '1 runs' })).toBeVisible();
  });

  it("shows a brand admin their member's runs without a member column, and says when no feed is late", async () => {
    serve({
      ...FEEDS,
      scope: { member_id: 2, member_name: "Kiehl's" },
      feeds: FEEDS.feeds.filter(
        (f) => f.source !== 'mailback' && f.source !== 'g2',
      ),
    });
    await renderWithShell(<DataSourcesScreen />, {
      signedInAs: 'brandAdmin',
      route: '/data-sources',
    });
    const log = await screen.findByRole('table', { name: "3 runs of Kiehl's" });
    expect(
      within(log).queryByRole('columnheader', { name: 'Member' }),
    ).toBeNull();
    expect(
      screen.getByText('Late or never received').closest('div'),
    ).toHaveTextContent('None');
  });

  it('offers a retry when the feeds cannot be read, and shows them once they can', async () => {
    serve();
    let calls = 0;
    server.use(
      http.get(`${TEST_ORIGIN}/api/ingestion-logs/feeds`, () => {
        calls += 1;
        // The query client retries once before it shows the error.
        return calls <= 2
          ? HttpResponse.json({ error: 'Server error' }, { status: 500 })
          : HttpResponse.json(FEEDS);
      }),
    );
    await renderWithShell(<DataSourcesScreen />, {
      signedInAs: 'admin',
      route: '/data-sources',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('table', { name: /Feeds and their health/ }),
    ).toBeVisible();
  });
});
