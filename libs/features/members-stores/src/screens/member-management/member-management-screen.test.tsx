import {
  membersEndpoints,
  recordEndpoints,
  type AuditEvent,
  type MemberProfile,
} from '@collective/api-client/contract';
import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import MemberManagementScreen from './member-management-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

const KIEHLS: MemberProfile = {
  id: 2,
  name: "Kiehl's",
  code: 'KIEHLS',
  tier: 'founding',
  status: 'active',
  contact_name: 'Amara Okafor',
  contact_email: 'sustainability@kiehls.test',
  contact_phone: '+1 555 0102',
  stores: 12,
  active_stores: 11,
  users: 2,
  collected_kg_this_year: 1234.5,
  last_shipment_at: '2026-11-19T08:00:00.000Z',
  deactivated_at: null,
  version: 3,
};
const LUMEN: MemberProfile = {
  ...KIEHLS,
  id: 3,
  name: 'Lumen Skincare',
  code: 'LUMEN',
  tier: 'full',
  contact_name: null,
  contact_email: null,
  contact_phone: null,
  version: 1,
};

const PAGE = {
  scope: { member_id: null, member_name: null },
  year: 2026,
  member_profiles: [KIEHLS, LUMEN],
  page: 1,
  page_size: 20,
  total: 2,
};

function edit(
  id: number,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditEvent {
  return {
    id,
    at: '2026-11-20T10:00:00.000Z',
    actor: { user_id: 2, email: 'admin@pact.test', name: 'Alex Admin' },
    api_key_id: null,
    tenant: 'pact',
    member_id: 2,
    action: 'update',
    entity: 'member',
    entity_id: '2',
    before,
    after,
    request_id: `req-${id}`,
  };
}

/** Serves the list, the member and its trail; returns the trail's queries and the writes' bodies. */
function serve(member: MemberProfile = KIEHLS, events: AuditEvent[] = []) {
  const trailAsked: URLSearchParams[] = [];
  server.use(
    http.get(`${TEST_ORIGIN}/api/members/profiles`, () =>
      HttpResponse.json(PAGE),
    ),
    http.get(`${TEST_ORIGIN}/api/members/:id`, ({ params }) =>
      params['id'] === String(member.id)
        ? HttpResponse.json({ member })
        : HttpResponse.json(
            {
              error: 'Not found',
              message: `There is no member ${String(params['id'])} in your data scope.`,
            },
            { status: 404 },
          ),
    ),
    http.get(`${TEST_ORIGIN}/api/audit-events`, ({ request }) => {
      trailAsked.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        events,
        page: 1,
        page_size: 50,
        total: events.length,
      });
    }),
  );
  return trailAsked;
}

