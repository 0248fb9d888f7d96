import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import G2DataManagementScreen from './g2-data-management-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

const upload = (id: number, status: string, over: object = {}) => ({
  id,
  file_name: `partner-${id}.csv`,
  content_hash: 'a'.repeat(64),
  format: 'csv',
  bytes: 1200,
  period_start: '2026-10-01',
  period_end: '2026-10-31',
  status,
  totals: { rows: 8, valid: 5, errors: 2, warnings: 1, weight_kg: 42.5 },
  failure: null,
  uploaded_by: 'Pat Admin',
  uploaded_at: '2026-11-02T09:00:00.000Z',
  committed_at: null,
  rolled_back_at: null,
  validation: null,
  version: 3,
  ...over,
});

const issue = (id: number, kind: string, row: number) => ({
  id,
  upload_id: 7,
  file_name: 'partner-7.csv',
  row,
  column: 'material',
  value: '=1+2',
  message: '"=1+2" is not a program material.',
  kind,
  severity: 'error',
  status: 'open',
  note: null,
  version: 1,
});

const COLLECTIVE = { member_id: null, member_name: null };
const KIEHLS = { member_id: 2, member_name: "Kiehl's" };

function serveUploads(uploads: object[], scope: object = COLLECTIVE) {
  server.use(
    http.get(`${TEST_ORIGIN}/api/g2/uploads`, () =>
      HttpResponse.json({
        scope,
        uploads,
        page: 1,
        page_size: 25,
        total: uploads.length,
      }),
    ),
  );
}

function serveReport(first: object, scope: object = COLLECTIVE) {
  const current = { upload: first };
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(`${TEST_ORIGIN}/api/g2/uploads/7/issues`, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        scope,
        upload: current.upload,
        issues: [issue(1, 'unknown_material', 5)],
        page: 1,
        page_size: 25,
        total: 1,
      });
    }),
  );
  return { current, queries };
}

async function open(route: string, who: 'admin' | 'brandAdmin' = 'admin') {
  await renderWithShell(<G2DataManagementScreen />, { signedInAs: who, route });
}

