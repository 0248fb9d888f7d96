import {
  reportEndpoints,
  type ReportRun,
} from '@collective/api-client/contract';
import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { monthOf } from './report-fields';
import ReportGeneratorScreen from './report-generator-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

const ID = '0b7f6c1e-3c1a-4d7e-9b5f-2f7c1d9e8a01';
const OLD_ID = '5a1e2f3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b';

const RUNNING: ReportRun = {
  id: ID,
  parameters: {
    template: 'state-material',
    from: '2026-01',
    to: '2026-06',
    member_id: 2,
    member_name: "Kiehl's",
    region: 'West',
  },
  status: 'running',
  progress: 0.4,
  note: '120 rows · Writing the XLSX file',
  error: null,
  requested_by: { id: 1, name: 'Sam Super' },
  created_at: '2026-11-20T10:00:00.000Z',
  finished_at: null,
  expires_at: null,
  rows: null,
  files: [],
};

const DONE: ReportRun = {
  ...RUNNING,
  id: OLD_ID,
  parameters: {
    ...RUNNING.parameters,
    template: 'member-impact',
    member_id: null,
    member_name: null,
    region: null,
  },
  status: 'succeeded',
  progress: 1,
  note: null,
  finished_at: '2026-11-19T10:00:05.000Z',
  expires_at: '2026-11-26T10:00:05.000Z',
  rows: 6,
  files: [
    { format: 'csv', bytes: 2048 },
    { format: 'xlsx', bytes: 9000 },
    { format: 'html', bytes: 5000 },
  ],
};

/** Serves the history with `runs`, and records the writes and download links asked for. */
function serve(runs: ReportRun[]) {
  const posted: unknown[] = [];
  const cancelled: string[] = [];
  const links: unknown[] = [];
  let list = runs;
  server.use(
    http.get(`${TEST_ORIGIN}/api/reports`, () =>
      HttpResponse.json({ success: true, runs: list }),
    ),
    http.post(`${TEST_ORIGIN}/api/reports`, async ({ request }) => {
      const body = await request.json();
      posted.push(body);
      list = [RUNNING, ...list];
      return HttpResponse.json(
        { success: true, run: RUNNING },
        { status: 201 },
      );
    }),
    http.post(`${TEST_ORIGIN}/api/reports/:id/cancel`, ({ params }) => {
      cancelled.push(String(params['id']));
      const run: ReportRun = { ...RUNNING, status: 'cancelled' };
      list = list.map((item) => (item.id === run.id ? run : item));
      return HttpResponse.json({ success: true, run });
    }),
    http.post(`${TEST_ORIGIN}/api/downloads`, async ({ request }) => {
      links.push(await request.json());
      return HttpResponse.json(
        {
          success: true,
          url: '/api/reports/x/files/csv?download=abcdefghijklmnopqrstuvwxyz',
          expires_at: '2026-11-20T10:01:00.000Z',
        },
        { status: 201 },
      );
    }),
  );
  return { posted, cancelled, links };
}

/** Downloads the page started (jsdom cannot navigate). */
let downloads: string[] = [];
function recordDownload(event: MouseEvent) {
  if (event.target instanceof HTMLAnchorElement) {
    downloads.push(event.target.getAttribute('href') ?? '');
    event.preventDefault();
  }
}

