import { mailbackEndpoints } from '@collective/api-client/contract';
import { setupFakeApi, type DemoUserKey } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { answerGet, itRetriesAfterAFailure } from '../testing/screen-testing';
import AdminConsumerFormsOverviewScreen from './admin-consumer-forms-overview-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

type Answer = v.InferInput<
  (typeof mailbackEndpoints)['mailbackForms']['response']
>;
type FormVersion = Answer['forms'][number]['versions'][number];

/** Version `n` of a form (1 or 2), published on the 20th minus n. */
const version = (n: 1 | 2, status: FormVersion['status']): FormVersion => ({
  id: n,
  version: n,
  status,
  fields: {
    consent_text: `Consent text ${n}`,
    brands: [
      { id: 2, name: "Kiehl's" },
      { id: 3, name: 'Lumen Skincare' },
    ],
  },
  published_at: `2026-11-${20 - n}T08:00:00.000Z`,
  submissions: n,
});

/** Form `n`, its two versions with the statuses given, and `n` of each step of the funnel. */
const form = (
  n: 1 | 2,
  statuses: [FormVersion['status'], FormVersion['status']],
): Answer['forms'][number] => ({
  id: n,
  title: `Title ${n}`,
  versions: [version(1, statuses[0]), version(2, statuses[1])],
  funnel: {
    submitted: n,
    label_sent: n,
    received: n,
  },
  by_month: [
    {
      month: '2026-10',
      submissions: 1,
    },
    {
      month: '2026-11',
      submissions: 2,
    },
  ],
});

/**
 * An answer of GET /api/mailback/forms; its type is the contract's, so a field
 * it lacks is a type error. Form 1 has a live version 1 and a draft version 2,
 * form 2 two drafts.
 */
const ANSWER: Answer = {
  forms: [form(1, ['live', 'draft']), form(2, ['draft', 'draft'])],
};

const answerWith = answerGet(server, `${TEST_ORIGIN}/api/mailback/forms`);

/** Opens the screen at its URL (or `url`) signed in as `who`. */
function open(who: DemoUserKey, url = '/admin/consumer-forms-overview') {
  return renderWithShell(<AdminConsumerFormsOverviewScreen />, {
    signedInAs: who,
    route: url,
  });
}

describe('AdminConsumerFormsOverviewScreen', () => {
  it('is tested with an answer the contract accepts', () => {
    expect(
      v.safeParse(mailbackEndpoints.mailbackForms.response, ANSWER).issues,
    ).toBeUndefined();
  });

  it('shows each form with its funnel and versions, and publishes a new version', async () => {
    const asked = answerWith(ANSWER);
    const published: unknown[] = [];
    server.use(
      http.post(
        `${TEST_ORIGIN}/api/mailback/forms/1/versions`,
        async ({ request }) => {
          published.push(await request.json());
          return HttpResponse.json(ANSWER, { status: 201 });
        },
      ),
    );
    await open('super');
    expect(
      await screen.findByRole('table', { name: 'Versions of Title 1' }),
    ).toBeInTheDocument();
    expect(asked).toHaveLength(1);
    expect(
      screen.getAllByRole('rowheader', { name: 'Version 2' }).length,
    ).toBeGreaterThan(0);
    const [publish] = screen.getAllByRole('button', {
      name: 'Publish version 3',
    });
    const [kiehls] = screen.getAllByRole('checkbox', { name: "Kiehl's" });
    const [lumen] = screen.getAllByRole('checkbox', {
      name: 'Lumen Skincare',
    });
    // With no brand the form says so, at the brands, and sends nothing.
    await userEvent.click(kiehls!);
    await userEvent.click(lumen!);
    await userEvent.click(publish!);
    expect(
      await screen.findByText('brand_ids must name at least one brand'),
    ).toBeInTheDocument();
    expect(published).toEqual([]);
    await userEvent.click(kiehls!);
    await userEvent.click(publish!);
    await waitFor(() =>
      expect(published).toEqual([
        { consent_text: 'Consent text 1', brand_ids: [2] },
      ]),
    );
    expect(
      await screen.findByText('The new version is live.'),
    ).toBeInTheDocument();
  });

  itRetriesAfterAFailure(answerWith, () => open('super'));
});
