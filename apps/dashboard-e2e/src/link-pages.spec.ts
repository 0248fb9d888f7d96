import { expect, request as newRequest, test } from '@playwright/test';
import { apiToken } from './support/api';
import { startClockServer } from './support/clock-server';
import { DEMO_USERS } from './support/demo-accounts';
import {
  acceptedNewcomer,
  choosePassword,
  expectDeadLink,
  expectPasswordForm,
  invitedOverApi,
  NEW_PASSWORD,
  newEmail,
  openLinkPage,
  PLATFORM_ADMIN,
  resetLinkOverApi,
  userOverApi,
} from './support/link-pages';
import { Shell } from './support/shell';
import { SignInScreen } from './support/sign-in-screen';

/** The password a person chooses on the reset page. */
const RESET_PASSWORD = 'copper lantern meadow 17';

/** An active demo user, whose reset link the clock server lets expire. */
const OPERATOR = DEMO_USERS.operator.email;

/** Longer than an invitation (7 days) and a reset link (1 hour) last. */
const EIGHT_DAYS_MS = 8 * 24 * 60 * 60 * 1000;

/**
 * The public pages of mailed links (decisions D16) in Chromium, under the
 * production server's content security policy: a fresh link's form, a used
 * one and an expired one, each with no CSP violation or console error and
 * axe clean at 1366 and 390 px.
 */
test.describe('the accept-invitation and reset-password pages', () => {
  test('an invitation link sets a password once; opened again, it shows a clear page', async ({
    browser,
    request,
  }) => {
    test.slow(); // an argon2 sign-in and four axe scans on a shared machine
    const { link, page } = await acceptedNewcomer(
      browser,
      request,
      'invited',
      'Ida Invited',
    );
    const context = page.context();

    const used = await openLinkPage(context, link, 'invitation');
    await expectDeadLink(used, 'invitation', 'a used invitation link');
    await context.close();
  });

  test('an admin sends a reset link; the person sets a new password on the public page and signs in with it; the link works once', async ({
    browser,
    request,
  }) => {
    test.slow(); // two argon2 sign-ins and four axe scans on a shared machine
    const email = newEmail('resetter');
    const adminToken = await apiToken(request, PLATFORM_ADMIN);
    const invited = await invitedOverApi(
      request,
      email,
      'Rae Resetter',
      adminToken,
    );
    const accepted = await request.post('/api/auth/accept-invitation', {
      data: {
        token: new URL(invited.link).hash.slice('#token='.length),
        password: NEW_PASSWORD,
      },
    });
    expect(accepted.status()).toBe(200);
    const link = await resetLinkOverApi(
      request,
      { id: invited.id, email },
      adminToken,
    );

    const context = await browser.newContext();
    const visit = await openLinkPage(context, link, 'password_reset');
    await expectPasswordForm(visit, 'password_reset', email);
    const { page } = visit;
    await choosePassword(page, RESET_PASSWORD, 'Set new password');
    await expect(page.getByRole('status')).toHaveText(
      'Your password was changed and every session was signed out. Sign in with your new password.',
    );
    await page.getByRole('link', { name: 'Sign in' }).click();
    await new SignInScreen(page).signIn(email, RESET_PASSWORD);
    await expect(new Shell(page).header).toContainText(email);
    await visit.expectCleanRun();

    const used = await openLinkPage(context, link, 'password_reset');
    await expectDeadLink(used, 'password_reset', 'a used reset link');
    await context.close();
  });

  test('an expired invitation or reset link shows a clear page', async ({
    browser,
  }) => {
    // Time passes on a server of this test's own, never on the shared one;
    // it migrates and seeds a fresh database first (two minutes on a
    // loaded 2-core machine).
    test.setTimeout(360_000);
    const server = await startClockServer(EIGHT_DAYS_MS);
    const request = await newRequest.newContext({ baseURL: server.origin });
    try {
      const adminToken = await apiToken(request, PLATFORM_ADMIN);
      const invited = await invitedOverApi(
        request,
        newEmail('late'),
        'Lou Late',
        adminToken,
      );
      const reset = await resetLinkOverApi(
        request,
        await userOverApi(request, OPERATOR, adminToken),
        adminToken,
      );

      await server.jump();

      const context = await browser.newContext();
      await expectDeadLink(
        await openLinkPage(context, invited.link, 'invitation'),
        'invitation',
        'an expired invitation link',
      );
      await expectDeadLink(
        await openLinkPage(context, reset, 'password_reset'),
        'password_reset',
        'an expired reset link',
      );
      await context.close();
    } finally {
      await request.dispose();
      await server.stop();
    }
  });
});
