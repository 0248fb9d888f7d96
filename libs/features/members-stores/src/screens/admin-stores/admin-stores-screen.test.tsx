import {
  storeInventoryEndpoints,
  type StoreImportReport,
  type StoreRecord,
} from '@collective/api-client/contract';
import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import AdminStoresScreen from './admin-stores-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

const STORE: StoreRecord = {
  id: 5,
  member_id: 2,
  member_name: "Kiehl's",
  name: "Kiehl's Union Square",
  address: '12 Market Street',
  postal_code: '10003',
  city: 'New York',
  region: 'Northeast',
  channel: 'kiosk',
  status: 'active',
  opened_at: '2024-03-01T00:00:00.000Z',
  contact_name: 'Alex Morgan',
  contact_email: 'store5@kiehls.example',
  contact_phone: null,
  bin_boxes: 3,
  bin_boxes_reorder_at: 4,
  liners: 40,
  liners_reorder_at: 20,
  labels: 30,
  labels_reorder_at: 10,
  low_stock: true,
  last_heartbeat_at: '2026-11-20T08:00:00.000Z',
  heartbeat_stale: true,
  version: 2,
};

const PAGE = {
  scope: { member_id: null, member_name: null },
  store_records: [STORE],
  page: 1,
  page_size: 20,
  total: 1,
};

const BAD_REPORT: StoreImportReport = {
  rows: 2,
  valid: 1,
  invalid: 1,
  issues: [
    {
      row: 3,
      column: 'region',
      value: 'Atlantis',
      message:
        'region must be one of West, Mountain, Midwest, South, Northeast',
    },
  ],
  stores: [
    {
      row: 2,
      member_name: "Kiehl's",
      name: 'New',
      city: 'Boston',
      region: 'Northeast',
      channel: 'kiosk',
    },
  ],
  imported: 0,
};

/** Serves the list, the store and an empty trail; returns the list's queries. */
function serve() {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(`${TEST_ORIGIN}/api/stores/inventory`, ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(PAGE);
    }),
    http.get(`${TEST_ORIGIN}/api/stores/inventory/:id`, () =>
      HttpResponse.json({ store: STORE }),
    ),
    http.get(`${TEST_ORIGIN}/api/audit-events`, () =>
      HttpResponse.json({ events: [], page: 1, page_size: 50, total: 0 }),
    ),
  );
  return asked;
}

describe('AdminStoresScreen', () => {
  it('is tested with answers the contract accepts', () => {
    expect(
      v.safeParse(storeInventoryEndpoints.storeRecords.response, PAGE).issues,
    ).toBeUndefined();
    expect(
      v.safeParse(storeInventoryEndpoints.importStores.response, BAD_REPORT)
        .issues,
    ).toBeUndefined();
  });

  it('lists stores with low supplies and a stale heartbeat said in words, and filters through the URL', async () => {
    const asked = serve();
    await renderWithShell(<AdminStoresScreen />, {
      signedInAs: 'admin',
      route: '/admin-stores?supplies=low&region=Northeast',
    });

    const table = await screen.findByRole('table', { name: '1 store' });
    const row = within(table).getByRole('row', { name: /Union Square/ });
    expect(row).toHaveTextContent('Bin boxes: 3 – low (reorder at 4)');
    expect(row).toHaveTextContent('stale');
    expect(row).toHaveTextContent("Kiehl's");
    await waitFor(() => expect(asked.at(-1)?.get('low_stock')).toBe('true'));
    expect(asked.at(-1)?.get('region')).toBe('Northeast');
  });

  it('shows the row report of a file with problems and offers no import', async () => {
    serve();
    const sent: string[] = [];
    server.use(
      http.post(
        `${TEST_ORIGIN}/api/stores/import/preview`,
        async ({ request }) => {
          sent.push(request.headers.get('content-type') ?? '');
          const form = await request.formData();
          expect((form.get('file') as Blob | null)?.size).toBe(17);
          return HttpResponse.json(BAD_REPORT);
        },
      ),
    );
    await renderWithShell(<AdminStoresScreen />, {
      signedInAs: 'admin',
      route: '/admin-stores',
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Import stores from a CSV…' }),
    );
    await userEvent.upload(
      screen.getByLabelText('CSV file of stores'),
      new File(['member_code,name\n'], 'stores.csv', { type: 'text/csv' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));

    const report = await screen.findByRole('table', { name: 'Row report' });
    expect(
      within(report).getByRole('row', { name: /Atlantis/ }),
    ).toHaveTextContent('region must be one of');
    expect(
      screen.getByText('2 rows read: 1 valid, 1 with problems.'),
    ).toBeVisible();
    expect(screen.getByText(/Nothing was saved/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();
    expect(sent[0]).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('gives a brand admin the contact and supply fields only, and sends only what changed', async () => {
    serve();
    let body: unknown = null;
    server.use(
      http.patch(`${TEST_ORIGIN}/api/stores/5`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          store: { ...STORE, bin_boxes: 12, low_stock: false, version: 3 },
        });
      }),
    );
    await renderWithShell(<AdminStoresScreen />, {
      signedInAs: 'brandAdmin',
      route: '/admin-stores?store=5',
    });

    const form = await screen.findByRole('form', {
      name: "Edit Kiehl's Union Square",
    });
    expect(within(form).queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(within(form).queryByRole('combobox')).toBeNull();
    const boxes = within(form).getByRole('textbox', {
      name: 'Bin boxes on hand',
    });
    await userEvent.clear(boxes);
    await userEvent.type(boxes, '12');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Save changes' }),
    );

    await waitFor(() => expect(body).toEqual({ version: 2, bin_boxes: 12 }));
    expect(
      await screen.findByText("Kiehl's Union Square was saved."),
    ).toBeInTheDocument();
  });
});
