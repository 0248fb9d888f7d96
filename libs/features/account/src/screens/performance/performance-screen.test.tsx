import {
  performanceEndpoints,
  type MemberScorecard,
  type Performance,
} from '@collective/api-client/contract';
import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import PerformanceScreen from './performance-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

const THIS_YEAR = new Date().getUTCFullYear();

const KIEHLS: MemberScorecard = {
  member_id: 2,
  member_name: "Kiehl's",
  targets: { collected_kg: 20_000, active_stores: 16, recycling_rate: 0.6 },
  version: 3,
  actual: { collected_kg: 9_000, active_stores: 15, recycling_rate: 0.63 },
  progress: {
    collected_kg: { share_of_target: 0.45, status: 'behind' },
    active_stores: { share_of_target: 0.9375, status: 'behind' },
    recycling_rate: { share_of_target: 1.05, status: 'on_track' },
  },
};
const LUMEN: MemberScorecard = {
  member_id: 3,
  member_name: 'Lumen Skincare',
  targets: null,
  version: null,
  actual: { collected_kg: 4_200, active_stores: 8, recycling_rate: 0.5 },
  progress: {
    collected_kg: { share_of_target: null, status: 'no_target' },
    active_stores: { share_of_target: null, status: 'no_target' },
    recycling_rate: { share_of_target: null, status: 'no_target' },
  },
};

const ANSWER: Performance = {
  success: true,
  scope: { member_id: null, member_name: null },
  year: THIS_YEAR,
  as_of: `${THIS_YEAR}-07-01`,
  year_elapsed: 0.5,
  scorecards: [KIEHLS, LUMEN],
  median: {
    members: 7,
    members_with_targets: 6,
    actual: { collected_kg: 6_100, active_stores: 9.5, recycling_rate: 0.58 },
    share_of_target: {
      collected_kg: 0.52,
      active_stores: 0.97,
      recycling_rate: 1.01,
    },
  },
};

const BRAND_ANSWER: Performance = {
  ...ANSWER,
  scope: { member_id: 2, member_name: "Kiehl's" },
  scorecards: [KIEHLS],
};

/** Serves GET /api/performance with `answer`; returns each request's query. */
function serve(answer: object = ANSWER, status = 200): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(`${TEST_ORIGIN}/api/performance`, ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(answer, { status });
    }),
  );
  return asked;
}

/** Serves PUT /api/performance/targets with `reply`; returns the bodies sent. */
function serveWrite(reply: (body: unknown) => Response): unknown[] {
  const sent: unknown[] = [];
  server.use(
    http.put(`${TEST_ORIGIN}/api/performance/targets`, async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return reply(body);
    }),
  );
  return sent;
}

