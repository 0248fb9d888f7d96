import { comparisonEndpoints } from '@collective/api-client/contract';
import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { screenOpener } from '@collective/tenancy/testing';
import {
  answerGet,
  itRetriesAfterAFailure,
  itUsesContractAnswers,
} from '@collective/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import MemberComparisonsScreen from './member-comparisons-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

type Answer = v.InferInput<
  (typeof comparisonEndpoints)['memberComparisons']['response']
>;
type Row = Answer['members'][number];

/** A member's row with round figures. */
function member(
  id: number,
  name: string,
  collected: number,
  growth: number | null,
): Row {
  return {
    member_id: id,
    member_name: name,
    deactivated: false,
    collected_kg: collected,
    previous_collected_kg: growth === null ? 0 : collected / (1 + growth),
    growth,
    active_stores: 12,
    processed_kg: collected / 2,
    outcome_kg: {
      recycled: collected * 0.3,
      downcycled: collected * 0.1,
      energy_recovery: collected * 0.06,
      landfill: collected * 0.04,
    },
    outcome_mix: {
      recycled: 0.6,
      downcycled: 0.2,
      energy_recovery: 0.12,
      landfill: 0.08,
    },
    recycling_rate: 0.8,
  };
}

const spread = (p25: number, median: number, p75: number) => ({
  p25,
  median,
  p75,
});

const PERCENTILES: Answer['percentiles'] = {
  members: 7,
  collected_kg: spread(1000, 2500, 4000),
  active_stores: spread(8, 12, 20),
  growth: spread(-0.05, 0.1, 0.2),
  recycled: spread(0.5, 0.6, 0.7),
  downcycled: spread(0.1, 0.2, 0.25),
  energy_recovery: spread(0.05, 0.1, 0.15),
  landfill: spread(0.02, 0.08, 0.12),
  recycling_rate: spread(0.7, 0.8, 0.9),
};

const PERIOD = { from: '2025-12-01', to: '2026-11-30' };

/** The collective's answer: two members side by side. */
const ANSWER: Answer = {
  success: true,
  scope: { member_id: null, member_name: null },
  period: PERIOD,
  previous_period: { from: '2024-12-01', to: '2025-11-30' },
  members: [
    member(2, "Kiehl's", 5000, 0.25),
    member(3, 'Lumen Skincare', 1200, null),
  ],
  percentiles: PERCENTILES,
};

/** A brand admin of Kiehl's: their own member only, beside the percentiles. */
const OWN_ANSWER: Answer = {
  ...ANSWER,
  scope: { member_id: 2, member_name: "Kiehl's" },
  members: [member(2, "Kiehl's", 5000, 0.25)],
};

const answerWith = answerGet(server, `${TEST_ORIGIN}/api/member-comparisons`);

const open = screenOpener(<MemberComparisonsScreen />, '/member-comparisons');

describe('MemberComparisonsScreen', () => {
  itUsesContractAnswers(comparisonEndpoints.memberComparisons.response, [
    ANSWER,
    OWN_ANSWER,
    { ...OWN_ANSWER, percentiles: null },
  ]);

  it("shows a collective admin every member's figures, the percentiles and the chart with its table", async () => {
    answerWith(ANSWER);
    await open('super');
    const table = await screen.findByRole('table', {
      name: /^2 members, Dec 1, 2025 – Nov 30, 2026/,
    });
    const kiehls = within(table)
      .getByRole('rowheader', { name: "Kiehl's" })
      .closest('tr') as HTMLElement;
    expect(within(kiehls).getByText('+25%')).toBeInTheDocument();
    expect(within(kiehls).getByText('60%')).toBeInTheDocument();
    const lumen = within(table)
      .getByRole('rowheader', { name: 'Lumen Skincare' })
      .closest('tr') as HTMLElement;
    expect(within(lumen).getByText('–')).toBeInTheDocument();

    const quartiles = screen.getByRole('table', {
      name: /^Quartiles over 7 members/,
    });
    const growth = within(quartiles)
      .getByRole('rowheader', { name: 'Growth on a year earlier' })
      .closest('tr') as HTMLElement;
    expect(within(growth).getByText('+10%')).toBeInTheDocument();

    expect(
      screen.getByRole('img', {
        name: /Collected weight of each member by end-of-life outcome/,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Show the figures as a table')).toBeInTheDocument();
  });

  it('asks for the period and order of its URL, and sorts by a column with the keyboard', async () => {
    const asked = answerWith(ANSWER);
    const user = userEvent.setup();
    await open('super', '/member-comparisons?period=2025&sort=-collected_kg');
    await screen.findByRole('table', { name: /^2 members/ });
    expect(Object.fromEntries(asked[0] ?? [])).toMatchObject({
      period: '2025',
      sort: '-collected_kg',
    });

    const growth = screen.getByRole('button', { name: /Growth/ });
    growth.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(asked.at(-1)?.get('sort')).toBe('-growth'));

    const period = screen.getByRole('combobox', { name: 'Period' });
    await user.selectOptions(period, '2026-01');
    await waitFor(() => expect(asked.at(-1)?.get('period')).toBe('2026-01'));
  });

  it("shows a brand admin their member beside the collective's percentiles, naming no other member", async () => {
    const asked = answerWith(OWN_ANSWER);
    await open('brandAdmin');
    const table = await screen.findByRole('table', {
      name: /^Kiehl's beside the collective/,
    });
    const collected = within(table)
      .getByRole('rowheader', { name: 'Collected' })
      .closest('tr') as HTMLElement;
    expect(within(collected).getAllByRole('cell')).toHaveLength(4);
    expect(screen.queryByText('Lumen Skincare')).not.toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /beside the collective's percentiles/ }),
    ).toBeInTheDocument();
    expect(asked[0]?.get('member_id')).toBe('2');
  });

  it('says when the percentiles are withheld', async () => {
    answerWith({ ...OWN_ANSWER, percentiles: null });
    await open('brandAdmin');
    expect(
      await screen.findByText(/percentiles are withheld/),
    ).toBeInTheDocument();
  });

  itRetriesAfterAFailure(answerWith, () => open('super'));
});
