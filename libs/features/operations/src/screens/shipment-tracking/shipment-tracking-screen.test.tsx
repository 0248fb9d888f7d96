import { setupFakeApi, type DemoUserKey } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { detailOf, row, Where } from '../../testing/shipment-fixtures';
import ShipmentTrackingScreen from './shipment-tracking-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

const DELIVERED = row(41, {
  status: 'delivered',
  received_at: null,
  net_kg: null,
  flags: ['delivered_not_received'],
  version: 3,
});

/** What the screen sent, for the assertions. */
let sent: { url: string; body?: unknown }[] = [];

beforeEach(() => {
  sent = [];
  server.use(
    http.get(`${TEST_ORIGIN}/api/shipments`, ({ request }) => {
      sent.push({ url: request.url });
      const brand = request.headers
        .get('authorization')
        ?.includes('brandAdmin');
      const shipments = [row(40), DELIVERED];
      return HttpResponse.json({
        success: true,
        scope: brand
          ? { member_id: 2, member_name: "Kiehl's" }
          : { member_id: null, member_name: null },
        shipments,
        page: 1,
        page_size: 25,
        total: shipments.length,
      });
    }),
    http.get(`${TEST_ORIGIN}/api/shipments/:id`, ({ params }) =>
      Number(params['id']) === DELIVERED.id
        ? HttpResponse.json(detailOf(DELIVERED))
        : HttpResponse.json({ error: 'Not found' }, { status: 404 }),
    ),
    http.post(
      `${TEST_ORIGIN}/api/shipments/:id/exception`,
      async ({ request }) => {
        const body = await request.json();
        sent.push({ url: request.url, body });
        return HttpResponse.json(
          detailOf({ ...DELIVERED, status: 'exception', version: 4 }),
        );
      },
    ),
    http.get(`${TEST_ORIGIN}/api/saved-views`, () =>
      HttpResponse.json({ success: true, views: [] }),
    ),
  );
});

async function open(who: DemoUserKey, url = '/shipment-tracking') {
  return renderWithShell(
    <>
      <ShipmentTrackingScreen />
      <Where />
    </>,
    { signedInAs: who, route: url },
  );
}

describe('ShipmentTrackingScreen', () => {
  it('lists the shipments with their flags, and filters by status in the URL', async () => {
    await open('admin');

    const table = await screen.findByRole('table');
    expect(table).toHaveAccessibleName(/2 shipments/);
    expect(
      within(table).getByText('Delivered, not received after 3 days'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('columnheader', { name: 'Member' }),
    ).toBeInTheDocument();

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Status' }),
      'Delivered',
    );
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(
      'status=delivered',
    );
    expect(sent.at(-1)?.url).toContain('status=delivered');
  });

  it("shows a brand admin a shipment's detail without the corrections, which only collective admins make", async () => {
    await open('brandAdmin', `/shipment-tracking?shipment=${DELIVERED.id}`);

    expect(
      await screen.findByRole('heading', {
        name: `Shipment ${DELIVERED.tracking_number}`,
      }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Corrections' }),
    ).not.toBeInTheDocument();
  });

  it('opens a shipment from the list with its timeline, and records an exception against the version shown', async () => {
    await open('admin');
    await userEvent.click(
      await screen.findByRole('link', { name: DELIVERED.tracking_number }),
    );

    const heading = await screen.findByRole('heading', {
      name: `Shipment ${DELIVERED.tracking_number}`,
    });
    expect(heading).toHaveFocus();
    const timeline = screen.getByRole('list');
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Label created'),
      expect.stringContaining('Delivered'),
    ]);

    const form = screen.getByRole('form', { name: 'Record an exception' });
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: 'Exception' }),
      'damaged',
    );
    await userEvent.type(
      within(form).getByRole('textbox', { name: /Note/ }),
      'Crushed',
    );
    await userEvent.click(
      within(form).getByRole('button', { name: 'Record exception' }),
    );

    await expect
      .poll(() => sent.find((s) => s.url.endsWith('/exception'))?.body)
      .toEqual({
        exception: 'damaged',
        note: 'Crushed',
        version: 3,
      });
  });

  it('shows a mail-back shipment as coming from a consumer, with no origin store to correct', async () => {
    const box = row(42, {
      channel: 'mail-back',
      store_id: null,
      store_name: 'Consumer mail-back',
      status: 'received',
    });
    server.use(
      http.get(`${TEST_ORIGIN}/api/shipments/42`, () =>
        HttpResponse.json({
          ...detailOf(box),
          shipment: { ...detailOf(box).shipment, store_city: null },
        }),
      ),
    );
    await open('admin', '/shipment-tracking?shipment=42');

    await screen.findByRole('heading', {
      name: `Shipment ${box.tracking_number}`,
    });
    expect(screen.getByText('Consumer mail-back')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Corrections' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('form', { name: 'Correct the origin store' }),
    ).not.toBeInTheDocument();
  });

  it('says so when a shipment is not in the scope', async () => {
    await open('admin', '/shipment-tracking?shipment=999');

    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
