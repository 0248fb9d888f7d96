import { setupFakeApi, type DemoUserKey } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { detailOf, row, Where } from '../../testing/shipment-fixtures';
import WarehouseOperationsScreen from './warehouse-operations-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

const WAITING = row(51, {
  status: 'delivered',
  received_at: null,
  net_kg: null,
  flags: ['delivered_not_received'],
  version: 2,
});

let sent: { url: string; body?: unknown }[] = [];

beforeEach(() => {
  sent = [];
  server.use(
    http.get(`${TEST_ORIGIN}/api/warehouse/receiving`, () =>
      HttpResponse.json({
        success: true,
        scope: { member_id: null, member_name: null },
        shipments: [WAITING],
        page: 1,
        page_size: 25,
        total: 1,
      }),
    ),
    http.get(`${TEST_ORIGIN}/api/warehouse/summary`, () =>
      HttpResponse.json({
        success: true,
        scope: { member_id: null, member_name: null },
        today: { received: 3, received_kg: 41.5, sorted_kg: 20 },
        backlog: {
          to_receive: 1,
          to_receive_late: 1,
          to_sort: 2,
          to_sort_kg: 18,
        },
      }),
    ),
    http.get(`${TEST_ORIGIN}/api/shipments/:id`, () =>
      HttpResponse.json(detailOf(WAITING)),
    ),
    http.post(
      `${TEST_ORIGIN}/api/shipments/:id/receipt`,
      async ({ request }) => {
        sent.push({ url: request.url, body: await request.json() });
        return HttpResponse.json(detailOf({ ...WAITING, status: 'received' }), {
          status: 201,
        });
      },
    ),
  );
});

async function open(who: DemoUserKey, url = '/warehouse-operations') {
  return renderWithShell(
    <>
      <WarehouseOperationsScreen />
      <Where />
    </>,
    { signedInAs: who, route: url },
  );
}

describe('WarehouseOperationsScreen', () => {
  it("shows today's throughput, the backlog and the receiving queue with its flags", async () => {
    await open('admin');

    const table = await screen.findByRole('table');
    expect(table).toHaveAccessibleName(
      /1 shipments delivered, not yet received/,
    );
    expect(
      within(table).getByText('Delivered, not received after 3 days'),
    ).toBeInTheDocument();
    expect(await screen.findByText(/^3 shipments, \d/)).toBeInTheDocument();
  });

  it('weighs a shipment in: a tare above the gross is refused here, a good weigh-in is sent with the version shown', async () => {
    await open('admin');
    await userEvent.click(
      await screen.findByRole('link', { name: WAITING.tracking_number }),
    );
    const form = await screen.findByRole('form', { name: 'Weigh in' });

    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Gross weight' }),
      '5',
    );
    await userEvent.type(
      within(form).getByRole('textbox', { name: /Tare/ }),
      '6',
    );
    await userEvent.click(
      within(form).getByRole('button', { name: 'Record the receipt' }),
    );
    expect(
      within(form).getByRole('textbox', { name: /Tare/ }),
    ).toHaveAccessibleDescription(/below the gross weight/);
    expect(sent).toHaveLength(0);

    const tare = within(form).getByRole('textbox', { name: /Tare/ });
    await userEvent.clear(tare);
    await userEvent.type(tare, '0.5');
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: 'Unit' }),
      'lb',
    );
    await userEvent.click(
      within(form).getByRole('button', { name: 'Record the receipt' }),
    );

    await expect
      .poll(() => sent[0]?.body)
      .toEqual({
        gross: 5,
        tare: 0.5,
        contamination: 0,
        unit: 'lb',
        scale_id: 'WH-SCALE-1',
        version: 2,
      });
  });

  it('lets a brand admin read the queue but not weigh in', async () => {
    await open('brandAdmin', `/warehouse-operations?shipment=${WAITING.id}`);

    expect(
      await screen.findByText(
        'Only collective admins record receipts and sorting.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('form', { name: 'Weigh in' }),
    ).not.toBeInTheDocument();
  });
});
