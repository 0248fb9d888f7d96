import type {
  EolSummary,
  Lot,
  LotDetail,
  OnHand,
} from '@collective/api-client/contract';
import { setupFakeApi, type DemoUserKey } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { Where } from '../../testing/shipment-fixtures';
import EolProcessingScreen from './eol-processing-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

const NONE = { recycled: 0, downcycled: 0, energy_recovery: 0, landfill: 0 };

const SUMMARY: EolSummary = {
  success: true,
  scope: { member_id: null, member_name: null },
  balance: {
    received_kg: 950,
    sorted_kg: 850,
    residue_kg: 100,
    in_lots_kg: 650,
    on_hand_kg: 200,
  },
  materials: [
    {
      material: 'pet1',
      on_hand_kg: 150.5,
      confirmed: { ...NONE, recycled: 400, landfill: 20 },
    },
    { material: 'glass', on_hand_kg: 49.5, confirmed: NONE },
  ],
  recycling_rate: 0.95,
  diversion_rate: 0.95,
};

const ON_HAND: OnHand = {
  success: true,
  scope: { member_id: null, member_name: null },
  on_hand: [
    {
      member_id: 2,
      member_name: "Kiehl's",
      material: 'pet1',
      on_hand_kg: 120.5,
      oldest_received_at: '2026-10-01T10:00:00.000Z',
    },
    {
      member_id: 3,
      member_name: 'Lancôme',
      material: 'glass',
      on_hand_kg: 49.5,
      oldest_received_at: '2026-10-03T10:00:00.000Z',
    },
  ],
};

const lot = (id: number, extra: Partial<Lot> = {}): Lot => ({
  id,
  member_id: 2,
  member_name: "Kiehl's",
  material: 'pet1',
  processor: 'Northwest Polymers',
  weight_kg: 20,
  status: 'open',
  outcome: null,
  certificate_ref: null,
  confirmed_weight_kg: null,
  created_at: '2026-11-20T10:00:00.000Z',
  shipped_at: null,
  confirmed_at: null,
  version: 1,
  ...extra,
});

const detail = (of: Lot): LotDetail => ({
  success: true,
  lot: of,
  sources: [
    {
      shipment_id: 51,
      tracking_number: '1ZP0000000051',
      store_name: "Kiehl's Downtown",
      received_at: '2026-10-01T10:00:00.000Z',
      weight_kg: 20,
    },
  ],
});

const SHIPPED = lot(9, {
  status: 'shipped',
  shipped_at: '2026-11-21T10:00:00.000Z',
  version: 2,
});

let sent: { url: string; body?: unknown }[] = [];
let lots: Record<number, Lot> = {};

beforeEach(() => {
  sent = [];
  lots = { 8: lot(8), 9: SHIPPED };
  server.use(
    http.get(`${TEST_ORIGIN}/api/eol/summary`, ({ request }) => {
      sent.push({ url: request.url });
      return HttpResponse.json(SUMMARY);
    }),
    http.get(`${TEST_ORIGIN}/api/eol/on-hand`, () =>
      HttpResponse.json(ON_HAND),
    ),
    http.get(`${TEST_ORIGIN}/api/eol/processors`, () =>
      HttpResponse.json({
        success: true,
        processors: [
          { id: 3, name: 'Northwest Polymers', city: 'Tacoma' },
          { id: 4, name: 'Cascade Glass', city: 'Seattle' },
        ],
      }),
    ),
    http.get(`${TEST_ORIGIN}/api/eol/lots`, () =>
      HttpResponse.json({
        success: true,
        scope: { member_id: null, member_name: null },
        lots: Object.values(lots),
        page: 1,
        page_size: 25,
        total: Object.keys(lots).length,
      }),
    ),
    http.get(`${TEST_ORIGIN}/api/eol/lots/:id`, ({ params }) => {
      const found = lots[Number(params['id'])];
      return found
        ? HttpResponse.json(detail(found))
        : HttpResponse.json({ error: 'Not found' }, { status: 404 });
    }),
    http.post(`${TEST_ORIGIN}/api/eol/lots`, async ({ request }) => {
      sent.push({ url: request.url, body: await request.json() });
      lots[12] = lot(12);
      return HttpResponse.json(detail(lot(12)), { status: 201 });
    }),
    http.post(
      `${TEST_ORIGIN}/api/eol/lots/:id/confirm`,
      async ({ request }) => {
        sent.push({ url: request.url, body: await request.json() });
        return HttpResponse.json(
          detail({ ...SHIPPED, status: 'confirmed', version: 3 }),
        );
      },
    ),
  );
});

