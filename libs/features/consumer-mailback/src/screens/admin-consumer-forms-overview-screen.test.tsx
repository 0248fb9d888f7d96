import { mailbackEndpoints } from '@collective/api-client/contract';
import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { screenOpener } from '@collective/tenancy/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { answerGet, itRetriesAfterAFailure } from '@collective/ui/testing';
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
  published_at: status === 'draft' ? null : `2026-11-${20 - n}T08:00:00.000Z`,
  submissions: status === 'draft' ? 0 : n,
  revision: 1,
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
 * form 2 a closed version 1 and a live version 2 (no draft).
 */
const ANSWER: Answer = {
  forms: [form(1, ['live', 'draft']), form(2, ['closed', 'live'])],
};

const answerWith = answerGet(server, `${TEST_ORIGIN}/api/mailback/forms`);

/** Opens the screen at its URL (or `url`) signed in as `who`. */
const open = screenOpener(
  <AdminConsumerFormsOverviewScreen />,
  '/admin/consumer-forms-overview',
);

describe('AdminConsumerFormsOverviewScreen', () => {
  it('is tested with an answer the contract accepts', () => {
    expect(
      v.safeParse(mailbackEndpoints.mailbackForms.response, ANSWER).issues,
    ).toBeUndefined();
  });

  /** Records the body of each write to `path` and answers the forms. */
  function recordWrites(method: 'post' | 'put', path: string) {
    const bodies: unknown[] = [];
    server.use(
      http[method](`${TEST_ORIGIN}${path}`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ANSWER, {
          status: method === 'post' && path.endsWith('/versions') ? 201 : 200,
        });
      }),
    );
    return bodies;
  }

  it('shows each form with its funnel and versions, and saves a new version as a draft', async () => {
    const asked = answerWith(ANSWER);
    const saved = recordWrites('post', '/api/mailback/forms/2/versions');
    await open('super');
    expect(
      await screen.findByRole('table', { name: 'Versions of Title 1' }),
    ).toBeInTheDocument();
    expect(asked).toHaveLength(1);
    expect(
      screen.getAllByRole('rowheader', { name: 'Version 2' }).length,
    ).toBeGreaterThan(0);
    const draftForm = screen.getByRole('form', {
      name: 'Save a new version as a draft of Title 2',
    });
    const kiehls = within(draftForm).getByRole('checkbox', { name: "Kiehl's" });
    const lumen = within(draftForm).getByRole('checkbox', {
      name: 'Lumen Skincare',
    });
    const save = within(draftForm).getByRole('button', {
      name: 'Save version 3 as a draft',
    });
    // With no brand the form says so, at the brands, and sends nothing.
    await userEvent.click(kiehls);
    await userEvent.click(lumen);
    await userEvent.click(save);
    expect(
      await within(draftForm).findByText(
        'brand_ids must name at least one brand',
      ),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
    await userEvent.click(kiehls);
    await userEvent.click(save);
    await waitFor(() =>
      expect(saved).toEqual([
        { consent_text: 'Consent text 2', brand_ids: [2] },
      ]),
    );
    expect(
      await screen.findByText(
        'Version 3 saved as a draft: preview it, then publish it.',
      ),
    ).toBeInTheDocument();
    // A form with no draft has nothing to preview or publish.
    expect(
      screen.queryByRole('form', { name: /Publish version 3/ }),
    ).toBeNull();
  });

  it('edits a draft, previews it as consumers will see it, and publishes it', async () => {
    answerWith(ANSWER);
    const edited = recordWrites('put', '/api/mailback/forms/1/versions/2');
    const published = recordWrites(
      'post',
      '/api/mailback/forms/1/versions/2/publish',
    );
    await open('super');
    const editor = await screen.findByRole('form', {
      name: 'Edit draft version 2 of Title 1',
    });
    const preview = screen.getByRole('region', {
      name: 'Preview of version 2, as consumers will see it',
    });
    expect(within(preview).getByRole('list')).toHaveTextContent(
      "Kiehl'sLumen Skincare",
    );
    expect(
      within(preview).getByRole('checkbox', { name: 'Consent text 2' }),
    ).toBeDisabled();

    const consent = within(editor).getByRole('textbox', {
      name: 'Consent text',
    });
    await userEvent.clear(consent);
    await userEvent.type(consent, 'New terms');
    await userEvent.click(
      within(editor).getByRole('button', { name: 'Save draft version 2' }),
    );
    await waitFor(() =>
      expect(edited).toEqual([
        { consent_text: 'New terms', brand_ids: [2, 3], revision: 1 },
      ]),
    );
    expect(
      await screen.findByText('Draft version 2 saved.'),
    ).toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('button', { name: 'Publish version 2' }),
    );
    await waitFor(() => expect(published).toEqual([{ revision: 1 }]));
    expect(
      await screen.findByText('Version 2 is live; version 1 is closed.'),
    ).toBeInTheDocument();
  });

  itRetriesAfterAFailure(answerWith, () => open('super'));
});
