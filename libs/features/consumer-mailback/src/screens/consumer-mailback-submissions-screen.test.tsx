import { mailbackEndpoints } from '@collective/api-client/contract';
import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { screenOpener } from '@collective/tenancy/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerGet, itRetriesAfterAFailure } from '@collective/ui/testing';
import ConsumerMailbackSubmissionsScreen from './consumer-mailback-submissions-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

/**
 * An answer of GET /api/mailback/submissions; its type is the contract's, so a
 * field it lacks is a type error.
 */
const ANSWER: v.InferInput<
  (typeof mailbackEndpoints)['mailbackSubmissions']['response']
> = {
  submissions: [
    {
      id: 'MB-2001',
      status: 'submitted',
      name: 'J••• M•••',
      email: 'j•••@e•••.com',
      region: 'West',
      items: 3,
      tracking_number: null,
      form_version: 1,
      created_at: '2026-11-19T08:00:00.000Z',
      redacted: false,
    },
    {
      id: 'MB-2002',
      status: 'label_sent',
      name: '[redacted]',
      email: '[redacted]',
      region: 'South',
      items: 2,
      tracking_number: '940012345678',
      form_version: 2,
      created_at: '2026-11-18T08:00:00.000Z',
      redacted: true,
    },
  ],
  page: 1,
  page_size: 20,
  total: 2,
};

const answerWith = answerGet(server, `${TEST_ORIGIN}/api/mailback/submissions`);

beforeEach(() => {
  server.use(
    http.get(`${TEST_ORIGIN}/api/saved-views`, () =>
      HttpResponse.json({ success: true, views: [] }),
    ),
  );
});

/** Opens the screen at its URL (or `url`) signed in as `who`. */
const open = screenOpener(
  <ConsumerMailbackSubmissionsScreen />,
  '/consumer-mailback/submissions',
);

describe('ConsumerMailbackSubmissionsScreen', () => {
  it('is tested with an answer the contract accepts', () => {
    expect(
      v.safeParse(mailbackEndpoints.mailbackSubmissions.response, ANSWER)
        .issues,
    ).toBeUndefined();
  });

  it('shows masked rows linking to their detail, and marks the chosen labels sent', async () => {
    const asked = answerWith(ANSWER);
    const marked: unknown[] = [];
    server.use(
      http.post(
        `${TEST_ORIGIN}/api/mailback/submissions/mark-label-sent`,
        async ({ request }) => {
          marked.push(await request.json());
          return HttpResponse.json({ marked: 1, skipped: 0 });
        },
      ),
    );
    await open('super', '/consumer-mailback/submissions?status=submitted');
    const link = await screen.findByRole('link', { name: 'MB-2001' });
    expect(link).toHaveAttribute(
      'href',
      '/consumer-mailback/submissions/MB-2001',
    );
    expect(screen.getAllByText('j•••@e•••.com').length).toBeGreaterThan(0);
    expect(asked[0]?.get('status')).toBe('submitted');
    expect(
      screen.getByRole('checkbox', { name: 'Select MB-2002' }),
    ).toBeDisabled();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Select MB-2001' }),
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Mark label sent (1)' }),
    );
    await waitFor(() => expect(marked).toEqual([{ ids: ['MB-2001'] }]));
    expect(await screen.findByText('1 label marked sent.')).toBeInTheDocument();
  });

  it('shows why marking failed, keeping the choice', async () => {
    answerWith(ANSWER);
    server.use(
      http.post(`${TEST_ORIGIN}/api/mailback/submissions/mark-label-sent`, () =>
        HttpResponse.json(
          { error: 'ids must name at most 100 submissions.' },
          { status: 400 },
        ),
      ),
    );
    await open('super');
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Select MB-2001' }),
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Mark label sent (1)' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ids must name at most 100 submissions.',
    );
    expect(
      screen.getByRole('checkbox', { name: 'Select MB-2001' }),
    ).toBeChecked();
  });

  it('keeps saved views of the filters, never of the search, and applies one', async () => {
    const asked = answerWith(ANSWER);
    const saved: { list: string; state: string }[] = [];
    server.use(
      http.get(`${TEST_ORIGIN}/api/saved-views`, ({ request }) =>
        HttpResponse.json({
          success: true,
          views:
            new URL(request.url).searchParams.get('list') ===
            'mailback-submissions'
              ? [
                  {
                    id: 4,
                    list: 'mailback-submissions',
                    name: 'Labels out in the South',
                    visibility: 'collective',
                    state: 'status=label_sent&region=South',
                    mine: true,
                    owner_name: 'Super',
                    version: 1,
                    updated_at: '2026-11-24T08:00:00.000Z',
                  },
                ]
              : [],
        }),
      ),
      http.post(`${TEST_ORIGIN}/api/saved-views`, async ({ request }) => {
        const body = (await request.json()) as { list: string; state: string };
        saved.push(body);
        return HttpResponse.json(
          {
            success: true,
            view: {
              id: 5,
              list: body.list,
              name: 'West, received',
              visibility: 'private',
              state: body.state,
              mine: true,
              owner_name: 'Super',
              version: 1,
              updated_at: '2026-11-24T08:00:00.000Z',
            },
          },
          { status: 201 },
        );
      }),
    );
    await open(
      'super',
      '/consumer-mailback/submissions?search=jo.marsh&status=received&region=West',
    );
    await screen.findByRole('link', { name: 'MB-2001' });
    await userEvent.click(screen.getByRole('button', { name: /Saved views/ }));
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Save view…' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Save view' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Name' }),
      'West, received',
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Save view' }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.list).toBe('mailback-submissions');
    const state = new URLSearchParams(saved[0]?.state);
    expect(state.get('status')).toBe('received');
    expect(state.get('region')).toBe('West');
    expect(state.has('search')).toBe(false);
    expect(saved[0]?.state).not.toContain('jo.marsh');

    await userEvent.click(screen.getByRole('button', { name: /Saved views/ }));
    await userEvent.click(
      await screen.findByRole('menuitem', { name: /Labels out in the South/ }),
    );
    await waitFor(() => expect(asked.at(-1)?.get('region')).toBe('South'));
    expect(asked.at(-1)?.get('status')).toBe('label_sent');
    expect(asked.at(-1)?.has('search')).toBe(false);
  });

  itRetriesAfterAFailure(answerWith, () => open('super'));
});