describe('G2 Data Management', () => {
  it('lists the uploads with status and totals, and opens a report', async () => {
    serveUploads([upload(7, 'ready'), upload(8, 'failed')]);
    serveReport(upload(7, 'ready'));
    await open('/g2-data-management');
    const table = await screen.findByRole('table', { name: /2 uploads/ });
    expect(
      within(table).getByRole('rowheader', { name: 'partner-7.csv' }),
    ).toBeInTheDocument();
    expect(within(table).getByText('Ready to commit')).toBeInTheDocument();
    expect(within(table).getAllByText('8: 5 / 2 / 1').length).toBeGreaterThan(
      0,
    );
    await userEvent.click(
      within(table).getByRole('button', { name: 'Report of partner-7.csv' }),
    );
    const report = await screen.findByRole('table', {
      name: /Validation report: 1 problems/,
    });
    expect(within(report).getAllByText('=1+2').length).toBeGreaterThan(0);
    expect(
      screen.getByRole('button', { name: 'Download report CSV' }),
    ).toBeInTheDocument();
  });

  it('filters the report by severity, column and problem on the server', async () => {
    serveUploads([upload(7, 'ready')]);
    const { queries } = serveReport(upload(7, 'ready'));
    await open('/g2-data-management?upload=7');
    await screen.findByRole('table', { name: /Validation report/ });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Severity' }),
      'error',
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Column' }),
      'material',
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Problem' }),
      'unknown_material',
    );
    await waitFor(() => {
      const last = queries.at(-1);
      expect(last?.get('severity')).toBe('error');
      expect(last?.get('column')).toBe('material');
      expect(last?.get('kind')).toBe('unknown_material');
    });
  });

  it('commits behind a confirmation, sending the version read', async () => {
    serveUploads([upload(7, 'ready')]);
    const { current } = serveReport(upload(7, 'ready'));
    const sent: unknown[] = [];
    server.use(
      http.post(
        `${TEST_ORIGIN}/api/g2/uploads/7/commit`,
        async ({ request }) => {
          sent.push(await request.json());
          current.upload = upload(7, 'committed', { version: 4 });
          return HttpResponse.json({ upload: current.upload });
        },
      ),
    );
    await open('/g2-data-management?upload=7');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Commit…' }),
    );
    expect(screen.getByText(/reach the program's figures/)).toBeInTheDocument();
    const yes = screen.getByRole('button', { name: 'Yes, commit' });
    expect(yes).toHaveFocus();
    await userEvent.click(yes);
    expect(
      await screen.findByText(/partner-7.csv was committed/),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ version: 3 }]);
    expect(
      await screen.findByRole('button', { name: 'Roll back…' }),
    ).toBeInTheDocument();
  });

  it('says so when the upload changed meanwhile (409)', async () => {
    serveUploads([upload(7, 'ready')]);
    serveReport(upload(7, 'ready'));
    server.use(
      http.post(`${TEST_ORIGIN}/api/g2/uploads/7/discard`, () =>
        HttpResponse.json(
          {
            error: 'Conflict',
            message: 'Upload partner-7.csv changed since you read it.',
          },
          { status: 409 },
        ),
      ),
    );
    await open('/g2-data-management?upload=7');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Discard…' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Yes, discard' }));
    expect(
      await screen.findByText(/changed since you read it/),
    ).toBeInTheDocument();
  });

  it('shows the validation progress of an upload being checked', async () => {
    serveUploads([]);
    serveReport(
      upload(7, 'validating', {
        validation: {
          job_id: 'j',
          state: 'running',
          progress: 0.4,
          message: '4,000 of 10,000 rows checked',
        },
      }),
    );
    await open('/g2-data-management?upload=7');
    expect(
      await screen.findByText('4,000 of 10,000 rows checked'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Checking the rows' }),
    ).toHaveAttribute('value', '0.4');
  });

  it('uploads a file for a period, then opens it', async () => {
    serveUploads([]);
    serveReport(upload(7, 'validating'));
    const queries: URLSearchParams[] = [];
    server.use(
      http.post(`${TEST_ORIGIN}/api/g2/uploads`, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(
          { upload: upload(7, 'validating') },
          { status: 201 },
        );
      }),
    );
    await open('/g2-data-management');
    const file = new File(
      ['Store id,Date,Material,Weight (kg)\n'],
      'october.csv',
      { type: 'text/csv' },
    );
    await userEvent.upload(
      screen.getByLabelText('G2 file (CSV or XLSX)'),
      file,
    );
    await userEvent.clear(screen.getByLabelText('Period from'));
    await userEvent.type(screen.getByLabelText('Period from'), '2026-10-01');
    await userEvent.clear(screen.getByLabelText('Period to'));
    await userEvent.type(screen.getByLabelText('Period to'), '2026-10-31');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(
      await screen.findByText(/partner-7.csv was uploaded/),
    ).toBeInTheDocument();
    expect(queries[0]?.get('period_start')).toBe('2026-10-01');
    expect(queries[0]?.get('period_end')).toBe('2026-10-31');
    expect(
      await screen.findByRole('heading', { name: 'Upload partner-7.csv' }),
    ).toBeInTheDocument();
  });

  it('shows the quality queue grouped by kind, and ignores a problem with a note', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(`${TEST_ORIGIN}/api/g2/issues`, () =>
        HttpResponse.json({
          scope: COLLECTIVE,
          groups: [
            { kind: 'unmapped_store', severity: 'error', open: 12 },
            { kind: 'outlier', severity: 'warning', open: 3 },
          ],
          issues: [issue(1, 'unknown_material', 5)],
          page: 1,
          page_size: 25,
          total: 1,
        }),
      ),
      http.post(`${TEST_ORIGIN}/api/g2/issues/1`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({
          issue: { ...issue(1, 'unknown_material', 5), status: 'ignored' },
        });
      }),
    );
    await open('/g2-data-management?section=quality');
    expect(
      await screen.findByRole('button', { name: 'Unmapped store ids: 12' }),
    ).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Ignore row 5 of partner-7.csv' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ignore' }));
    expect(
      await screen.findByText(/Say why this problem is ignored/),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(
      screen.getByRole('textbox', { name: /Note/ }),
      'Partner confirmed it.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ignore' }));
    expect(
      await screen.findByText(/row 5 of partner-7.csv: ignored/i),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      { action: 'ignore', note: 'Partner confirmed it.', version: 1 },
    ]);
  });

  it('shows a brand admin their member’s uploads, report and queue read-only', async () => {
    const asked: URLSearchParams[] = [];
    serveUploads([upload(7, 'ready')], KIEHLS);
    serveReport(upload(7, 'ready'), KIEHLS);
    server.use(
      http.get(`${TEST_ORIGIN}/api/g2/issues`, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          scope: KIEHLS,
          groups: [{ kind: 'unknown_material', severity: 'error', open: 1 }],
          issues: [issue(1, 'unknown_material', 5)],
          page: 1,
          page_size: 25,
          total: 1,
        });
      }),
    );
    await open('/g2-data-management?upload=7', 'brandAdmin');
    expect(
      await screen.findByText(/the rows of Kiehl's in them, read-only/),
    ).toBeInTheDocument();
    await screen.findByRole('table', { name: /Validation report/ });
    expect(screen.queryByLabelText('G2 file (CSV or XLSX)')).toBeNull();
    for (const name of [/Commit/, /Roll back/, /Discard/])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Download report CSV' }),
    ).toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('link', { name: 'Data-quality queue' }),
    );
    const queue = await screen.findByRole('table', { name: /open problems/ });
    expect(within(queue).getAllByText('Open').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /^Ignore/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Resolve/ })).toBeNull();
    // The scoped query carries the brand user's own member.
    expect(asked.at(-1)?.get('member_id')).toBe('2');
  });
});
