import { comparisonEndpoints } from '@collective/api-client/contract';
import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { screenOpener } from '@collective/tenancy/testing';
import {
  answerGet,
  itRetriesAfterAFailure,
  itUsesContractAnswers,
  tabTo,
} from '@collective/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import AverageMetricsScreen from './average-metrics-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

type Answer = v.InferInput<
  (typeof comparisonEndpoints)['averageMetrics']['response']
>;
type Figures = Answer['figures'];

const average = (mean: number | null, median: number | null) => ({
  mean,
  median,
});

/** Figures of a scope; `scale` tells the collective's from a member's. */
function figures(scale: number): Figures {
  return {
    store_months: (['all', 'in-store', 'kiosk'] as const).map((channel) => ({
      channel,
      count: 100 * scale,
      members: 7,
      total_kg: 2400 * scale,
      weight_kg: average(24 * scale, 20 * scale),
    })),
    shipments: (['all', 'in-store', 'kiosk', 'mail-back'] as const).map(
      (channel) => ({
        channel,
        count: channel === 'mail-back' ? 0 : 40 * scale,
        members: 7,
        total_kg: 2400 * scale,
        net_kg:
          channel === 'mail-back' ? average(null, null) : average(60, 55.5),
        contamination_rate: average(0.034, 0.031),
        pooled_contamination_rate: 0.035,
      }),
    ),
    packages: [
      {
        channel: 'mail-back',
        count: 30 * scale,
        members: 7,
        total_kg: 36 * scale,
        weight_kg: average(1.2, 1.1),
        items: average(6.5, 6),
      },
    ],
  };
}

const ANSWER: Answer = {
  success: true,
  scope: { member_id: null, member_name: null },
  period: { from: '2025-12-01', to: '2026-11-30' },
  figures: figures(10),
  collective: null,
};

/** A brand admin's answer; the collective's kiosk store-months withheld (too few members). */
const OWN_ANSWER: Answer = {
  ...ANSWER,
  scope: { member_id: 2, member_name: "Kiehl's" },
  figures: figures(1),
  collective: {
    ...figures(10),
    store_months: figures(10).store_months.filter((g) => g.channel !== 'kiosk'),
  },
};

const answerWith = answerGet(server, `${TEST_ORIGIN}/api/average-metrics`);

const open = screenOpener(<AverageMetricsScreen />, '/average-metrics');

describe('AverageMetricsScreen', () => {
  itUsesContractAnswers(comparisonEndpoints.averageMetrics.response, [
    ANSWER,
    OWN_ANSWER,
  ]);

  it("shows the collective's averages by channel in three tables, and the store-month chart", async () => {
    answerWith(ANSWER);
    await open('super');
    const storeMonths = await screen.findByRole('table', {
      name: /^Collected weight per store-month of the collective/,
    });
    const all = within(storeMonths)
      .getByRole('rowheader', { name: 'All channels' })
      .closest('tr') as HTMLElement;
    expect(within(all).getByText('1,000')).toBeInTheDocument();
    expect(
      within(storeMonths).queryByRole('columnheader', { name: /Collective/ }),
    ).not.toBeInTheDocument();

    const shipments = screen.getByRole('table', {
      name: /^Net weight and contamination per shipment/,
    });
    const mailBack = within(shipments)
      .getByRole('rowheader', { name: 'Mail-back' })
      .closest('tr') as HTMLElement;
    expect(within(mailBack).getAllByText('–')).toHaveLength(2);
    expect(within(shipments).getAllByText('3.5%')).not.toHaveLength(0);

    expect(
      screen.getByRole('table', {
        name: /^Weight and items per mail-back package/,
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: /Median collected weight per store-month, by channel/,
      }),
    ).toBeInTheDocument();
  });

  it("shows a brand admin their member's figures beside the collective's medians, a dash where withheld", async () => {
    const asked = answerWith(OWN_ANSWER);
    await open('brandAdmin');
    const table = await screen.findByRole('table', {
      name: /^Collected weight per store-month of Kiehl's/,
    });
    expect(
      within(table).getByRole('columnheader', {
        name: 'Collective median weight',
      }),
    ).toBeInTheDocument();
    const kiosk = within(table)
      .getByRole('rowheader', { name: 'Kiosk' })
      .closest('tr') as HTMLElement;
    expect(within(kiosk).getAllByRole('cell').at(-1)).toHaveTextContent('–');
    expect(screen.getByText(/fewer than 5 members/)).toBeInTheDocument();
    expect(asked[0]?.get('member_id')).toBe('2');
  });

  it('asks for the period chosen with the keyboard', async () => {
    const asked = answerWith(ANSWER);
    const user = userEvent.setup();
    await open('super');
    await screen.findByRole('table', {
      name: /^Collected weight per store-month/,
    });
    const period = screen.getByRole('combobox', { name: 'Period' });
    await tabTo(user, period);
    expect(document.activeElement).toBe(period);
    await user.selectOptions(period, String(new Date().getUTCFullYear() - 1));
    await waitFor(() =>
      expect(asked.at(-1)?.get('period')).toBe(
        String(new Date().getUTCFullYear() - 1),
      ),
    );
  });

  itRetriesAfterAFailure(answerWith, () => open('super'));
});
