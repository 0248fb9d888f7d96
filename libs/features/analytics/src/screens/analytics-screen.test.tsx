import { analyticsEndpoints, MATERIALS } from '@collective/api-client/contract';
import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { screenOpener } from '@collective/tenancy/testing';
import { answerGet, fixedDate } from '@collective/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import AnalyticsScreen from './analytics-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

type Series = v.InferInput<
  (typeof analyticsEndpoints)['analyticsSeries']['response']
>;

/** Figures of one bucket: `kg` collected in bins, half that a year earlier. */
function figures(kg: number) {
  return {
    current: { shipments: 10, units: 400, weight_kg: kg },
    year_ago: { shipments: 8, units: 300, weight_kg: kg / 2 },
    channels: [
      {
        channel: 'in-store' as const,
        shipments: 7,
        units: 300,
        weight_kg: kg - 5,
      },
      { channel: 'kiosk' as const, shipments: 3, units: 100, weight_kg: 5 },
      { channel: 'mail-back' as const, shipments: 0, units: 0, weight_kg: 0 },
    ],
    materials: MATERIALS.map((m, index) => ({
      material: m.code,
      weight_kg: index === 0 ? kg - 10 : 0,
    })),
    unsorted_kg: 10,
  };
}

/** An answer for the collective, by quarter: Q4 2025 (Dec only) to Q4 2026. */
const ANSWER: Series = {
  success: true,
  scope: { member_id: null, member_name: null },
  from: '2025-12',
  to: '2026-11',
  interval: 'quarter',
  buckets: [
    { first: '2025-12', last: '2025-12', ...figures(100) },
    { first: '2026-01', last: '2026-03', ...figures(300) },
    { first: '2026-04', last: '2026-06', ...figures(320) },
    { first: '2026-07', last: '2026-09', ...figures(310) },
    { first: '2026-10', last: '2026-11', ...figures(250) },
  ],
  totals: {
    ...figures(1280),
    current: { shipments: 50, units: 2000, weight_kg: 1280 },
    year_ago: { shipments: 40, units: 2000, weight_kg: 1000 },
  },
};

/** Answers GET /api/analytics/series with `answer`; returns every request's query. */
const answerWith = answerGet(server, `${TEST_ORIGIN}/api/analytics/series`);

const open = screenOpener(<AnalyticsScreen />, '/analytics');

const figure = (term: string) =>
  within(
    screen.getByText(term, { selector: 'dt' }).closest('div') as HTMLElement,
  ).getByRole('definition');

describe('AnalyticsScreen', () => {
  fixedDate('2026-11-20T12:00:00Z');

  it('is tested with an answer the contract accepts', () => {
    expect(
      v.safeParse(analyticsEndpoints.analyticsSeries.response, ANSWER).issues,
    ).toBeUndefined();
  });

  it('shows the totals beside a year earlier, the charts and their tables, per quarter', async () => {
    const asked = answerWith(ANSWER);
    await open('super', '/analytics?interval=quarter');
    expect(
      await screen.findByRole('heading', {
        name: 'All members, Dec 2025 – Nov 2026',
      }),
    ).toBeInTheDocument();
    expect(asked[0]?.toString()).toBe(
      'from=2025-12&to=2026-11&interval=quarter',
    );
    expect(figure('Collected weight')).toHaveTextContent(
      '1.3 t+28% on a year earlier (1 t)',
    );
    expect(figure('Units')).toHaveTextContent(
      '2,000no change on a year earlier (2,000)',
    );
    expect(
      screen.getByRole('img', {
        name: /^Collected weight per quarter, by channel: 5 bars from Q4 2025 \(Dec\) to Q4 2026 \(Oct–Nov\)/,
      }),
    ).toBeInTheDocument();
    const channels = screen.getByRole('table', {
      name: 'Collected weight per quarter, by channel',
    });
    expect(
      within(channels)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Quarter',
      'In-store bin',
      'Kiosk',
      'Mail-back',
      'Total',
      'A year earlier',
    ]);
    expect(
      within(channels)
        .getByRole('rowheader', { name: 'Q1 2026' })
        .closest('tr'),
    ).toHaveTextContent('Q1 2026295 kg5 kg0 kg300 kg150 kg');
    const units = within(
      screen.getByRole('region', { name: 'Units and shipments per quarter' }),
    ).getByRole('table');
    expect(within(units).getAllByRole('row')).toHaveLength(6);
    expect(
      within(
        screen.getByRole('region', { name: 'Units and shipments per quarter' }),
      ).getByRole('button', { name: 'Export CSV' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('table', {
        name: 'Sorted weight per quarter, by material',
      }),
    ).toBeInTheDocument();
  });

  it('asks for its own member for a brand admin, and switches the interval from the keyboard', async () => {
    const asked = answerWith({
      ...ANSWER,
      interval: 'month',
      scope: { member_id: 2, member_name: "Kiehl's" },
    });
    await open('brandAdmin');
    await screen.findByRole('heading', {
      name: "Kiehl's, Dec 2025 – Nov 2026",
    });
    expect(asked[0]?.get('member_id')).toBe('2');
    expect(asked[0]?.get('interval')).toBe('month');
    const month = screen.getByRole('radio', { name: 'Month' });
    expect(month).toBeChecked();
    const user = userEvent.setup();
    month.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Quarter' })).toBeChecked();
    await vi.waitFor(() =>
      expect(asked.at(-1)?.get('interval')).toBe('quarter'),
    );
  });

  it('asks for the months of the period chosen', async () => {
    const asked = answerWith(ANSWER);
    await open('admin');
    await screen.findByText('Collected weight', { selector: 'dt' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Period' }),
      'Last year',
    );
    await vi.waitFor(() =>
      expect(asked.at(-1)?.toString()).toBe(
        'from=2025-01&to=2025-12&interval=month',
      ),
    );
    expect(screen.getByText('Jan 2025 – Dec 2025')).toBeInTheDocument();
  });

  it('says what failed and tries again', async () => {
    answerWith({ error: 'A period is at most 60 months long.' }, 400);
    await open('admin');
    expect(await screen.findByRole('alert')).toHaveTextContent(/60 months/);
    answerWith(ANSWER);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('Collected weight', { selector: 'dt' }),
    ).toBeInTheDocument();
  });
});
