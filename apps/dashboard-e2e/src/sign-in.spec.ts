import { expect, test, type Route } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import {
  BRAND_ADMIN,
  DEMO_PASSWORD,
  FAILED_LOGIN_ACCOUNT,
  SUPER_ADMIN,
} from './support/demo-accounts';
import { Shell } from './support/shell';
import { SignInScreen } from './support/sign-in-screen';

test.describe('sign-in screen', () => {
  test('offers help for users who cannot sign in', async ({ page }) => {
    const screen = new SignInScreen(page);
    await screen.open();

    await expect(
      page.getByText('Need help? Contact your administrator.'),
    ).toBeVisible();
  });

  test('has no accessibility violations', async ({ page }) => {
    const screen = new SignInScreen(page);
    await screen.open();

    await expectNoAxeViolations(page, 'the sign-in screen');
  });

  test('reads "Signing in..." and is disabled while the request runs, then shows why it failed', async ({
    page,
  }) => {
    const screen = new SignInScreen(page);
    await screen.open();
    // Hold the login request until the busy state has been checked.
    let releaseLogin: () => void = () => undefined;
    const loginHeld = new Promise<void>((release) => {
      releaseLogin = release;
    });
    let loginRequests = 0;
    await page.route('**/api/auth/login', async (route: Route) => {
      loginRequests += 1;
      await loginHeld;
      await route.continue();
    });

    await screen.signIn(FAILED_LOGIN_ACCOUNT.email, 'not-the-password');

    const busyButton = page.getByRole('button', { name: 'Signing in...' });
    await expect(busyButton).toBeVisible();
    await expect(busyButton).toBeDisabled();
    await expect.poll(() => loginRequests).toBe(1);
    releaseLogin();

    await expect(page.getByRole('alert')).toHaveText(
      'Invalid email or password',
    );
    await expect(screen.signInButton).toBeEnabled();
    expect(loginRequests).toBe(1);
  });
});

test.describe('sign-in journey', () => {
  for (const account of [SUPER_ADMIN, BRAND_ADMIN]) {
    test(`signs the ${account.role} in, keeps the session across a reload and signs out`, async ({
      page,
    }) => {
      const screen = new SignInScreen(page);
      const header = page.getByRole('banner');
      await screen.open();

      await screen.signIn(account.email, DEMO_PASSWORD);
      await expect(header).toContainText(account.email);

      await page.reload();
      await expect(header).toContainText(account.email);
      await expect(screen.signInButton).toHaveCount(0);

      await new Shell(page).logout();
      await expect(screen.signInButton).toBeVisible();
      await expect(page.getByText(account.email)).toHaveCount(0);

      await page.reload();
      await expect(screen.signInButton).toBeVisible();
    });
  }

  test('shows a signed-in shell without accessibility violations', async ({
    page,
  }) => {
    const screen = new SignInScreen(page);
    await screen.open();
    await screen.signIn(SUPER_ADMIN.email, DEMO_PASSWORD);
    await expect(page.getByRole('banner')).toContainText(SUPER_ADMIN.email);
    // Let the lazily loaded screen and its first queries settle before scanning.
    await page.waitForLoadState('networkidle');

    await expectNoAxeViolations(page, 'the signed-in shell');

    await new Shell(page).userMenuButton.click();
    await expectNoAxeViolations(page, 'the shell with the user menu open');
  });
});