describe('MemberManagementScreen', () => {
  it('is tested with answers the contract accepts', () => {
    const answer = (schema: v.GenericSchema, value: unknown) =>
      v.safeParse(schema, value).issues;
    expect(
      answer(membersEndpoints.memberProfiles.response, PAGE),
    ).toBeUndefined();
    expect(
      answer(recordEndpoints.auditEvents.response, {
        events: [edit(1, {}, {})],
        page: 1,
        page_size: 50,
        total: 1,
      }),
    ).toBeUndefined();
  });

  it('lists the members with their figures and opens one from its link', async () => {
    serve();
    await renderWithShell(<MemberManagementScreen />, {
      signedInAs: 'admin',
      route: '/member-management',
    });

    const table = await screen.findByRole('table', { name: '2 members' });
    expect(
      within(table).getByRole('columnheader', { name: /Collected in 2026/ }),
    ).toBeInTheDocument();
    const kiehls = within(table).getByRole('row', { name: /Kiehl's/ });
    expect(kiehls).toHaveTextContent('Founding');
    expect(kiehls).toHaveTextContent('sustainability@kiehls.test');
    expect(kiehls).toHaveTextContent('1.2 t');

    await userEvent.click(within(table).getByRole('link', { name: "Kiehl's" }));
    expect(
      await screen.findByRole('heading', { level: 2, name: "Kiehl's" }),
    ).toHaveFocus();
    expect(screen.getByText('11 active of 12')).toBeInTheDocument();
  });

  it("shows a brand admin their member read-only with its audit trail, and another member's id as not found", async () => {
    const asked = serve(KIEHLS, [
      edit(
        7,
        { contact_name: 'Old Name', version: 2 },
        { contact_name: 'Amara Okafor', version: 3 },
      ),
    ]);
    const { unmount } = await renderWithShell(<MemberManagementScreen />, {
      signedInAs: 'brandAdmin',
      route: '/member-management?member=2',
    });

    await screen.findByRole('heading', { level: 2, name: "Kiehl's" });
    expect(screen.queryByRole('form', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Deactivate/ })).toBeNull();
    expect(
      screen.getByText(/Only the collective's admins change/),
    ).toBeVisible();
    const trail = await screen.findByRole('region', { name: 'Audit trail' });
    expect(
      within(trail).getByText('Contact name: Old Name → Amara Okafor'),
    ).toBeInTheDocument();
    expect(asked[0]?.get('entity')).toBe('member');
    expect(asked[0]?.get('entity_id')).toBe('2');
    expect(asked[0]?.get('member_id')).toBe('2');
    unmount();

    await renderWithShell(<MemberManagementScreen />, {
      signedInAs: 'brandAdmin',
      route: '/member-management?member=3',
    });
    expect(
      await screen.findByText(/There is no member 3 in your data scope/),
    ).toBeInTheDocument();
  });

  it('sends only the changed contact at the version read, says so, and reads the trail again', async () => {
    const asked = serve();
    let sent: unknown = null;
    server.use(
      http.patch(`${TEST_ORIGIN}/api/members/2`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          member: { ...KIEHLS, contact_name: 'Robin Hale', version: 4 },
        });
      }),
    );
    await renderWithShell(<MemberManagementScreen />, {
      signedInAs: 'admin',
      route: '/member-management?member=2',
    });

    const form = await screen.findByRole('form', { name: "Edit Kiehl's" });
    const contact = within(form).getByRole('textbox', { name: /Contact name/ });
    await userEvent.clear(contact);
    await userEvent.type(contact, 'Robin Hale');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Save changes' }),
    );

    expect(await screen.findByRole('status')).toHaveTextContent(
      "Kiehl's was saved.",
    );
    expect(sent).toEqual({ version: 3, contact_name: 'Robin Hale' });
    await waitFor(() => expect(asked.length).toBeGreaterThan(1));
  });

  it('keeps the edit after a 409, lists what changed meanwhile, and loads the latest version on request', async () => {
    serve();
    server.use(
      http.patch(`${TEST_ORIGIN}/api/members/2`, () => {
        serve({ ...KIEHLS, tier: 'associate', version: 4 });
        return HttpResponse.json(
          {
            error: 'Conflict',
            message: "Kiehl's changed since you read it (version 3, now 4).",
          },
          { status: 409 },
        );
      }),
    );
    await renderWithShell(<MemberManagementScreen />, {
      signedInAs: 'admin',
      route: '/member-management?member=2',
    });
    const form = await screen.findByRole('form', { name: "Edit Kiehl's" });
    const phone = within(form).getByRole('textbox', { name: /Contact phone/ });
    await userEvent.clear(phone);
    await userEvent.type(phone, '+1 555 0199');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Save changes' }),
    );

    expect(
      await within(form).findByText(/Someone else changed this record/),
    ).toBeInTheDocument();
    expect(
      await within(form).findByText('Tier: “founding” → “associate”'),
    ).toBeInTheDocument();
    expect(phone).toHaveValue('+1 555 0199');

    await userEvent.click(
      within(form).getByRole('button', { name: 'Load the latest version' }),
    );
    expect(within(form).getByRole('combobox', { name: 'Tier' })).toHaveValue(
      'associate',
    );
    expect(phone).toHaveValue('+1 555 0102');
  });

  it("adds a member, refusing a bad code on the field and showing the server's reason", async () => {
    serve();
    server.use(
      http.post(`${TEST_ORIGIN}/api/members`, () =>
        HttpResponse.json(
          {
            error: 'Code taken',
            message: "The code KIEHLS belongs to Kiehl's; choose another code.",
          },
          { status: 409 },
        ),
      ),
    );
    await renderWithShell(<MemberManagementScreen />, {
      signedInAs: 'admin',
      route: '/member-management',
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add member…' }),
    );
    const form = screen.getByRole('form', { name: 'Add a member' });
    await userEvent.type(
      within(form).getByRole('textbox', { name: /^Name/ }),
      'Verdant',
    );
    const code = within(form).getByRole('textbox', { name: /^Code/ });
    await userEvent.type(code, 'x');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Add member' }),
    );
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(code);
    await userEvent.type(code, 'kiehls');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Add member' }),
    );
    expect(
      await within(form).findByText(
        "The code KIEHLS belongs to Kiehl's; choose another code.",
      ),
    ).toBeInTheDocument();
  });

  it('deactivates after a confirmation reached by keyboard, at the version read', async () => {
    serve();
    let sent: unknown = null;
    server.use(
      http.post(
        `${TEST_ORIGIN}/api/members/2/deactivate`,
        async ({ request }) => {
          sent = await request.json();
          return HttpResponse.json({
            member: {
              ...KIEHLS,
              status: 'deactivated',
              deactivated_at: '2026-11-24T00:00:00.000Z',
              version: 4,
            },
          });
        },
      ),
    );
    await renderWithShell(<MemberManagementScreen />, {
      signedInAs: 'admin',
      route: '/member-management?member=2',
    });
    const ask = await screen.findByRole('button', {
      name: "Deactivate Kiehl's…",
    });
    ask.focus();
    await userEvent.keyboard('{Enter}');
    const confirm = screen.getByRole('button', {
      name: "Yes, deactivate Kiehl's",
    });
    expect(confirm).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    expect(await screen.findByRole('status')).toHaveTextContent(
      "Kiehl's was deactivated.",
    );
    expect(sent).toEqual({ version: 3 });
  });
});
