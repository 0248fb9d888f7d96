import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, SUPER_ADMIN } from './support/demo-accounts';
import { watchPolicyViolations } from './support/page-problems';
import {
  dashboardRoutes,
  examplePath,
  type RouteTable,
} from './support/route-table';
import { Shell } from './support/shell';
import { SignInScreen } from './support/sign-in-screen';

/** What Chromium sends when it navigates to a page. */
const NAVIGATION_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let table: RouteTable = { routes: [], homePath: '' };
test.beforeAll(async () => {
  table = await dashboardRoutes();
});

test.describe('the production server over HTTP', () => {
  test('answers a direct GET of every path of the route table with index.html, not cached, under the CSP', async ({
    request,
  }) => {
    expect(table.routes.map((route) => route.path)).toContain('/api-keys');
    for (const route of table.routes) {
      const path = examplePath(route.path);
      const response = await request.get(path, {
        headers: { accept: NAVIGATION_ACCEPT },
      });

      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
      expect(response.headers()['cache-control'], path).toBe('no-cache');
      // The sign-in screen, rendered into the page at build time.
      expect(await response.text(), path).toMatch(
        /<div id="root" data-prerendered>.*<h1[^>]*>Sign in<\/h1>/s,
      );
      const csp = response.headers()['content-security-policy'] ?? '';
      expect(csp, path).toMatch(/script-src 'self' 'sha256-[\w+/]+=*'/);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toContain('unsafe-inline');
    }
  });

  test('sends the built assets brotli-compressed and cached as immutable', async ({
    request,
  }) => {
    const page = await (await request.get('/')).text();
    const scripts = [...page.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map(
      (match) => match[1] ?? '',
    );
    expect(scripts.length).toBeGreaterThan(0);

    for (const script of scripts) {
      const response = await request.get(script, {
        headers: { 'accept-encoding': 'br' },
      });

      expect(response.status(), script).toBe(200);
      expect(response.headers()['content-encoding'], script).toBe('br');
      expect(response.headers()['cache-control'], script).toBe(
        'public, max-age=31536000, immutable',
      );
    }
  });

  test('answers unknown API paths, missing assets and traversal attempts with a JSON 404', async ({
    request,
  }) => {
    for (const path of [
      '/api/nope',
      '/api/',
      '/assets/index-Missing0.js',
      '/%2e%2e/%2e%2e/package.json',
      '/assets/..%2f..%2f..%2f..%2fpackage.json',
    ]) {
      const response = await request.get(path, {
        headers: { accept: NAVIGATION_ACCEPT },
      });

      expect(response.status(), path).toBe(404);
      expect(await response.json(), path).toEqual({ error: 'Not found' });
    }
  });

  test('answers 2 MB sent to the sign-in on the dashboard origin with a JSON 413', async ({
    request,
  }) => {
    const response = await request.post('/api/auth/login', {
      data: { email: SUPER_ADMIN.email, password: 'x'.repeat(2 * 1024 * 1024) },
    });

    expect(response.status()).toBe(413);
    expect(await response.json()).toEqual({
      error: expect.stringMatching(/too large/),
    });
  });
});

test.describe('the production server in Chromium', () => {
  test('runs the sign-in page and the signed-in dashboard without a content-security-policy violation', async ({
    page,
  }) => {
    const violations = await watchPolicyViolations(page);
    const signIn = new SignInScreen(page);
    const shell = new Shell(page);

    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toMatch(
      /script-src 'self' 'sha256-/,
    );
    await expect(signIn.signInButton).toBeVisible();
    // The inline theme boot script ran: the theme is on <html>.
    await expect(page.locator('html')).toHaveAttribute('data-theme', /.+/);
    expect(await violations()).toEqual([]);

    await signIn.signIn(SUPER_ADMIN.email, DEMO_PASSWORD);
    await expect(shell.header).toContainText(SUPER_ADMIN.email);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });

  test('keeps /api-keys on a reload', async ({ page }) => {
    const signIn = new SignInScreen(page);
    const shell = new Shell(page);
    await page.goto('/api-keys');
    await signIn.signIn(SUPER_ADMIN.email, DEMO_PASSWORD);
    await expect(shell.header).toContainText(SUPER_ADMIN.email);
    await expect(page).toHaveURL(/\/api-keys$/);

    const reloaded = await page.reload();

    expect(reloaded?.status()).toBe(200);
    expect(reloaded?.headers()['content-type']).toMatch(/^text\/html/);
    await expect(shell.header).toContainText(SUPER_ADMIN.email);
    await expect(page).toHaveURL(/\/api-keys$/);
  });

  test('opens every path of the route table from a deep link', async ({
    page,
  }) => {
    test.slow();
    const signIn = new SignInScreen(page);
    const shell = new Shell(page);
    await signIn.open();
    await signIn.signIn(SUPER_ADMIN.email, DEMO_PASSWORD);
    await expect(shell.header).toContainText(SUPER_ADMIN.email);

    // The super admin on the collective's tenant may open every route: each
    // deep link gets the page, the app starts signed in and routes it.
    for (const route of table.routes) {
      const path = examplePath(route.path);
      const landing = route.redirectTo ?? path;

      const response = await page.goto(path);

      expect(response?.status(), path).toBe(200);
      await expect(shell.header, path).toContainText(SUPER_ADMIN.email);
      // Every route has its screen: the URL stays (or follows its redirect,
      // query included) and the screen's heading shows.
      await expect(page, path).toHaveURL(
        (url) => url.pathname + url.search === landing,
      );
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    }
  });
});
