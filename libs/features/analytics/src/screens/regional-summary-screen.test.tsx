import { analyticsEndpoints } from '@collective/api-client/contract';
import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { answerGet, fixedDate } from '@collective/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import RegionalSummaryScreen from './regional-summary-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

type Regional = v.InferInput<
  (typeof analyticsEndpoints)['regionalSummary']['response']
>;

/** A place with `active` of `stores` stores, `bin` kg from bins and `kiosk` kg from kiosks. */
const place = (stores: number, active: number, bin: number, kiosk: number) => ({
  stores,
  active_stores: active,
  weight_kg: bin + kiosk,
  weight_per_store_kg:
    active > 0 ? Math.round(((bin + kiosk) / active) * 10) / 10 : null,
  channels: [
    { channel: 'in-store' as const, weight_kg: bin },
    { channel: 'kiosk' as const, weight_kg: kiosk },
    { channel: 'mail-back' as const, weight_kg: 0 },
  ],
});

const empty = (region: 'Mountain' | 'Midwest' | 'South') => ({
  region,
  ...place(0, 0, 0, 0),
  states: [],
});

const ANSWER: Regional = {
  success: true,
  scope: { member_id: null, member_name: null },
  from: '2026-01',
  to: '2026-11',
  regions: [
    {
      region: 'West',
      ...place(3, 2, 600, 200),
      states: [
        { state: 'CA', ...place(2, 2, 600, 0) },
        { state: null, ...place(1, 0, 0, 200) },
      ],
    },
    empty('Mountain'),
    empty('Midwest'),
    empty('South'),
    {
      region: 'Northeast',
      ...place(1, 1, 100, 0),
      states: [{ state: 'NY', ...place(1, 1, 100, 0) }],
    },
  ],
  totals: place(4, 3, 700, 200),
};

const answerWith = answerGet(server, `${TEST_ORIGIN}/api/analytics/regions`);

describe('RegionalSummaryScreen', () => {
  fixedDate('2026-11-20T12:00:00Z');

  it('is tested with an answer the contract accepts', () => {
    expect(
      v.safeParse(analyticsEndpoints.regionalSummary.response, ANSWER).issues,
    ).toBeUndefined();
  });

  it('shows each region as a tile and every region and state in a table', async () => {
    const asked = answerWith(ANSWER);
    await renderWithShell(<RegionalSummaryScreen />, {
      signedInAs: 'super',
      route: '/regional-summary?period=ytd',
    });
    await screen.findByRole('heading', {
      name: 'All members, Jan 2026 – Nov 2026',
    });
    expect(asked[0]?.toString()).toBe('from=2026-01&to=2026-11');
    const tiles = within(
      screen.getByRole('region', { name: 'Regions' }),
    ).getAllByRole('listitem');
    expect(tiles).toHaveLength(5);
    const west = screen.getByRole('listitem', { name: 'West' });
    expect(west).toHaveTextContent('Stores2 active of 3');
    expect(west).toHaveTextContent('Collected800 kg');
    expect(west).toHaveTextContent('Per active store400 kg');
    expect(west).toHaveTextContent('In-store bin75%');
    expect(screen.getByRole('listitem', { name: 'South' })).toHaveTextContent(
      'Per active store—',
    );
    const table = within(
      screen.getByRole('region', { name: 'Regions and states' }),
    ).getByRole('table');
    expect(
      within(
        screen.getByRole('region', { name: 'Regions and states' }),
      ).getByRole('button', { name: 'Export CSV' }),
    ).toBeInTheDocument();
    expect(
      within(table)
        .getByRole('rowheader', { name: 'West, state not recorded' })
        .closest('tr'),
    ).toHaveTextContent('10200 kg—0 kg (0%)200 kg (100%)0 kg (0%)');
    expect(
      within(table)
        .getByRole('rowheader', { name: 'All regions' })
        .closest('tr'),
    ).toHaveTextContent('43900 kg300 kg');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Period' }),
      'Last 12 months',
    );
    await vi.waitFor(() =>
      expect(asked.at(-1)?.toString()).toBe('from=2025-12&to=2026-11'),
    );
  });
});
