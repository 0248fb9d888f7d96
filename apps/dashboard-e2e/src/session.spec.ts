import { expect, test } from '@playwright/test';
import { apiGet } from './support/api';
import { DEMO_PASSWORD, DEMO_USERS } from './support/demo-accounts';
import { Shell } from './support/shell';
import { SignInScreen } from './support/sign-in-screen';

/** The user menu of every admin; a brand member has no Performance. */
const ADMIN_MENU = ['Performance', 'API Keys', 'Logout'];

/**
 * Every demo account of decisions D11 with a dashboard, the access the header
 * names and the user menu it allows (decisions D1).
 */
const ACCOUNTS = (
  [
    ['super', 'Super admin', ADMIN_MENU],
    ['admin', 'Collective admin', ADMIN_MENU],
    ['staff', 'Collective admin', ADMIN_MENU],
    ['brandAdmin', 'Brand admin', ADMIN_MENU],
    ['specialAdmin', 'Brand admin', ADMIN_MENU],
    ['operator', 'Brand member', ['API Keys', 'Logout']],
  ] as const
).map(([key, label, menu]) => ({ email: DEMO_USERS[key].email, label, menu }));

test.describe('access of every demo account', () => {
  for (const account of ACCOUNTS) {
    test(`${account.email} signs in as ${account.label} and sees ${account.menu.join(', ')}`, async ({
      page,
    }) => {
      const signIn = new SignInScreen(page);
      const shell = new Shell(page);
      await signIn.open();
      await signIn.signIn(account.email, DEMO_PASSWORD);
      await expect(shell.header).toContainText(account.email);
      expect(await shell.userMenuItems()).toEqual([...account.menu]);
      await expect(shell.header).toContainText(account.label);
    });
  }

  test('a brand member asking for Performance by URL lands on the dashboard', async ({
    page,
  }) => {
    const signIn = new SignInScreen(page);
    await page.goto('/performance');
    await signIn.signIn(DEMO_USERS.operator.email, DEMO_PASSWORD);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Dashboard' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an admin who signs in at /performance lands on Performance', async ({
    page,
  }) => {
    const signIn = new SignInScreen(page);
    await page.goto('/performance');
    await signIn.signIn(DEMO_USERS.brandAdmin.email, DEMO_PASSWORD);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Performance' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/performance$/);
  });

  test(`${DEMO_USERS.nobody.email} sees that there is no dashboard, and can log out`, async ({
    page,
  }) => {
    const signIn = new SignInScreen(page);
    await signIn.open();
    await signIn.signIn(DEMO_USERS.nobody.email, DEMO_PASSWORD);
    await expect(
      page.getByText('No dashboard available for your role.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(signIn.signInButton).toBeVisible();
  });
});

test.describe('session across tabs and storage', () => {
  test('Logout revokes the token on the server: it is refused afterwards', async ({
    page,
    request,
  }) => {
    const signIn = new SignInScreen(page);
    await signIn.open();
    await signIn.signIn(DEMO_USERS.admin.email, DEMO_PASSWORD);
    await expect(new Shell(page).header).toContainText(DEMO_USERS.admin.email);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const revoked = page.waitForResponse('**/api/auth/logout');

    await new Shell(page).logout();

    expect((await revoked).status()).toBe(200);
    await expect(signIn.signInButton).toBeVisible();
    expect((await apiGet(request, '/api/auth/me', token ?? '')).status()).toBe(
      401,
    );
  });

  test('logging out in one tab signs the other tab out within a second', async ({
    context,
  }) => {
    const first = await context.newPage();
    const signIn = new SignInScreen(first);
    await signIn.open();
    await signIn.signIn(DEMO_USERS.admin.email, DEMO_PASSWORD);
    await expect(new Shell(first).header).toContainText(DEMO_USERS.admin.email);

    const second = await context.newPage();
    await second.goto('/dashboard');
    await expect(new Shell(second).header).toContainText(
      DEMO_USERS.admin.email,
    );

    await new Shell(first).logout();
    await expect(new SignInScreen(second).signInButton).toBeVisible({
      timeout: 1_000,
    });
  });

  test('a corrupted stored user with no token gives the sign-in screen', async ({
    page,
  }) => {
    await page.addInitScript(() =>
      window.localStorage.setItem('user', '{"email": '),
    );
    await new SignInScreen(page).open();
  });

  test('a corrupted stored user beside a valid token restores the session', async ({
    page,
    request,
  }) => {
    const login = await request.post('/api/auth/login', {
      data: { email: DEMO_USERS.super.email, password: DEMO_PASSWORD },
    });
    const { token } = (await login.json()) as { token: string };
    await page.addInitScript((value) => {
      if (!window.sessionStorage.getItem('seeded')) {
        window.localStorage.setItem('token', value);
        window.localStorage.setItem('user', 'undefined');
        window.sessionStorage.setItem('seeded', 'yes');
      }
    }, token);
    await page.goto('/');
    await expect(new Shell(page).header).toContainText(DEMO_USERS.super.email);
  });
});
