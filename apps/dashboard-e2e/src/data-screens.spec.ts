import {
  expect,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { apiGet, apiJson, apiToken } from './support/api';
import {
  BRAND_ADMIN,
  DEMO_PASSWORD,
  DEMO_USERS,
} from './support/demo-accounts';
import { Shell } from './support/shell';
import { SignInScreen } from './support/sign-in-screen';

/** What these journeys read of GET /api/dashboard/summary. */
interface Summary {
  scope: { member_id: number | null; member_name: string | null };
  kpis: { units_12m: number; units_month: number; active_stores: number };
}

/** What these journeys read of GET /api/stores. */
interface StoresPage {
  total: number;
  stores: { id: number; name: string }[];
}

/**
 * A platform admin who picks a member in the journeys below. Not an account
 * whose notifications other specs count.
 */
const PLATFORM_ADMIN = DEMO_USERS.admin.email;

/**
 * The account whose notifications are marked read here: no other spec
 * counts its unread notifications, so the read state it leaves behind in
 * the shared server harms no one.
 */
const NOTIFICATIONS_ACCOUNT = DEMO_USERS.staff.email;

/** The account that creates and revokes an API key. */
const API_KEY_ACCOUNT = DEMO_USERS.operator.email;

async function signInAs(page: Page, email: string, path: string) {
  await new SignInScreen(page).openAndSignIn(email, DEMO_PASSWORD, path);
  return new Shell(page);
}

/** The value the dashboard shows for the KPI named `term`. */
const kpi = (page: Page, term: string) =>
  page.locator(
    `xpath=//dt[normalize-space()="${term}"]/following-sibling::dd[1]`,
  );

/** A count as the dashboard formats it, in the browser's own locale. */
const formatted = (page: Page, value: number) =>
  page.evaluate(
    (n) =>
      new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(n),
    value,
  );

/**
 * The collective's and Kiehl's dashboard summaries as the platform admin
 * reads them over HTTP, and the admin's token: what the screens must show.
 */
/** Revokes the key named `keyName` through its button and the confirmation, and waits until its row is gone. */
async function revokeKey(page: Page, keyName: string) {
  await page.getByRole('button', { name: `Revoke "${keyName}"` }).click();
  await page
    .getByRole('dialog', { name: 'Revoke this key?' })
    .getByRole('button', { name: 'Revoke key' })
    .click();
  await expect(
    page.getByRole('rowheader', { name: keyName, exact: true }),
  ).toHaveCount(0);
}

async function summariesOverHttp(request: APIRequestContext) {
  const admin = await apiToken(request, PLATFORM_ADMIN);
  const all = await apiJson<Summary>(request, '/api/dashboard/summary', admin);
  const kiehls = await apiJson<Summary>(
    request,
    '/api/dashboard/summary?member_id=2',
    admin,
  );
  return { admin, all, kiehls };
}

test.describe('the data screens', () => {
  test("a brand admin sees only Kiehl's totals and stores; another member's store is not found", async ({
    page,
    request,
  }) => {
    const { admin, all, kiehls } = await summariesOverHttp(request);
    const kiehlsStores = await apiJson<StoresPage>(
      request,
      '/api/stores?member_id=2&page_size=1',
      admin,
    );
    const [lumenStore] = (
      await apiJson<StoresPage>(
        request,
        '/api/stores?member_id=3&page_size=1',
        admin,
      )
    ).stores;
    expect(kiehls.kpis.units_12m).toBeLessThan(all.kpis.units_12m);

    const shell = await signInAs(page, BRAND_ADMIN.email, '/dashboard');
    await expect(kpi(page, 'Units, last 12 months')).toHaveText(
      await formatted(page, kiehls.kpis.units_12m),
    );
    await expect(kpi(page, 'Active stores')).toHaveText(
      await formatted(page, kiehls.kpis.active_stores),
    );
    const topStores = page
      .getByRole('region', { name: 'Top stores, last 12 months' })
      .getByRole('listitem');
    await expect(topStores).not.toHaveCount(0);
    for (const store of await topStores.allTextContents()) {
      expect(store).toMatch(/^Kiehl's .*· Kiehl's ·/);
    }

    await shell.goInApp('/stores-analytics');
    const table = page.getByRole('table');
    await expect(table.locator('caption')).toHaveText(
      `${kiehlsStores.total} stores of Kiehl's`,
    );
    const names = await table.getByRole('rowheader').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^Kiehl's /);
    await expect(
      table.getByRole('columnheader', { name: 'Member' }),
    ).toHaveCount(0);

    await shell.goInApp(`/stores-analytics?store=${lumenStore?.id}`);
    await expect(
      page.getByText('This store does not exist, or is not in your scope.'),
    ).toBeVisible();
  });

  test("a platform admin who picks a member sees only that member's numbers, and no frame of the previous scope's while they load", async ({
    page,
    request,
  }) => {
    const { all, kiehls } = await summariesOverHttp(request);
    await signInAs(page, PLATFORM_ADMIN, '/dashboard');
    const units = kpi(page, 'Units, last 12 months');
    const allUnits = await formatted(page, all.kpis.units_12m);
    await expect(units).toHaveText(allUnits);

    // Kiehl's answers are held back until released.
    let release: (() => void) | undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) =>
        url.pathname === '/api/dashboard/summary' &&
        url.searchParams.get('member_id') === '2',
      async (route) => {
        await released;
        await route.continue();
      },
    );
    // Every frame painted from the member change on, as text.
    await page.evaluate(() => {
      const probe = window as unknown as { scopeFrames: string[] | null };
      document.addEventListener('change', () => (probe.scopeFrames = []), {
        capture: true,
        once: true,
      });
      const record = () => {
        probe.scopeFrames?.push(document.body.innerText);
        requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    const asked = page.waitForRequest(
      (r) =>
        r.url().includes('/api/dashboard/summary') &&
        r.url().includes('member_id=2'),
    );

    await page
      .getByRole('combobox', { name: 'Member' })
      .selectOption({ label: "Kiehl's" });
    await asked;
    await expect(
      page.getByText("Loading the program's figures…"),
    ).toBeVisible();
    // Twenty frames painted while the answer is held back.
    await page.waitForFunction(
      () =>
        ((window as unknown as { scopeFrames: string[] | null }).scopeFrames
          ?.length ?? 0) >= 20,
    );
    await expect(units).toHaveCount(0);
    release?.();

    await expect(units).toHaveText(
      await formatted(page, kiehls.kpis.units_12m),
    );
    await expect(kpi(page, 'Active stores')).toHaveText(
      await formatted(page, kiehls.kpis.active_stores),
    );
    const frames = await page.evaluate(
      () => (window as unknown as { scopeFrames: string[] }).scopeFrames,
    );
    expect(frames.length).toBeGreaterThan(20);
    const stale = frames.filter((text) => text.includes(allUnits));
    expect(stale, 'frames showing the previous scope').toEqual([]);
  });

  test('store list → detail → Back keeps the search, order and page; reload keeps the detail', async ({
    page,
  }) => {
    await signInAs(page, PLATFORM_ADMIN, '/stores-analytics');
    const search = page.getByRole('searchbox', { name: 'Search stores' });
    await search.fill('a');
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('combobox', { name: 'Sort by' })
      .selectOption({ label: 'Most collected' });
    const pages = page.getByRole('navigation', { name: 'Pages of stores' });
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages).toContainText('Page 2 of');
    await expect(page).toHaveURL(/\?search=a&sort=-weight&page=2$/);
    const listUrl = page.url();
    const firstStore = page.getByRole('table').getByRole('rowheader').first();
    const name = (await firstStore.textContent())?.replace(' (inactive)', '');

    await firstStore.getByRole('link').click();
    const storeName = page.getByRole('heading', { level: 2, name });
    await expect(storeName).toBeVisible();
    await expect(page).toHaveURL(/[?&]store=\d+/);
    await page.reload();
    await expect(storeName).toBeVisible();

    await page.getByRole('button', { name: '← Back to the stores' }).click();
    await expect(page).toHaveURL(listUrl);
    await expect(pages).toContainText('Page 2 of');
    await expect(search).toHaveValue('a');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue(
      '-weight',
    );
    await expect(firstStore).toContainText(name ?? '');

    // The browser's own Back and Forward move between the two views too.
    await page.goForward();
    await expect(storeName).toBeVisible();
    await page.goBack();
    await expect(firstStore).toContainText(name ?? '');
  });

  test("marking notifications read lowers the bell's count at once", async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, NOTIFICATIONS_ACCOUNT);
    const { unread_count: unread } = await apiJson<{ unread_count: number }>(
      request,
      '/api/notifications?unread=true',
      token,
    );
    expect(unread, 'unread notifications of the demo data').toBeGreaterThan(1);

    const shell = await signInAs(page, NOTIFICATIONS_ACCOUNT, '/notifications');
    const bell = shell.header.getByRole('link', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName(`Notifications, ${unread} unread`);

    // The "New" badge is apart from the title in the item's name.
    await expect(
      page.getByRole('listitem', { name: /^New ?: \S/ }),
    ).toHaveCount(unread);
    await expect(page.getByRole('listitem', { name: /^New\S/ })).toHaveCount(0);

    const markButtons = page.getByRole('button', {
      name: /^Mark ".*" as read$/,
    });
    const secondName = await markButtons.nth(1).getAttribute('aria-label');
    await markButtons.first().click();
    await expect(bell).toHaveAccessibleName(
      `Notifications, ${unread - 1} unread`,
    );
    // The focus moves on to the next unread item, not to <body>.
    await expect(
      page.getByRole('button', { name: secondName ?? '', exact: true }),
    ).toBeFocused();

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(page.getByText('All read.')).toBeVisible();
    await expect(page.getByText('All read.')).toBeFocused();
  });

  test('an API key made in the UI reads the summary over HTTP, nothing else, and fails once revoked there', async ({
    page,
    request,
  }) => {
    await signInAs(page, API_KEY_ACCOUNT, '/api-keys');
    const keyName = `e2e script ${Date.now()}`;
    await page
      .getByRole('textbox', { name: 'Name of a new key' })
      .fill(keyName);
    await page.getByRole('button', { name: 'Create key' }).click();
    const created = page.getByRole('region', {
      name: `Your new key "${keyName}"`,
    });
    const secret = (await created.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^ck_/);

    const summary = await apiGet(request, '/api/dashboard/summary', secret);
    expect(summary.status()).toBe(200);
    expect(((await summary.json()) as Summary).scope).toEqual({
      member_id: 2,
      member_name: "Kiehl's",
    });
    expect((await apiGet(request, '/api/auth/me', secret)).status()).toBe(401);

    await created.getByRole('button', { name: 'I have copied it' }).click();
    await revokeKey(page, keyName);

    const afterRevoke = await apiGet(request, '/api/dashboard/summary', secret);
    expect(afterRevoke.status()).toBe(401);
  });

  test('the store list keeps the focus through a search, Next and Back, and a page past the last shows the last', async ({
    page,
    request,
  }) => {
    const admin = await apiToken(request, PLATFORM_ADMIN);
    const { total } = await apiJson<StoresPage>(
      request,
      '/api/stores?page_size=20',
      admin,
    );
    const lastPage = Math.ceil(total / 20);
    expect(lastPage, 'pages of stores in the demo data').toBeGreaterThan(1);
    const shell = await signInAs(page, PLATFORM_ADMIN, '/stores-analytics');
    const table = page.getByRole('table');
    await expect(table.locator('caption')).toHaveText(`${total} stores`);

    // Enter searches and leaves the field focused: typing goes on in it.
    const search = page.getByRole('searchbox', { name: 'Search stores' });
    await search.fill('a');
    await search.press('Enter');
    await expect(page).toHaveURL(/\?search=a$/);
    await expect(search).toBeFocused();
    await page.keyboard.type('b');
    await expect(search).toHaveValue('ab');

    // Next keeps the page (busy) while the next loads, and the focus on Next.
    await shell.goInApp('/stores-analytics');
    await expect(table.locator('caption')).toHaveText(`${total} stores`);
    const pages = page.getByRole('navigation', { name: 'Pages of stores' });
    const next = pages.getByRole('button', { name: 'Next' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(pages).toContainText(`Page 2 of ${lastPage}`);
    await expect(table).toHaveAttribute('aria-busy', 'false');
    if (lastPage > 2) await expect(next).toBeFocused();
    else
      await expect(
        pages.getByRole('button', { name: 'Previous' }),
      ).toBeVisible();

    // Back from a store returns the focus to its link.
    const link = table.getByRole('rowheader').first().getByRole('link');
    const name = (await link.textContent()) ?? '';
    await link.click();
    await expect(page.getByRole('heading', { level: 2, name })).toBeFocused();
    await page.getByRole('button', { name: '← Back to the stores' }).click();
    await expect(
      table.getByRole('link', { name, exact: true }).first(),
    ).toBeFocused();

    // A page past the last shows the last page, not "no stores".
    await shell.goInApp('/stores-analytics?page=99');
    await expect(page).toHaveURL(new RegExp(`\\?page=${lastPage}$`));
    await expect(pages).toContainText(`Page ${lastPage} of ${lastPage}`);
    await expect(page.getByText(/no stores in this scope/)).toHaveCount(0);
  });

  test('an operator, who may not open Store Analytics, sees the top stores as names, not links', async ({
    page,
  }) => {
    await signInAs(page, API_KEY_ACCOUNT, '/dashboard');
    const top = page.getByRole('region', {
      name: 'Top stores, last 12 months',
    });
    await expect(top.getByRole('listitem')).not.toHaveCount(0);
    await expect(top.getByRole('link')).toHaveCount(0);
  });

  test('revoking the key just made removes its secret, and the focus stays on the page', async ({
    page,
  }) => {
    await signInAs(page, API_KEY_ACCOUNT, '/api-keys');
    const field = page.getByRole('textbox', { name: 'Name of a new key' });
    await field.fill('   ');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/not a name/);

    const keyName = `e2e leaked ${Date.now()}`;
    await field.fill(keyName);
    await page.getByRole('button', { name: 'Create key' }).click();
    const created = page.getByRole('region', {
      name: `Your new key "${keyName}"`,
    });
    await expect(created).toBeVisible();
    await revokeKey(page, keyName);
    await expect(created).toHaveCount(0);
    await expect(page.locator('code', { hasText: /^ck_/ })).toHaveCount(0);
    // The focus went to the name field, not to <body>.
    await expect(field).toBeFocused();
  });
});
