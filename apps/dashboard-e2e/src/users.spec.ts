import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { apiToken } from './support/api';
import { BRAND_ADMIN, DEMO_USERS } from './support/demo-accounts';
import { DESKTOP, expectFitsAndAxeClean, PHONE } from './support/layout';
import {
  acceptedNewcomer,
  acceptInvitation,
  linkFromOutbox,
  NEW_PASSWORD,
  newEmail,
  PLATFORM_ADMIN,
  userOverApi,
} from './support/link-pages';
import { Shell } from './support/shell';
import { signInAt, SignInScreen } from './support/sign-in-screen';

/** The menus of a brand member (operator or viewer): the dashboard only, and API keys (decisions D1). */
const BRAND_MEMBER_NAV = ['Dashboard'];
const BRAND_MEMBER_USER_MENU = ['API Keys', 'Logout'];

/** Fills and sends the invitation form of /user-management. */
async function inviteOnScreen(
  page: Page,
  person: { email: string; name: string; member?: string; role: string },
) {
  const form = page.getByRole('form', { name: 'Invite a person' });
  await form.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await form.getByRole('textbox', { name: 'Name' }).fill(person.name);
  if (person.member)
    await form
      .getByRole('combobox', { name: 'Member' })
      .selectOption({ label: person.member });
  await form
    .getByRole('combobox', { name: 'Role' })
    .selectOption({ label: person.role });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Invitation sent' }),
  ).toHaveText(`Invitation sent to ${person.email}.`);
}

test.describe('user management (decisions D16)', () => {
  test("a platform admin invites a person, who sets a password from the outbox's link, signs in and sees exactly a brand member's menus", async ({
    page,
    browser,
    request,
  }) => {
    test.slow(); // the accept page at two widths (four axe scans) and three sign-ins
    const email = newEmail('operator');
    await page.setViewportSize(DESKTOP);
    await signInAt(page, PLATFORM_ADMIN, '/user-management');
    await inviteOnScreen(page, {
      email,
      name: 'Olive Operator',
      member: "Kiehl's",
      role: 'Brand operator',
    });

    const link = await linkFromOutbox(request, email, 'invitation');
    const newcomer = await acceptInvitation(
      await browser.newContext(),
      link,
      email,
    );
    const shell = new Shell(newcomer);
    expect(await shell.topNavOutline()).toEqual(BRAND_MEMBER_NAV);
    expect(await shell.userMenuItems()).toEqual(BRAND_MEMBER_USER_MENU);
    await newcomer.keyboard.press('Escape');

    // Signing in again with the new password gives the same menus.
    await shell.logout();
    const signIn = new SignInScreen(newcomer);
    await expect(signIn.signInButton).toBeVisible();
    await signIn.signIn(email, NEW_PASSWORD);
    await expect(shell.header).toContainText(email);
    expect(await shell.topNavOutline()).toEqual(BRAND_MEMBER_NAV);
    expect(await shell.userMenuItems()).toEqual(BRAND_MEMBER_USER_MENU);
    await newcomer.context().close();

    // The inviting admin sees the person active now.
    await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expect(
      row.getByRole('cell', { name: 'Active', exact: true }),
    ).toBeVisible();
  });

  test("a brand admin manages only Kiehl's users, axe clean at 1366 and 390 px", async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, BRAND_ADMIN.email, '/user-management');
    const table = page.getByRole('table', { name: /users$/ });
    await expect(table).toBeVisible();
    await expect(
      table.getByRole('columnheader', { name: 'Member' }),
    ).toHaveCount(0);
    const emails = await table
      .getByRole('row')
      .locator('td:nth-child(2)')
      .allTextContents();
    expect(emails.length).toBeGreaterThan(0);
    for (const email of emails) expect(email).toMatch(/@kiehls\.test$/);

    const form = page.getByRole('form', { name: 'Invite a person' });
    await expect(form.getByRole('combobox', { name: 'Member' })).toHaveCount(0);
    await expect(
      form.getByRole('combobox', { name: 'Role' }).getByRole('option'),
    ).toHaveText(['Admin', 'Brand operator', 'Brand viewer']);
    await expectNoAxeViolations(
      page,
      '/user-management as a brand admin at 1366 px',
    );

    const email = newEmail('viewer');
    await inviteOnScreen(page, {
      email,
      name: 'Vera Viewer',
      role: 'Brand viewer',
    });
    await expect(page.getByText(/pass this single-use link to/)).toBeVisible();

    // Another member's people are out of reach, whatever is sent.
    await page
      .getByRole('searchbox', { name: 'Search users' })
      .fill('pact.test');
    await expect(page.getByText('No user matches "pact.test".')).toBeVisible();
    const token = await apiToken(request, BRAND_ADMIN.email);
    const auth = { authorization: `Bearer ${token}` };
    const elsewhere = await request.post('/api/users', {
      headers: auth,
      data: {
        email: newEmail('intruder').replace('kiehls', 'lumen'),
        name: 'Intruder',
        role: 'brand_viewer',
        member_id: 3,
      },
    });
    expect(elsewhere.status()).toBe(404);
    const adminToken = await apiToken(request, PLATFORM_ADMIN);
    // The brand admin of member 1009, as a platform admin finds them: 404 to Kiehl's admin.
    const outsider = await userOverApi(
      request,
      DEMO_USERS.specialAdmin.email,
      adminToken,
    );
    expect(
      (
        await request.get(`/api/users/${outsider.id}`, { headers: auth })
      ).status(),
    ).toBe(404);

    await page.getByRole('searchbox', { name: 'Search users' }).fill('');
    await page.setViewportSize(PHONE);
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await expectFitsAndAxeClean(
      page,
      '/user-management as a brand admin at 390 px',
    );
  });

  test('deactivating a signed-in person sends their open tab to the sign-in screen at its next call', async ({
    page,
    browser,
    request,
  }) => {
    test.slow(); // the accept page at two widths (four axe scans) and three sign-ins
    const { email, page: leaver } = await acceptedNewcomer(
      browser,
      request,
      'leaver',
      'Lee Leaver',
    );

    await page.setViewportSize(DESKTOP);
    await signInAt(
      page,
      PLATFORM_ADMIN,
      `/user-management?search=${encodeURIComponent(email)}`,
    );
    await page.getByRole('button', { name: `Deactivate ${email}` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'deactivated' }),
    ).toHaveText(`${email} was deactivated; their sessions and keys ended.`);

    // The person's tab is still open; its next call is refused and it shows the sign-in screen.
    await new Shell(leaver).goInApp('/api-keys');
    await expect(new SignInScreen(leaver).signInButton).toBeVisible();
    await expect(leaver.getByRole('banner')).toHaveCount(0);
    // And they cannot sign in again.
    const signIn = new SignInScreen(leaver);
    await signIn.signIn(email, NEW_PASSWORD);
    await expect(signIn.signInButton).toBeVisible();
    await expect(leaver.getByRole('alert')).toBeVisible();
    await leaver.context().close();
  });
});