describe('ReportGeneratorScreen', () => {
  beforeEach(() => {
    downloads = [];
    document.addEventListener('click', recordDownload);
  });
  afterEach(() => document.removeEventListener('click', recordDownload));

  it('is tested with answers the contract accepts', () => {
    const schema = reportEndpoints.reportRuns.response;
    expect(
      v.safeParse(schema, { success: true, runs: [RUNNING, DONE] }).issues,
    ).toBeUndefined();
  });

  it('runs a template with its parameters as a collective admin, then follows its progress and cancels it', async () => {
    const { posted, cancelled } = serve([DONE]);
    await renderWithShell(<ReportGeneratorScreen />, {
      signedInAs: 'super',
      route: '/report-generator',
    });
    const form = await screen.findByRole('form', { name: 'New report' });
    expect(within(form).getByLabelText(/From month/)).toHaveValue(
      monthOf(new Date(), 11),
    );
    expect(within(form).queryByRole('combobox', { name: 'Region' })).toBeNull();
    await userEvent.click(
      within(form).getByRole('radio', { name: /State × material/ }),
    );
    const from = within(form).getByLabelText(/From month/);
    await userEvent.clear(from);
    await userEvent.type(from, '2026-01');
    const to = within(form).getByLabelText(/To month/);
    await userEvent.clear(to);
    await userEvent.type(to, '2026-06');
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: 'Region' }),
      'West',
    );
    await waitFor(() =>
      expect(
        within(form).getByRole('option', { name: "Kiehl's" }),
      ).toBeInTheDocument(),
    );
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: 'Member' }),
      "Kiehl's",
    );
    await userEvent.click(
      within(form).getByRole('button', { name: 'Run report' }),
    );

    await waitFor(() =>
      expect(posted).toEqual([
        {
          template: 'state-material',
          from: '2026-01',
          to: '2026-06',
          member_id: 2,
          region: 'West',
        },
      ]),
    );
    const current = screen.getByRole('region', { name: 'Current run' });
    expect(
      await within(current).findByRole('progressbar', {
        name: 'Progress of State × material (EPR filing)',
      }),
    ).toHaveAttribute('value', '0.4');
    expect(within(current).getByRole('status')).toHaveTextContent(
      'Running · 40% · 120 rows · Writing the XLSX file',
    );
    await userEvent.click(
      within(current).getByRole('button', { name: 'Cancel run' }),
    );
    await waitFor(() => expect(cancelled).toEqual([ID]));
    expect(
      await within(current).findByText(/Cancelled · 40%/),
    ).toBeInTheDocument();
    expect(
      within(current).queryByRole('button', { name: 'Cancel run' }),
    ).toBeNull();
  });

  it('lists the history with who, when and the parameters, and downloads a file through a single-use link', async () => {
    const { links } = serve([DONE]);
    await renderWithShell(<ReportGeneratorScreen />, {
      signedInAs: 'admin',
      route: '/report-generator',
    });
    const table = await screen.findByRole('table', { name: 'Report runs' });
    const row = within(table).getByRole('row', {
      name: /Member impact report/,
    });
    expect(row).toHaveTextContent('Whole collective · 2026-01 to 2026-06');
    expect(row).toHaveTextContent('Ready');
    expect(row).toHaveTextContent('Sam Super');
    await userEvent.click(within(row).getByRole('button', { name: 'CSV' }));
    await waitFor(() =>
      expect(links).toEqual([{ path: `/api/reports/${OLD_ID}/files/csv` }]),
    );
    await waitFor(() =>
      expect(downloads).toEqual([
        '/api/reports/x/files/csv?download=abcdefghijklmnopqrstuvwxyz',
      ]),
    );
    expect(
      within(row).getByRole('button', { name: 'Printable page' }),
    ).toBeInTheDocument();
  });

  it('never offers a brand admin a member: the server runs it for their own', async () => {
    const { posted } = serve([]);
    await renderWithShell(<ReportGeneratorScreen />, {
      signedInAs: 'brandAdmin',
      route: '/report-generator',
    });
    const form = await screen.findByRole('form', { name: 'New report' });
    expect(within(form).queryByRole('combobox', { name: 'Member' })).toBeNull();
    expect(
      await screen.findByText('No report has been run in the last 7 days.'),
    ).toBeInTheDocument();
    await userEvent.click(
      within(form).getByRole('button', { name: 'Run report' }),
    );
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).not.toHaveProperty('member_id');
    expect(posted[0]).toMatchObject({ template: 'member-impact' });
  });

  it('says what is wrong with the period and sends nothing', async () => {
    const { posted } = serve([]);
    await renderWithShell(<ReportGeneratorScreen />, {
      signedInAs: 'admin',
      route: '/report-generator',
    });
    const form = await screen.findByRole('form', { name: 'New report' });
    const to = within(form).getByLabelText(/To month/);
    await userEvent.clear(to);
    await userEvent.type(to, '2001-01');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Run report' }),
    );
    expect(
      await within(form).findByText(
        'to must be the same month as from or later',
      ),
    ).toBeInTheDocument();
    expect(posted).toEqual([]);
  });
});
