import { DEMO_CLEANUP_CONFIRMATION } from '@collective/api-client/contract';
import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import DemoCleanupScreen from './demo-cleanup-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

const kind = (
  key: string,
  label: string,
  action: 'delete' | 'restore' | 'retire',
  items: { id: string; label: string; detail: string | null }[],
) => ({ kind: key, label, action, count: items.length, items });

const PLAN = {
  seeded_at: '2026-11-20T10:00:00.000Z',
  cleaned_at: null,
  plan: '0123456789abcdef',
  confirmation: DEMO_CLEANUP_CONFIRMATION,
  total: 3,
  kinds: [
    kind('invitations', 'Invitations', 'delete', [
      { id: '9', label: 'guest@kiehls.test', detail: 'brand_viewer · invited' },
    ]),
    kind('saved-views', 'Saved views', 'delete', [
      { id: '1', label: 'Portland', detail: 'stores · private' },
    ]),
    kind('restore-members', 'Seeded members edited since', 'restore', [
      { id: '7', label: 'Harbor & Pine', detail: 'name' },
    ]),
    kind('links', 'Links', 'delete', []),
  ],
};
const EMPTY = { ...PLAN, plan: 'fedcba9876543210', total: 0, kinds: [] };

/** Serves the dry run (the plan, then `after` once cleaned) and records each clean-up's body. */
function serve(answer: (body: unknown) => Response) {
  const sent: unknown[] = [];
  let current: object = PLAN;
  server.use(
    http.get(`${TEST_ORIGIN}/api/demo-cleanup`, () =>
      HttpResponse.json({ plan: current }),
    ),
    http.post(`${TEST_ORIGIN}/api/demo-cleanup`, async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      const response = answer(body);
      if (response.status === 200) current = EMPTY;
      return response;
    }),
  );
  return sent;
}

describe('DemoCleanupScreen', () => {
  it('tells a platform admin that only the super admin can clean up, and asks the server nothing', async () => {
    const sent = serve(() => HttpResponse.json({}));
    let asked = 0;
    server.use(
      http.get(`${TEST_ORIGIN}/api/demo-cleanup`, () => {
        asked += 1;
        return HttpResponse.json({ plan: PLAN });
      }),
    );
    await renderWithShell(<DemoCleanupScreen />, {
      signedInAs: 'admin',
      route: '/demo-cleanup',
    });
    expect(
      await screen.findByRole('heading', {
        name: 'Only the super admin can clean up the demo',
      }),
    ).toBeVisible();
    expect(
      screen.queryByRole('button', { name: /Delete and restore/ }),
    ).toBeNull();
    expect(asked).toBe(0);
    expect(sent).toEqual([]);
  });

  it('shows the dry run per kind with every record, checks the phrase, and sends the plan it confirms', async () => {
    const sent = serve(() =>
      HttpResponse.json({
        done: PLAN.kinds
          .filter((k) => k.count > 0)
          .map(({ kind: key, label, action, count }) => ({
            kind: key,
            label,
            action,
            count,
          })),
        plan: EMPTY,
      }),
    );
    await renderWithShell(<DemoCleanupScreen />, {
      signedInAs: 'super',
      route: '/demo-cleanup',
    });
    const table = await screen.findByRole('table', {
      name: 'What the clean-up would do, per kind',
    });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Invitations', 'Saved views', 'Seeded members edited since']);
    expect(screen.getByText('guest@kiehls.test')).toBeInTheDocument();
    expect(screen.getByText('Harbor & Pine')).toBeInTheDocument();

    const field = screen.getByRole('textbox', { name: /to confirm/ });
    await userEvent.type(field, 'clean up');
    await userEvent.click(
      screen.getByRole('button', { name: 'Delete and restore' }),
    );
    expect(
      await screen.findByText(
        `Type "${DEMO_CLEANUP_CONFIRMATION}" to confirm.`,
      ),
    ).toBeVisible();
    expect(sent).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, DEMO_CLEANUP_CONFIRMATION);
    await userEvent.click(
      screen.getByRole('button', { name: 'Delete and restore' }),
    );
    expect(
      await screen.findByText(/The demo was cleaned up: 3 records/),
    ).toBeVisible();
    expect(sent).toEqual([
      { confirmation: DEMO_CLEANUP_CONFIRMATION, plan: PLAN.plan },
    ]);
    expect(
      await screen.findByText(
        'Nothing to clean up: the demo is as it was seeded.',
      ),
    ).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Delete and restore' }),
    ).toBeNull();
  });

  it('says so and shows the new dry run when the demo changed since (409)', async () => {
    const sent = serve(() =>
      HttpResponse.json(
        {
          error: 'Conflict',
          message:
            'The demo changed since your dry run; nothing was changed. Review the new dry run and confirm again.',
          plan: PLAN,
        },
        { status: 409 },
      ),
    );
    await renderWithShell(<DemoCleanupScreen />, {
      signedInAs: 'super',
      route: '/demo-cleanup',
    });
    await userEvent.type(
      await screen.findByRole('textbox', { name: /to confirm/ }),
      DEMO_CLEANUP_CONFIRMATION,
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Delete and restore' }),
    );
    expect(
      await screen.findByText(/The demo changed since your dry run/),
    ).toBeVisible();
    // The query client retries a write once (specification §9); both name the plan shown.
    expect(new Set(sent.map((body) => JSON.stringify(body)))).toEqual(
      new Set([
        JSON.stringify({
          confirmation: DEMO_CLEANUP_CONFIRMATION,
          plan: PLAN.plan,
        }),
      ]),
    );
  });
});
