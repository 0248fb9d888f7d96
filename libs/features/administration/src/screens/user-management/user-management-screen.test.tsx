import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import UserManagementScreen from './user-management-screen';

const { server } = setupFakeApi({ baseUrl: TEST_ORIGIN });

const user = (id: number, email: string, role: string, status: string) => ({
  id,
  email,
  name: email.split('@')[0],
  role,
  member_id: 2,
  member_name: "Kiehl's",
  status,
  last_sign_in_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
  invitation_expires_at: null,
  version: 1,
});

const operator = user(6, 'operator@kiehls.test', 'brand_operator', 'active');

/** Serves the user list, and records the query of each request for it. */
function serveUsers(invited: object[] = []) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(`${TEST_ORIGIN}/api/users`, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        users: [
          user(4, 'brand.admin@kiehls.test', 'admin', 'active'),
          operator,
          ...invited,
        ],
        total: 2 + invited.length,
        page: 1,
        page_size: 25,
      });
    }),
    http.get(`${TEST_ORIGIN}/api/users/6`, () =>
      HttpResponse.json({ user: operator }),
    ),
  );
  return queries;
}

function Where() {
  const { search } = useLocation();
  return <output aria-label="Location">{search}</output>;
}

async function open(route = '/user-management') {
  await renderWithShell(
    <>
      <UserManagementScreen />
      <Where />
    </>,
    { signedInAs: 'brandAdmin', route },
  );
  return screen.findByRole('table');
}

const location = () => screen.getByRole('status', { name: 'Location' });
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

/** Answers invitations with 201 (the link only when mail stays in the outbox), and records each body sent. */
function serveInvite(link: string | null) {
  const sent: unknown[] = [];
  server.use(
    http.post(`${TEST_ORIGIN}/api/users`, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(
        {
          user: user(9, 'new@kiehls.test', 'brand_viewer', 'invited'),
          invitation: {
            expires_at: '2026-12-01T00:00:00.000Z',
            delivered_by: link ? 'outbox' : 'smtp',
            link,
          },
        },
        { status: 201 },
      );
    }),
  );
  return sent;
}

/** Types an email and a name into the invitation form. */
async function fillInvite(invite: HTMLElement, email: string, name: string) {
  await userEvent.type(
    within(invite).getByRole('textbox', { name: 'Email' }),
    email,
  );
  await userEvent.type(
    within(invite).getByRole('textbox', { name: 'Name' }),
    name,
  );
}

const sendInvite = (invite: HTMLElement) =>
  userEvent.click(
    within(invite).getByRole('button', { name: 'Send invitation' }),
  );

