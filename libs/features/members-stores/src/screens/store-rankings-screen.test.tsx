import { storeRankingsEndpoints } from '@collective/api-client/contract';
import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import {
  itAsksForTheDataScope,
  screenOpener,
} from '@collective/tenancy/testing';
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
import StoreRankingsScreen from './store-rankings-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

/**
 * An answer of GET /api/store-rankings; its type is the contract's, so a field
 * it lacks is a type error.
 */
const ANSWER: v.InferInput<
  (typeof storeRankingsEndpoints)['storeRankings']['response']
> = {
  success: true,
  scope: { member_id: null, member_name: null },
  metric: 'collected_kg',
  period: { from: '2025-12-01', to: '2026-11-30' },
  median: {
    stores: 120,
    collected_kg: 310.5,
    kg_per_active_month: 26.2,
    growth: 0.08,
    contamination_rate: 0.031,
  },
  store_rankings: [
    {
      id: 11,
      name: 'Union Square',
      city: 'San Francisco',
      region: 'West',
      channel: 'in-store',
      member_name: "Kiehl's",
      rank: 1,
      active_days: 365,
      collected_kg: 912.4,
      kg_per_active_month: 76,
      growth: 0.25,
      contamination_rate: 0.02,
    },
    {
      id: 12,
      name: 'Pearl District',
      city: 'Portland',
      region: 'West',
      channel: 'kiosk',
      member_name: 'Lumen Skincare',
      rank: 2,
      active_days: 120,
      collected_kg: 150,
      kg_per_active_month: 38.1,
      growth: null,
      contamination_rate: null,
    },
  ],
  page: 1,
  page_size: 20,
  total: 2,
};

/** The same answer as a brand admin of Kiehl's gets it: their own stores only. */
const OWN_ANSWER = {
  ...ANSWER,
  scope: { member_id: 2, member_name: "Kiehl's" },
  store_rankings: ANSWER.store_rankings.slice(0, 1),
  total: 1,
};

/**
 * Answers GET /api/store-rankings with `answer` and `status`; returns the query
 * of every request, in order.
 */
const answerWith = answerGet(server, `${TEST_ORIGIN}/api/store-rankings`);

/** Opens the screen at its URL (or `url`) signed in as `who`. */
const open = screenOpener(<StoreRankingsScreen />, '/store-rankings');

describe('StoreRankingsScreen', () => {
  itUsesContractAnswers(storeRankingsEndpoints.storeRankings.response, [
    ANSWER,
    OWN_ANSWER,
  ]);

  it('shows the ranked stores in a table named by their number, figure and period', async () => {
    answerWith(ANSWER);
    await open('super');
    const table = await screen.findByRole('table', {
      name: /^2 stores ranked by collected weight, Dec 1, 2025 – Nov 30, 2026$/,
    });
    const first = within(table).getByRole('rowheader', {
      name: 'Union Square, San Francisco',
    });
    const row = first.closest('tr') as HTMLElement;
    expect(within(row).getByText('+25%')).toBeInTheDocument();
    expect(within(row).getByText('2%')).toBeInTheDocument();
    expect(within(row).getByText('In-store bin')).toBeInTheDocument();
    const second = within(table)
      .getByRole('rowheader', { name: 'Pearl District, Portland' })
      .closest('tr') as HTMLElement;
    // No growth without a previous period, no contamination without a receipt.
    expect(within(second).getAllByText('–')).toHaveLength(2);
  });

  it('asks for the figure, filters, sort and page of its URL', async () => {
    const asked = answerWith(ANSWER);
    await open(
      'super',
      '/store-rankings?metric=growth&period=2025&region=West&channel=kiosk&min_active_days=90&sort=-growth&page=2',
    );
    await screen.findByRole('table');
    expect(Object.fromEntries(asked[0] ?? [])).toMatchObject({
      metric: 'growth',
      period: '2025',
      region: 'West',
      channel: 'kiosk',
      min_active_days: '90',
      sort: '-growth',
      page: '2',
    });
  });

  it('ranks by another figure when one is chosen with the keyboard, as the list state of the URL', async () => {
    const asked = answerWith(ANSWER);
    const user = userEvent.setup();
    await open('super');
    await screen.findByRole('table');
    const rankBy = screen.getByRole('combobox', { name: 'Rank by' });

    await tabTo(user, rankBy);
    expect(document.activeElement).toBe(rankBy);
    await user.selectOptions(rankBy, 'Contamination rate');

    await waitFor(() =>
      expect(asked.at(-1)?.get('metric')).toBe('contamination_rate'),
    );
  });

  it("shows a brand user their own stores beside the collective median, with no member's name", async () => {
    const asked = answerWith(OWN_ANSWER);
    await open('brandAdmin');
    const median = await screen.findByRole('region', {
      name: 'Collective median',
    });
    expect(within(median).getByText(/over 120 stores/)).toBeInTheDocument();
    expect(within(median).getByText('Collected')).toBeInTheDocument();
    expect(within(median).getByText('+8%')).toBeInTheDocument();
    expect(within(median).getByText('3%')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /^1 store ranked/ });
    expect(
      within(table).queryByRole('columnheader', { name: /Member/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText('Lumen Skincare')).not.toBeInTheDocument();
    expect(asked[0]?.get('member_id')).toBe('2');
  });

  itAsksForTheDataScope(answerWith, ANSWER, open);

  it('says so when no store meets the filters', async () => {
    answerWith({ ...ANSWER, store_rankings: [], total: 0 });
    await open('super', '/store-rankings?region=Mountain');
    expect(
      await screen.findByText('No store meets these filters.'),
    ).toBeInTheDocument();
  });

  itRetriesAfterAFailure(answerWith, () => open('super'));
});