describe('PerformanceScreen', () => {
  it('is tested with answers the contract accepts', () => {
    const schema = performanceEndpoints.performance.response;
    expect(v.safeParse(schema, ANSWER).issues).toBeUndefined();
    expect(v.safeParse(schema, BRAND_ANSWER).issues).toBeUndefined();
  });

  it("shows a collective admin every member's progress as text and meters, and the median", async () => {
    const asked = serve();
    await renderWithShell(<PerformanceScreen />, {
      signedInAs: 'admin',
      route: '/performance',
    });

    const table = await screen.findByRole('table', {
      name: `Members' progress against their ${THIS_YEAR} targets`,
    });
    const kiehls = within(table).getByRole('row', { name: /Kiehl's/ });
    expect(kiehls).toHaveTextContent('9 t of 20 t');
    expect(kiehls).toHaveTextContent('45% · Behind');
    expect(kiehls).toHaveTextContent('105% · On track');
    expect(
      within(kiehls).getByRole('meter', {
        name: "Collected weight of Kiehl's: 45% of target",
      }),
    ).toHaveValue(0.45);
    // Over 100 % the bar is full; the text says how far over.
    expect(
      within(kiehls).getByRole('meter', { name: /Recycling rate of Kiehl's/ }),
    ).toHaveValue(1);
    const lumen = within(table).getByRole('row', { name: /Lumen Skincare/ });
    expect(within(lumen).queryAllByRole('meter')).toHaveLength(0);
    expect(within(lumen).getAllByText('No target')).toHaveLength(3);
    const median = screen.getByRole('region', { name: 'Collective median' });
    expect(median).toHaveTextContent('over 7 members');
    expect(median).toHaveTextContent('52% of target');
    expect(asked[0]?.get('year')).toBe(String(THIS_YEAR));
    expect(asked[0]?.has('member_id')).toBe(false);
  });

  it("shows a brand admin their own scorecard beside the median, and asks for their member's", async () => {
    const asked = serve(BRAND_ANSWER);
    await renderWithShell(<PerformanceScreen />, {
      signedInAs: 'brandAdmin',
      route: '/performance',
    });

    const own = await screen.findByRole('region', {
      name: `Kiehl's scorecard, ${THIS_YEAR}`,
    });
    expect(own).toHaveTextContent('15 of 16');
    expect(within(own).getAllByRole('meter')).toHaveLength(3);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /targets of/ })).toBeNull();
    expect(
      screen.getByRole('region', { name: 'Collective median' }),
    ).toHaveTextContent('9.5');
    expect(asked[0]?.get('member_id')).toBe('2');
  });

  it('keeps the year in the URL and asks for the year chosen', async () => {
    const asked = serve();
    await renderWithShell(<PerformanceScreen />, {
      signedInAs: 'admin',
      route: `/performance?year=${THIS_YEAR - 1}`,
    });
    const year = await screen.findByRole('combobox', { name: 'Year' });
    expect(year).toHaveValue(String(THIS_YEAR - 1));
    await waitFor(() =>
      expect(asked[0]?.get('year')).toBe(String(THIS_YEAR - 1)),
    );
    await userEvent.selectOptions(year, String(THIS_YEAR + 1));
    await waitFor(() =>
      expect(asked.at(-1)?.get('year')).toBe(String(THIS_YEAR + 1)),
    );
  });

  it('sets targets for a member without any, sending the percent as a share and no version', async () => {
    serve();
    const sent = serveWrite(() =>
      HttpResponse.json({
        success: true,
        year: THIS_YEAR,
        scorecard: { ...LUMEN, version: 1 },
      }),
    );
    await renderWithShell(<PerformanceScreen />, {
      signedInAs: 'admin',
      route: '/performance',
    });
    await userEvent.click(
      await screen.findByRole('button', {
        name: `Set the ${THIS_YEAR} targets of Lumen Skincare`,
      }),
    );
    const form = screen.getByRole('form', {
      name: `Targets of Lumen Skincare for ${THIS_YEAR}`,
    });
    const rate = within(form).getByRole('textbox', { name: /Recycling rate/ });
    await userEvent.type(
      within(form).getByRole('textbox', { name: /Collected weight/ }),
      '12500',
    );
    await userEvent.type(
      within(form).getByRole('textbox', { name: /Active stores/ }),
      '9',
    );
    await userEvent.type(rate, '140');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Save targets' }),
    );
    await waitFor(() => expect(rate).toHaveAttribute('aria-invalid', 'true'));
    expect(sent).toHaveLength(0);

    await userEvent.clear(rate);
    await userEvent.type(rate, '62.5');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Save targets' }),
    );
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(
      await screen.findByText(
        `The ${THIS_YEAR} targets of Lumen Skincare were saved.`,
      ),
    ).toHaveAttribute('role', 'status');
    expect(sent[0]).toEqual({
      member_id: 3,
      year: THIS_YEAR,
      collected_kg: 12_500,
      active_stores: 9,
      recycling_rate: 0.625,
    });
  });

  it('keeps the values typed after a 409 and loads the latest targets on request', async () => {
    serve();
    serveWrite(() => {
      serve({
        ...ANSWER,
        scorecards: [
          {
            ...KIEHLS,
            version: 4,
            targets: { ...KIEHLS.targets, collected_kg: 25_000 },
          },
          LUMEN,
        ],
      });
      return HttpResponse.json(
        {
          error: 'Conflict',
          message:
            "The targets of Kiehl's changed since you read it (version 3, now 4).",
        },
        { status: 409 },
      );
    });
    await renderWithShell(<PerformanceScreen />, {
      signedInAs: 'admin',
      route: '/performance',
    });
    await userEvent.click(
      await screen.findByRole('button', {
        name: `Edit the ${THIS_YEAR} targets of Kiehl's`,
      }),
    );
    const form = screen.getByRole('form', {
      name: `Targets of Kiehl's for ${THIS_YEAR}`,
    });
    const weight = within(form).getByRole('textbox', {
      name: /Collected weight/,
    });
    expect(weight).toHaveValue('20000');
    expect(
      within(form).getByRole('textbox', { name: /Recycling rate/ }),
    ).toHaveValue('60');
    await userEvent.clear(weight);
    await userEvent.type(weight, '21000');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Save targets' }),
    );

    expect(
      await within(form).findByText(/Someone else changed this record/),
    ).toBeInTheDocument();
    expect(weight).toHaveValue('21000');
    await userEvent.click(
      await within(form).findByRole('button', {
        name: 'Load the latest version',
      }),
    );
    await waitFor(() => expect(weight).toHaveValue('25000'));
  });

  it('shows a failure with Retry, which asks again', async () => {
    const asked = serve(
      { error: 'Internal Server Error', message: 'The server failed.' },
      500,
    );
    await renderWithShell(<PerformanceScreen />, {
      signedInAs: 'admin',
      route: '/performance',
    });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    const before = asked.length;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(asked.length).toBeGreaterThan(before));
  });
});