describe('UserManagementScreen', () => {
  it('offers a brand admin only the roles of their member, and hands over the link when mail stays in the outbox', async () => {
    serveUsers();
    const sent = serveInvite('http://localhost/accept-invitation#token=abc');
    const table = await open();

    expect(
      within(table).getAllByText('operator@kiehls.test')[0],
    ).toBeInTheDocument();
    const invite = screen.getByRole('form', { name: 'Invite a person' });
    const role = within(invite).getByRole('combobox', { name: 'Role' });
    expect(optionsOf(role)).toEqual([
      'Admin',
      'Brand operator',
      'Brand viewer',
    ]);
    expect(screen.queryByRole('combobox', { name: 'Member' })).toBeNull();

    await fillInvite(invite, 'new@kiehls.test', 'New');
    await userEvent.selectOptions(role, 'brand_viewer');
    await sendInvite(invite);

    expect(
      await screen.findByText('http://localhost/accept-invitation#token=abc'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        email: 'new@kiehls.test',
        name: 'New',
        role: 'brand_viewer',
        member_id: 2,
      },
    ]);
    expect(
      screen.getByRole('button', { name: 'Copy link' }),
    ).toBeInTheDocument();
    expect(within(invite).getByRole('textbox', { name: 'Email' })).toHaveValue(
      '',
    );
  });

  it("follows the members as they load: a collective admin's invitation goes to the first member until they pick one", async () => {
    serveUsers();
    const sent = serveInvite(null);
    await renderWithShell(<UserManagementScreen />, {
      signedInAs: 'admin',
      route: '/user-management',
    });
    const invite = await screen.findByRole('form', { name: 'Invite a person' });
    const member = within(invite).getByRole('combobox', { name: 'Member' });
    await waitFor(() =>
      expect(within(member).getAllByRole('option').length).toBeGreaterThan(0),
    );
    const first = within(member).getAllByRole('option')[0] as HTMLOptionElement;
    expect(member).toHaveValue(first.value);
    expect(
      optionsOf(within(invite).getByRole('combobox', { name: 'Role' })),
    ).toEqual(['Admin', 'Brand operator', 'Brand viewer']);

    await fillInvite(invite, 'new@kiehls.test', 'New');
    await sendInvite(invite);
    await screen.findByText('Invitation sent to new@kiehls.test.');
    expect(sent[0]).toMatchObject({ member_id: Number(first.value) });
  });

  it('checks the invitation in the browser, and shows a taken email on its field', async () => {
    serveUsers();
    let posts = 0;
    server.use(
      http.post(`${TEST_ORIGIN}/api/users`, () => {
        posts += 1;
        return HttpResponse.json(
          {
            error: 'Already a user',
            message:
              'operator@kiehls.test already has an account; change its role or reactivate it instead.',
          },
          { status: 409 },
        );
      }),
    );
    await open();
    const invite = screen.getByRole('form', { name: 'Invite a person' });
    const email = within(invite).getByRole('textbox', { name: 'Email' });
    await sendInvite(invite);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(posts).toBe(0);

    await fillInvite(invite, 'operator@kiehls.test', 'Operator');
    await sendInvite(invite);
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        /already has an account; change its role or reactivate it instead/,
      ),
    );
    expect(
      within(invite).getByText(
        'Nothing was saved: see the field marked below.',
      ),
    ).toBeInTheDocument();
    expect(posts).toBeGreaterThan(0);
  });

  it('keeps the search and the status filter in the URL and sends them to the server', async () => {
    const queries = serveUsers();
    await open();

    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search users' }),
      'oper',
    );
    await waitFor(() => expect(location()).toHaveTextContent('search=oper'));
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('oper'));
    // Debounced: typing four letters did not send four searches.
    expect(queries.filter((query) => query.has('search')).length).toBe(1);

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Status' }),
      'invited',
    );
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('invited'));
    expect(queries.at(-1)?.get('search')).toBe('oper');
    expect(location()).toHaveTextContent('status=invited');
  });

  it('reads the search and page from the URL it was opened at', async () => {
    const queries = serveUsers();
    await open('/user-management?search=brand&status=active&page=2');
    expect(queries[0]?.get('search')).toBe('brand');
    expect(queries[0]?.get('status')).toBe('active');
    expect(queries[0]?.get('page')).toBe('2');
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue(
      'brand',
    );
  });

  it("shows the server's reason when a change is refused", async () => {
    serveUsers();
    server.use(
      http.post(`${TEST_ORIGIN}/api/users/4/deactivate`, () =>
        HttpResponse.json(
          {
            error: 'Forbidden',
            message:
              'You cannot deactivate your own account; ask another admin to do it.',
          },
          { status: 403 },
        ),
      ),
    );
    await open();
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Deactivate brand.admin@kiehls.test',
      }),
    );
    expect(
      await screen.findByText(/cannot deactivate your own account/),
    ).toBeInTheDocument();
  });

  it('changes a role among the roles the caller may give, sending the version it read', async () => {
    serveUsers();
    let sent: unknown = null;
    server.use(
      http.patch(`${TEST_ORIGIN}/api/users/6`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          user: { ...operator, role: 'brand_viewer', version: 2 },
        });
      }),
    );
    await open();
    await userEvent.click(
      screen.getByRole('button', { name: 'Details of operator@kiehls.test' }),
    );
    expect(location()).toHaveTextContent('user=6');
    const details = await screen.findByRole('form', {
      name: 'Change name and role',
    });
    const role = within(details).getByRole('combobox', { name: 'Role' });
    expect(role).toHaveValue('brand_operator');
    expect(optionsOf(role)).toEqual([
      'Admin',
      'Brand operator',
      'Brand viewer',
    ]);

    await userEvent.selectOptions(role, 'brand_viewer');
    await userEvent.click(
      within(details).getByRole('button', { name: 'Save changes' }),
    );
    await waitFor(() =>
      expect(sent).toEqual({ version: 1, role: 'brand_viewer' }),
    );
  });

  it('says the user changed meanwhile when the server answers 409, and offers the latest version', async () => {
    serveUsers();
    server.use(
      http.patch(`${TEST_ORIGIN}/api/users/6`, () =>
        HttpResponse.json(
          {
            error: 'Conflict',
            message:
              'This user changed since you read them (version 1, now 2); nothing was changed. Reload and try again.',
          },
          { status: 409 },
        ),
      ),
    );
    await open('/user-management?user=6');
    const details = await screen.findByRole('form', {
      name: 'Change name and role',
    });
    const name = within(details).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Olga Operator');
    await userEvent.click(
      within(details).getByRole('button', { name: 'Save changes' }),
    );
    expect(
      await within(details).findByText(/Someone else changed this record/),
    ).toBeInTheDocument();
    expect(
      within(details).getByRole('button', { name: 'Load the latest version' }),
    ).toBeInTheDocument();
    expect(name).toHaveValue('Olga Operator');
  });

  it("opens a user's audit trail, newest first, and closes back to the list", async () => {
    serveUsers();
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(`${TEST_ORIGIN}/api/audit-events`, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          events: [
            {
              id: 31,
              at: '2026-11-20T10:00:00.000Z',
              actor: {
                user_id: 4,
                email: 'brand.admin@kiehls.test',
                name: 'Brand Admin',
              },
              api_key_id: null,
              tenant: null,
              member_id: 2,
              action: 'update',
              entity: 'user',
              entity_id: '6',
              before: { role: 'brand_viewer', version: 1 },
              after: { role: 'brand_operator', version: 2 },
              request_id: 'r-31',
            },
          ],
          total: 1,
          page: 1,
          page_size: 20,
        });
      }),
    );
    await open();
    const opener = screen.getByRole('button', {
      name: 'Details of operator@kiehls.test',
    });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'User details' });
    const trail = await within(dialog).findByRole('region', {
      name: 'Audit trail',
    });
    const action = await within(trail).findByRole('rowheader', {
      name: 'Name or role changed',
    });
    const row = action.closest('tr')!;
    expect(
      within(row).getByText('role: Brand viewer → Brand operator'),
    ).toBeInTheDocument();
    expect(
      within(row).getByRole('cell', { name: 'Brand Admin' }),
    ).toBeInTheDocument();
    expect(asked[0]?.get('entity')).toBe('user');
    expect(asked[0]?.get('entity_id')).toBe('6');

    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Close' }),
    );
    expect(location()).not.toHaveTextContent('user=6');
    expect(opener).toHaveFocus();
  });
});
