import { analyticsEndpoints } from '@collective/api-client/contract';
import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { screenOpener } from '@collective/tenancy/testing';
import {
  answerGet,
  fixedDate,
  itUsesContractAnswers,
} from '@collective/ui/testing';
import { screen, within } from '@testing-library/react';
import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import PactAnalyticsScreen from './pact-analytics-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

type Pact = v.InferInput<
  (typeof analyticsEndpoints)['pactAnalytics']['response']
>;

/** Impact figures: `kg` collected, 80 kg confirmed (60 recycled, 10 down, 5 energy, 5 landfill). */
const impact = (kg: number) => ({
  collected_kg: kg,
  outcomes: { recycled: 60, downcycled: 10, energy_recovery: 5, landfill: 5 },
  confirmed_kg: 80,
  recycling_rate: 0.875,
  diversion_rate: 0.9375,
});

const MONTHS = Array.from({ length: 12 }, (_, index) => {
  const month = new Date(Date.UTC(2025, 11 + index, 1))
    .toISOString()
    .slice(0, 7);
  return { month, ...impact(100) };
});

const COLLECTIVE: Pact = {
  success: true,
  scope: { member_id: null, member_name: null },
  from: '2025-12',
  to: '2026-11',
  months: MONTHS,
  programs: [
    { channel: 'in-store', ...impact(900) },
    { channel: 'kiosk', ...impact(300) },
    { channel: 'mail-back', ...impact(0) },
  ],
  tiers: [
    { tier: 'founding', members: 3, ...impact(800) },
    { tier: 'full', members: 4, ...impact(400) },
  ],
  totals: impact(1200),
  share: null,
};

const OWN: Pact = {
  ...COLLECTIVE,
  scope: { member_id: 2, member_name: "Kiehl's" },
  tiers: [{ tier: 'founding', members: 1, ...impact(300) }],
  totals: impact(300),
  share: { collected: 0.25, confirmed: 0.2 },
};

const answerWith = answerGet(server, `${TEST_ORIGIN}/api/analytics/pact`);

const open = screenOpener(<PactAnalyticsScreen />, '/pact-analytics');

const figure = (term: string) =>
  within(
    screen.getByText(term, { selector: 'dt' }).closest('div') as HTMLElement,
  ).getByRole('definition');

describe('PactAnalyticsScreen', () => {
  fixedDate('2026-11-20T12:00:00Z');

  itUsesContractAnswers(analyticsEndpoints.pactAnalytics.response, [
    COLLECTIVE,
    OWN,
  ]);

  it("shows the collective's impact with its rates, month by month, per program and tier", async () => {
    const asked = answerWith(COLLECTIVE);
    await open('admin');
    await screen.findByRole('heading', {
      name: 'The collective, Dec 2025 – Nov 2026',
    });
    expect(asked[0]?.toString()).toBe('from=2025-12&to=2026-11');
    expect(figure('Recycling rate')).toHaveTextContent('88%');
    expect(figure('Diversion rate')).toHaveTextContent('94%');
    expect(screen.queryByText(/Share of the collective/)).toBeNull();
    const months = within(
      screen.getByRole('region', { name: 'Month by month' }),
    ).getByRole('table');
    expect(within(months).getAllByRole('row')).toHaveLength(13);
    expect(
      within(screen.getByRole('region', { name: 'Month by month' })).getByRole(
        'button',
        { name: 'Export CSV' },
      ),
    ).toBeInTheDocument();
    const programs = within(
      screen.getByRole('region', { name: 'By program' }),
    ).getByRole('table');
    expect(
      within(programs).getByRole('rowheader', { name: 'Kiosk' }).closest('tr'),
    ).toHaveTextContent('Kiosk300 kg80 kg60 kg10 kg5 kg5 kg88%94%');
    const tiers = within(
      screen.getByRole('region', { name: 'By member tier' }),
    ).getByRole('table');
    expect(
      within(tiers).getByRole('rowheader', { name: 'Full' }).closest('tr'),
    ).toHaveTextContent('Full4400 kg');
    expect(
      screen.getByRole('img', {
        name: /^Confirmed outcomes per month of receipt: 12 bars/,
      }),
    ).toBeInTheDocument();
  });

  it("shows a brand admin their member's own figures and its share of the collective", async () => {
    const asked = answerWith(OWN);
    await open('brandAdmin');
    await screen.findByRole('heading', {
      name: "Kiehl's, Dec 2025 – Nov 2026",
    });
    expect(asked[0]?.get('member_id')).toBe('2');
    expect(
      figure("Share of the collective's collected weight"),
    ).toHaveTextContent('25%');
    expect(figure('Collected weight')).toHaveTextContent('300 kg');
    const tier = within(
      screen.getByRole('region', { name: "The member's tier" }),
    ).getByRole('table');
    expect(within(tier).getAllByRole('row')).toHaveLength(2);
  });
});
