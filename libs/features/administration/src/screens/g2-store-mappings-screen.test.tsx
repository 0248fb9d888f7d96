import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import G2StoreMappingsScreen from './g2-store-mappings-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

const suggestion = (store_id: number, store_name: string, score: number) => ({
  store_id,
  store_name,
  address: '12 Quay Street, Boston',
  member_name: "Kiehl's",
  score,
});

const mapping = (
  id: number,
  partner: string,
  status: string,
  over: object = {},
) => ({
  id,
  partner_store_id: partner,
  partner_name: null,
  partner_address: null,
  status,
  store_id: null,
  store_name: null,
  rows_held: 0,
  weight_held_kg: 0,
  suggestions: [],
  updated_at: '2026-11-02T09:00:00.000Z',
  version: 2,
  ...over,
});

const unmatched = mapping(1, 'KS-1001', 'suggested', {
  partner_name: 'Harbour Point Store',
  rows_held: 14,
  weight_held_kg: 120.5,
  suggestions: [
    suggestion(31, 'Harbour Point', 0.92),
    suggestion(32, 'Harbour View', 0.4),
  ],
});
const other = mapping(2, 'KS-1002', 'unmatched', {
  rows_held: 3,
  weight_held_kg: 9,
  suggestions: [suggestion(40, 'Main Street', 0.5)],
});
const confirmed = mapping(3, 'KS-1003', 'confirmed', {
  store_id: 50,
  store_name: 'Union Square',
});

function serveMappings() {
  server.use(
    http.get(`${TEST_ORIGIN}/api/g2/store-mappings`, () =>
      HttpResponse.json({
        scope: { member_id: null, member_name: null },
        counts: { unmatched: 1, suggested: 1, confirmed: 1, ignored: 0 },
        mappings: [unmatched, other, confirmed],
        page: 1,
        page_size: 25,
        total: 3,
      }),
    ),
  );
}

async function open(who: 'admin' | 'brandAdmin' = 'admin') {
  await renderWithShell(<G2StoreMappingsScreen />, {
    signedInAs: who,
    route: '/g2-store-mappings',
  });
  return screen.findByRole('table', { name: /partner store ids/ });
}

describe('G2 Store Mappings', () => {
  it('shows each id with its status, what it holds back and its suggestions', async () => {
    serveMappings();
    const table = await open();
    expect(
      within(table).getAllByText('14 rows, 120.5 kg').length,
    ).toBeGreaterThan(0);
    expect(
      within(table).getAllByText(
        /Harbour Point \(Kiehl's, 12 Quay Street, Boston\) · 92% alike/,
      ).length,
    ).toBeGreaterThan(0);
    expect(within(table).getAllByText('Union Square').length).toBeGreaterThan(
      0,
    );
    expect(
      screen.getByRole('button', { name: 'Export CSV' }),
    ).toBeInTheDocument();
  });

  it('confirms one suggestion at the version read and says the uploads are checked again', async () => {
    serveMappings();
    const sent: unknown[] = [];
    server.use(
      http.patch(
        `${TEST_ORIGIN}/api/g2/store-mappings/1`,
        async ({ request }) => {
          sent.push(await request.json());
          return HttpResponse.json({
            mappings: [
              {
                ...unmatched,
                status: 'confirmed',
                store_id: 31,
                store_name: 'Harbour Point',
                suggestions: [],
              },
            ],
            revalidating: [7],
          });
        },
      ),
    );
    const table = await open();
    await userEvent.click(
      within(table).getAllByRole('button', {
        name: 'Confirm KS-1001 as Harbour Point',
      })[0] as HTMLElement,
    );
    expect(
      await screen.findByText(
        'KS-1001 is confirmed. One upload is checked again.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ status: 'confirmed', store_id: 31, version: 2 }]);
  });

  it('confirms the chosen ids at once as their best suggestion', async () => {
    serveMappings();
    const sent: unknown[] = [];
    server.use(
      http.post(
        `${TEST_ORIGIN}/api/g2/store-mappings/confirm`,
        async ({ request }) => {
          sent.push(await request.json());
          return HttpResponse.json({
            mappings: [unmatched, other],
            revalidating: [7, 9],
          });
        },
      ),
    );
    const table = await open();
    const bulk = screen.getByRole('button', {
      name: 'Confirm 0 chosen as their best suggestion',
    });
    expect(bulk).toBeDisabled();
    await userEvent.click(
      within(table).getAllByRole('checkbox', {
        name: 'Choose KS-1001 → Harbour Point',
      })[0] as HTMLElement,
    );
    await userEvent.click(
      within(table).getAllByRole('checkbox', {
        name: 'Choose KS-1002 → Main Street',
      })[0] as HTMLElement,
    );
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Confirm 2 chosen as their best suggestion',
      }),
    );
    expect(
      await screen.findByText(
        '2 mappings are confirmed. 2 uploads are checked again.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        mappings: [
          { id: 1, store_id: 31, version: 2 },
          { id: 2, store_id: 40, version: 2 },
        ],
      },
    ]);
  });

  it('imports a CSV and lists the rows it could not take', async () => {
    serveMappings();
    server.use(
      http.post(`${TEST_ORIGIN}/api/g2/store-mappings/import`, () =>
        HttpResponse.json({
          rows: 2,
          confirmed: 1,
          issues: [
            {
              row: 3,
              column: 'store_id',
              value: '999999',
              message: 'There is no active store 999999 in your data scope.',
            },
          ],
          revalidating: [],
        }),
      ),
    );
    await open();
    const file = new File(
      ['partner_store_id,store_id\nKS-1,31\nKS-2,999999\n'],
      'map.csv',
      { type: 'text/csv' },
    );
    await userEvent.upload(
      screen.getByLabelText('CSV of mappings (partner_store_id, store_id)'),
      file,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('1 mappings confirmed from 2 rows.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('table', { name: 'Rows not imported' }),
    ).toHaveTextContent('There is no active store 999999');
  });

  it('shows a brand admin the ids confirmed to their stores, read-only', async () => {
    server.use(
      http.get(`${TEST_ORIGIN}/api/g2/store-mappings`, () =>
        HttpResponse.json({
          scope: { member_id: 2, member_name: "Kiehl's" },
          counts: { unmatched: 0, suggested: 0, confirmed: 1, ignored: 0 },
          mappings: [confirmed],
          page: 1,
          page_size: 25,
          total: 1,
        }),
      ),
    );
    const table = await open('brandAdmin');
    expect(
      screen.getByText(/confirmed to the stores of Kiehl's, read-only/),
    ).toBeInTheDocument();
    expect(within(table).getAllByText('Union Square').length).toBeGreaterThan(
      0,
    );
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(within(table).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: /chosen/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(screen.queryByText('Unmatched')).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Export CSV' }),
    ).toBeInTheDocument();
  });
});