async function open(who: DemoUserKey, url = '/eol-processing') {
  return renderWithShell(
    <>
      <EolProcessingScreen />
      <Where />
    </>,
    { signedInAs: who, route: url },
  );
}

const writes = () => sent.filter((s) => s.body !== undefined);

describe('EolProcessingScreen', () => {
  it('shows the mass balance and the material on hand and confirmed per material', async () => {
    await open('admin');

    expect(
      await screen.findByText(
        /Received 950 kg = sorted 850 kg \+ residue 100 kg/,
      ),
    ).toHaveTextContent('Sorted 850 kg = in lots 650 kg + on hand 200 kg');
    const table = screen.getByRole('table', {
      name: /Material on hand now/,
    });
    const pet = within(table).getByRole('row', { name: /PET #1/ });
    expect(pet).toHaveTextContent('151 kg');
    expect(pet).toHaveTextContent('420 kg');
    const source = await screen.findByRole('combobox', {
      name: 'Material on hand',
    });
    expect(
      within(source).getByRole('option', { name: "Kiehl's: PET #1, 120.5 kg" }),
    ).toBeInTheDocument();
  });

  it('asks for the outcomes of the period chosen', async () => {
    await open('admin');

    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Period of receipt' }),
      '2025',
    );

    await expect
      .poll(() => sent.map((s) => new URL(s.url).searchParams.get('period')))
      .toContain('2025');
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(
      'period=2025',
    );
  });

  it('keeps its headings in order when the mass balance fails: the form to make a lot is a section of its own', async () => {
    server.use(
      http.get(`${TEST_ORIGIN}/api/eol/summary`, () =>
        HttpResponse.json({ error: 'Database unavailable' }, { status: 503 }),
      ),
    );
    await open('admin');
    await screen.findByRole('form', { name: 'Make a lot' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Database unavailable',
    );
    const levels = screen
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    // Each heading at most one level below the one before it (axe's heading-order).
    levels.forEach((level, at) =>
      expect(level).toBeLessThanOrEqual((levels[at - 1] ?? 0) + 1),
    );
    expect(screen.getByRole('region', { name: 'Make a lot' })).toContainElement(
      screen.getByRole('form', { name: 'Make a lot' }),
    );
  });

  it('makes a lot: more than is on hand is refused here; a good lot sends member, material, weight and processor, then opens the lot', async () => {
    await open('admin');
    const form = await screen.findByRole('form', { name: 'Make a lot' });
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: 'Material on hand' }),
      '3:glass',
    );
    const weight = within(form).getByRole('textbox', { name: 'Weight (kg)' });
    await userEvent.type(weight, '50');
    await userEvent.selectOptions(
      await within(form).findByRole('combobox', { name: 'Processor' }),
      'Cascade Glass, Seattle',
    );
    await userEvent.click(
      within(form).getByRole('button', { name: 'Make the lot' }),
    );

    expect(weight).toHaveAccessibleDescription(
      /more than the material on hand/,
    );
    expect(writes()).toHaveLength(0);

    await userEvent.clear(weight);
    await userEvent.type(weight, '49.5');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Make the lot' }),
    );

    await expect
      .poll(() => writes()[0]?.body)
      .toEqual({
        member_id: 3,
        material: 'glass',
        weight_kg: 49.5,
        processor_id: 4,
      });
    expect(
      await screen.findByRole('heading', { name: /Lot #12/ }),
    ).toHaveFocus();
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(
      '?lot=12',
    );
  });

  it("confirms a shipped lot: the certificate is required, then outcome, certificate, weight and the lot's version are sent", async () => {
    await open('admin', '/eol-processing?lot=9');
    const form = await screen.findByRole('form', { name: 'Confirm the lot' });
    const certificate = within(form).getByRole('textbox', {
      name: 'Certificate reference',
    });
    const weight = within(form).getByRole('textbox', {
      name: 'Confirmed weight (kg)',
    });
    await userEvent.clear(weight);
    await userEvent.type(weight, 'about 19');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Confirm the lot' }),
    );

    expect(certificate).toHaveAccessibleDescription(
      /Enter the processor's certificate reference/,
    );
    expect(weight).toHaveAccessibleDescription(/as a number/);
    expect(writes()).toHaveLength(0);

    await userEvent.type(certificate, '  COD-2026-114 ');
    await userEvent.clear(weight);
    await userEvent.type(weight, '19.5');
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: 'Outcome' }),
      'downcycled',
    );
    await userEvent.click(
      within(form).getByRole('button', { name: 'Confirm the lot' }),
    );

    await expect
      .poll(() => writes()[0]?.body)
      .toEqual({
        outcome: 'downcycled',
        certificate_ref: 'COD-2026-114',
        confirmed_weight_kg: 19.5,
        version: 2,
      });
    expect(writes()[0]?.url).toMatch(/\/api\/eol\/lots\/9\/confirm$/);
  });

  it('says when the lot changed meanwhile (409) and keeps what was typed', async () => {
    server.use(
      http.post(`${TEST_ORIGIN}/api/eol/lots/:id/confirm`, () => {
        // Another admin confirmed it first.
        lots[9] = {
          ...SHIPPED,
          status: 'confirmed',
          outcome: 'recycled',
          certificate_ref: 'COD-OTHER',
          confirmed_weight_kg: 20,
          confirmed_at: '2026-11-22T10:00:00.000Z',
          version: 3,
        };
        return HttpResponse.json(
          {
            error: 'Conflict',
            message:
              'Lot 9 changed since you read it (version 2, now 3); nothing was saved. Reload it and try again.',
          },
          { status: 409 },
        );
      }),
    );
    await open('admin', '/eol-processing?lot=9');
    const form = await screen.findByRole('form', { name: 'Confirm the lot' });
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Certificate reference' }),
      'COD-2026-114',
    );
    await userEvent.click(
      within(form).getByRole('button', { name: 'Confirm the lot' }),
    );

    expect(
      await within(form).findByText(/Someone else changed this record/),
    ).toBeInTheDocument();
    expect(
      within(form).getByText(/Lot 9 changed since you read it/),
    ).toBeInTheDocument();
    expect(
      within(form).getByRole('textbox', { name: 'Certificate reference' }),
    ).toHaveValue('COD-2026-114');

    await userEvent.click(
      within(form).getByRole('button', { name: 'Load the latest version' }),
    );
    expect(await screen.findByText(/certificate COD-OTHER/)).toBeVisible();
    expect(
      screen.queryByRole('form', { name: 'Confirm the lot' }),
    ).not.toBeInTheDocument();
  });

  it('shows a brand admin the figures, the lots and a lot, without any write control', async () => {
    await open('brandAdmin');

    expect(await screen.findByText(/Received 950 kg/)).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: /2 lots/ })).toBeVisible();
    expect(
      screen.queryByRole('form', { name: 'Make a lot' }),
    ).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: '#9' }));
    expect(
      await screen.findByText(
        'Only collective admins make, ship and confirm lots.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1ZP0000000051' })).toHaveAttribute(
      'href',
      '/shipment-tracking?shipment=51',
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /ship|confirm/i })).toBeNull();
  });
});
