import { setupFakeApi } from '@collective/api-client/testing';
import { TEST_ORIGIN } from '@collective/platform/testing';
import { renderWithShell } from '@collective/tenancy/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
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

function serveUsers(invited: object[] = []) {
  server.use(
    http.get(`${TEST_ORIGIN}/api/users`, () =>
      HttpResponse.json({
        users: [
          user(4, 'brand.admin@kiehls.test', 'admin', 'active'),
          user(6, 'operator@kiehls.test', 'brand_operator', 'active'),
          ...invited,
        ],
        total: 2 + invited.length,
        page: 1,
        page_size: 25,
      }),
    ),
  );
}

describe('UserManagementScreen', () => {
  it('offers a brand admin only the roles of their member, and hands over the link when mail stays in the outbox', async () => {
    serveUsers();
    let sent: unknown = null;
    server.use(
      http.post(`${TEST_ORIGIN}/api/users`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          {
            user: user(9, 'new@kiehls.test', 'brand_viewer', 'invited'),
            invitation: {
              expires_at: '2026-12-01T00:00:00.000Z',
              delivered_by: 'outbox',
              link: 'http://localhost/accept-invitation#token=abc',
            },
          },
          { status: 201 },
        );
      }),
    );
    await renderWithShell(<UserManagementScreen />, {
      signedInAs: 'brandAdmin',
      route: '/user-management',
    });

    const table = await screen.findByRole('table');
    expect(
      within(table).getAllByText('operator@kiehls.test')[0],
    ).toBeInTheDocument();
    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Admin', 'Brand operator', 'Brand viewer']);
    expect(screen.queryByRole('combobox', { name: 'Member' })).toBeNull();

    await userEvent.type(
      screen.getByRole('textbox', { name: 'Email' }),
      'new@kiehls.test',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'New');
    await userEvent.selectOptions(role, 'brand_viewer');
    await userEvent.click(
      screen.getByRole('button', { name: 'Send invitation' }),
    );

    expect(
      await screen.findByText('http://localhost/accept-invitation#token=abc'),
    ).toBeInTheDocument();
    expect(sent).toEqual({
      email: 'new@kiehls.test',
      name: 'New',
      role: 'brand_viewer',
      member_id: 2,
    });
    expect(
      screen.getByRole('button', { name: 'Copy link' }),
    ).toBeInTheDocument();
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
    await renderWithShell(<UserManagementScreen />, {
      signedInAs: 'brandAdmin',
      route: '/user-management',
    });
    await screen.findByRole('table');
    // eslint-disable-next-line no-console
    console.log(
      screen
        .getAllByRole('button')
        .map((b) => b.textContent)
        .join(' | '),
    );
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Deactivate brand.admin@kiehls.test',
      }),
    );
    expect(
      await screen.findByText(/cannot deactivate your own account/),
    ).toBeInTheDocument();
  });
});
