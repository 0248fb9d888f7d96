import { expect, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  SUPER_ADMIN,
} from './support/demo-accounts';
import { storeSessionOf } from './support/loaded-scripts';
import { Shell } from './support/shell';
import { SignInScreen } from './support/sign-in-screen';

/**
 * The journeys of issue 14 that need a real browser: the boot scripts and
 * the built chunks under broken storage, hostile stored values, a server
 * that does not answer, a lost network and a missing chunk. Their rules
 * are tested exhaustively in the component tests
 * (apps/dashboard/src/app/app-under-faults.test.tsx and the libraries').
 */
test.describe('faults and hostile input', () => {
  test('keeps the session when /api/auth/me fails at start, and Retry restores it', async ({
    page,
    request,
  }) => {
    const session = await storeSessionOf(page, request, SUPER_ADMIN.email);
    let failures = 0;
    await page.route('**/api/auth/me', (route) => {
      failures += 1;
      return failures === 1
        ? route.fulfill({
            status: 200,
            contentType: 'text/html',
            body: '<!doctype html><title>Proxy maintenance</title>',
          })
        : route.fallback();
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('alert')).toContainText(
      'Could not reach the server',
    );
    await expect(page.getByRole('button', { name: 'Retry' })).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(
      session.token,
    );
    await page.keyboard.press('Enter');
    await expect(new Shell(page).header).toContainText(SUPER_ADMIN.email);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('says so while offline, and loads what was asked meanwhile once back online, without a reload', async ({
    page,
    context,
    request,
  }) => {
    await storeSessionOf(page, request, DEMO_USERS.admin.email);
    await page.goto('/dashboard');
    await expect(page.locator('#kpis')).toBeVisible();
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });
    const notice = page.getByRole('status').filter({ hasText: 'offline' });
    await context.setOffline(true);
    await expect(notice).toContainText('You are offline.');
    await page
      .getByRole('combobox', { name: 'Member' })
      .selectOption({ label: 'Lumen Skincare' });
    await expect(
      page.getByText("Loading the program's figures…"),
    ).toBeVisible();
    const asked = page.waitForRequest(
      (r) =>
        r.url().includes('/api/dashboard/summary') &&
        r.url().includes('member_id='),
    );
    await context.setOffline(false);
    await asked;
    await expect(page.locator('#kpis')).toBeVisible();
    await expect(notice).toHaveCount(0);
    expect(
      await page.evaluate(
        () => (window as { sameDocument?: boolean }).sameDocument,
      ),
    ).toBe(true);
  });

  test('works for the tab’s life when localStorage and sessionStorage refuse every call', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      for (const name of ['getItem', 'setItem', 'removeItem'] as const) {
        Storage.prototype[name] = () => {
          throw new DOMException('denied', 'SecurityError');
        };
      }
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const signIn = new SignInScreen(page);
    await signIn.openAndSignIn(SUPER_ADMIN.email, DEMO_PASSWORD, '/dashboard');
    await expect(page.locator('#kpis')).toBeVisible();
    await page.getByRole('link', { name: /^Notifications/ }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Notifications' }),
    ).toBeVisible();
    await new Shell(page).logout();
    await expect(signIn.signInButton).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('keeps hostile stored activeTenant and themeVariant out of the page and the request headers', async ({
    page,
  }) => {
    const hostile = '<img src=x onerror="window.pwned=1">\r\nX-Injected: yes';
    await page.addInitScript((value) => {
      localStorage.setItem('activeTenant', value);
      localStorage.setItem('themeVariant', value);
    }, hostile);
    const tenants: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/'))
        tenants.push(r.headers()['x-tenant-code'] ?? '');
    });
    await new SignInScreen(page).openAndSignIn(
      SUPER_ADMIN.email,
      DEMO_PASSWORD,
      '/dashboard',
    );
    await expect(page.locator('#kpis')).toBeVisible();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('pact');
    expect(await page.content()).not.toContain('onerror="window.pwned');
    expect(await page.evaluate(() => 'pwned' in window)).toBe(false);
    expect(tenants.length).toBeGreaterThan(2);
    expect(new Set(tenants)).toEqual(new Set(['pact']));
  });

  test('a signed-in shell chunk answered with 404 reloads once, then shows the error screen', async ({
    page,
    request,
  }) => {
    await storeSessionOf(page, request, SUPER_ADMIN.email);
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.route(/\/assets\/signed-in-[^/]+\.js$/, (route) =>
      route.fulfill({ status: 404, body: 'gone' }),
    );
    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', { name: 'This screen could not be shown' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    // The first load and one reload, and no loop: the error screen stays.
    await page.waitForTimeout(1_000);
    expect(loads).toBe(2);
  });
});
