import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import {
  DEMO_PASSWORD,
  DEMO_UNREAD_NOTIFICATIONS,
  DEMO_USERS,
} from './support/demo-accounts';
import { Shell } from './support/shell';
import { SignInScreen } from './support/sign-in-screen';

/** The top navigations of specification §2, as this suite expects to read them. */
const COLLECTIVE_NAV = [
  'Dashboard',
  'Operations: Shipment Tracking, Warehouse Operations, EOL Processing, Consumer Mailback',
  'Members & Stores: Member Management, Store Performance Rankings, Stores & Inventory Management',
  'Analytics: Store Analytics, Regional Summary, Member Comparisons, Average Metrics, Report Generator',
  'Administration: Consumer Forms, Data Sources, G2 Data Management, G2 Store Mappings, Raw Data Export, User Management, Notifications',
];
const BRAND_ADMIN_NAV = [
  'Dashboard',
  'Operations: Warehouse Operations, EOL Processing, Stores & Inventory Management',
  'Analytics & Reports: Store Analytics',
  'Administration: User Management',
];

/** Every routed path with the heading of its screen (specification §2, decisions D2). */
const SCREENS: Record<string, string> = {
  '/dashboard': 'Dashboard',
  '/shipment-tracking': 'Shipment Tracking',
  '/warehouse-operations': 'Warehouse Operations',
  '/eol-processing': 'EOL Processing',
  '/consumer-mailback': 'Consumer Mailback',
  '/consumer-mailback/submissions': 'Mail-back Submissions',
  '/consumer-mailback/submissions/MB-1042': 'Mail-back Submission MB-1042',
  '/member-management': 'Member Management',
  '/store-rankings': 'Store Performance Rankings',
  '/admin-stores': 'Stores & Inventory Management',
  '/stores-analytics': 'Store Analytics',
  '/regional-summary': 'Regional Summary',
  '/member-comparisons': 'Member Comparisons',
  '/average-metrics': 'Average Metrics',
  '/report-generator': 'Report Generator',
  '/analytics': 'Analytics',
  '/pact-analytics': 'Pact Analytics',
  '/admin/consumer-forms-overview': 'Consumer Forms',
  '/data-sources': 'Data Sources',
  '/g2-data-management': 'G2 Data Management',
  '/g2-store-mappings': 'G2 Store Mappings',
  '/data-export': 'Raw Data Export',
  '/user-management': 'User Management',
  '/notifications': 'Notifications',
  '/instructions': 'Instructions',
  '/demo-cleanup': 'Demo Cleanup',
  '/performance': 'Performance',
  '/api-keys': 'API Keys',
};
const ALL = Object.keys(SCREENS);
const COLLECTIVE_ONLY = [
  '/consumer-mailback',
  '/consumer-mailback/submissions',
  '/consumer-mailback/submissions/MB-1042',
  '/admin/consumer-forms-overview',
];
const DENIED_TO_SPECIAL_BRAND = [
  '/member-comparisons',
  '/average-metrics',
  '/report-generator',
  '/g2-data-management',
  '/data-export',
];
const BRAND_ADMIN_OPENS = ALL.filter((p) => !COLLECTIVE_ONLY.includes(p));

const ACCOUNTS = [
  { email: DEMO_USERS.super.email, nav: COLLECTIVE_NAV, opens: ALL },
  { email: DEMO_USERS.admin.email, nav: COLLECTIVE_NAV, opens: ALL },
  { email: DEMO_USERS.staff.email, nav: COLLECTIVE_NAV, opens: ALL },
  {
    email: DEMO_USERS.brandAdmin.email,
    nav: BRAND_ADMIN_NAV,
    opens: BRAND_ADMIN_OPENS,
  },
  {
    email: DEMO_USERS.specialAdmin.email,
    nav: BRAND_ADMIN_NAV,
    opens: BRAND_ADMIN_OPENS.filter(
      (p) => !DENIED_TO_SPECIAL_BRAND.includes(p),
    ),
  },
  {
    email: DEMO_USERS.operator.email,
    nav: ['Dashboard'],
    opens: ['/dashboard', '/notifications', '/api-keys'],
  },
];

async function signInAs(page: Page, email: string, path = '/'): Promise<Shell> {
  await new SignInScreen(page).openAndSignIn(email, DEMO_PASSWORD, path);
  return new Shell(page);
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('navigation and routes of every demo account', () => {
  for (const account of ACCOUNTS) {
    test(`${account.email}: the menus, every route it may open, and home for the others`, async ({
      page,
    }) => {
      const shell = await signInAs(page, account.email);
      expect(await shell.topNavOutline()).toEqual(account.nav);
      for (const path of ALL) {
        await shell.goInApp(path);
        if (account.opens.includes(path)) {
          await expect(heading(page), path).toHaveText(SCREENS[path] ?? '');
          await expect(page).toHaveURL(path);
        } else {
          await expect(page, `${path} is closed`).toHaveURL('/dashboard');
          await expect(heading(page)).toHaveText('Dashboard');
        }
      }
    });
  }
});

test.describe('redirects and unknown paths', () => {
  test('/, the two G2 paths and an unknown path lead where §2 says', async ({
    page,
  }) => {
    const shell = await signInAs(page, DEMO_USERS.admin.email);
    for (const [from, to] of [
      ['/', '/dashboard'],
      // The right part of it (issue 23): the uploads or the quality queue.
      ['/g2-uploads', '/g2-data-management?section=uploads'],
      ['/data-quality-investigation', '/g2-data-management?section=quality'],
      ['/no/such/page', '/dashboard'],
    ] as const) {
      await shell.goInApp(from);
      await expect(page, from).toHaveURL(to);
    }
  });
});

test.describe('menus', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('close on an outside click and on Escape, which gives focus back', async ({
    page,
  }) => {
    await signInAs(page, DEMO_USERS.super.email);
    const analytics = page.getByRole('button', { name: 'Analytics' });
    await analytics.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.mouse.click(1200, 700); // an empty part of the page
    await expect(page.getByRole('menu')).toHaveCount(0);
    await analytics.click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(analytics).toBeFocused();
  });

  test('work by keyboard alone, and mark the menu holding the page', async ({
    page,
  }) => {
    await signInAs(page, DEMO_USERS.super.email);
    const members = page.getByRole('button', { name: 'Members & Stores' });
    await members.focus();
    await page.keyboard.press('ArrowDown');
    await expect(
      page.getByRole('menuitem', { name: 'Member Management' }),
    ).toBeFocused();
    await page.keyboard.press('End');
    await expect(
      page.getByRole('menuitem', { name: 'Stores & Inventory Management' }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/admin-stores');
    await expect(heading(page)).toHaveText('Stores & Inventory Management');
    // Focus starts the new page at its heading, which screen readers announce.
    await expect(heading(page)).toBeFocused();
    await expect(members).toHaveAttribute('aria-current', 'true');
    await members.focus();
    await page.keyboard.press('Space');
    await expect(
      page.getByRole('menuitem', { name: 'Stores & Inventory Management' }),
    ).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page, 'the open Members & Stores menu');
  });
});

test.describe('phones', () => {
  for (const width of [390, 320]) {
    test(`at ${width} px nothing overflows, and the sheet has the grid, quick actions and a 9+ badge`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 740 });
      await signInAs(page, DEMO_USERS.super.email);
      const overflow = () =>
        page.evaluate(
          () =>
            document.documentElement.scrollWidth -
            document.documentElement.clientWidth,
        );
      expect(await overflow()).toBe(0);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      const menu = page.getByRole('button', { name: /^Menu/ });
      // The super admin's unread notifications of the demo data (five).
      const unread = DEMO_UNREAD_NOTIFICATIONS.super;
      await expect(menu).toHaveAccessibleName(
        `Menu, Notifications, ${unread} unread`,
      );
      await menu.click();
      const sheet = page.getByRole('dialog', { name: 'Menu' });
      await expect(sheet).toBeVisible();
      await expect(
        sheet.getByRole('navigation', { name: 'Main' }).getByRole('link'),
      ).toHaveCount(20);
      const quick = sheet.getByRole('region', { name: 'Quick actions' });
      await expect(quick.getByRole('link')).toHaveText([
        `Notifications${unread}`,
        'Performance',
        'API Keys',
      ]);
      expect(await overflow()).toBe(0);
      await expectNoAxeViolations(page, `the open sheet at ${width} px`);

      // Focus stays inside: the page behind is inert.
      for (let i = 0; i < 30; i += 1) await page.keyboard.press('Tab');
      expect(
        await sheet.evaluate((dialog) =>
          dialog.contains(document.activeElement),
        ),
      ).toBe(true);
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(menu).toBeFocused();

      await menu.click();
      await page.mouse.click(width / 2, 5); // the backdrop above the sheet
      await expect(sheet).toBeHidden();

      await menu.click();
      await sheet.getByRole('link', { name: 'Regional Summary' }).click();
      await expect(sheet).toBeHidden();
      await expect(heading(page)).toHaveText('Regional Summary');
      await expect(heading(page)).toBeFocused();
    });
  }

  test('the badge says 9+ in the sheet when more than nine are unread', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 740 });
    await page.route('**/api/notifications?unread=true', (route) =>
      route.fulfill({ json: { unread_count: 27 } }),
    );
    await signInAs(page, DEMO_USERS.operator.email);
    const menu = page.getByRole('button', { name: /^Menu/ });
    await expect(menu).toHaveText('Menu9+');
    await expect(
      page.getByRole('link', { name: 'Notifications, 27 unread' }),
    ).toHaveText('27');
    await menu.click();
    await expect(
      page.getByRole('region', { name: 'Quick actions' }).getByRole('link'),
    ).toHaveText(['Notifications9+', 'API Keys']);
  });
});

test.describe('loading screens', () => {
  test('fetches the Analytics, Dashboard, Store Rankings and Admin Stores chunks about 1 s after sign-in', async ({
    page,
  }) => {
    const fetched = new Map<string, number>();
    page.on('request', (request) => {
      const match =
        /\/assets\/((?:analytics|dashboard|store-rankings|admin-stores)-screen)-/.exec(
          request.url(),
        );
      if (match?.[1] && !fetched.has(match[1]))
        fetched.set(match[1], Date.now());
    });
    const signIn = new SignInScreen(page);
    await page.goto('/performance');
    await signIn.signIn(DEMO_USERS.admin.email, DEMO_PASSWORD);
    const signedInAt = Date.now();
    await expect(heading(page)).toHaveText('Performance');
    await expect.poll(() => fetched.size, { timeout: 5_000 }).toBe(4);
    for (const [chunk, at] of fetched) {
      expect(at - signedInAt, chunk).toBeGreaterThanOrEqual(800);
      expect(at - signedInAt, chunk).toBeLessThan(4_000);
    }
  });

  test('a chunk answered with 404 reloads the page once, then shows the error screen', async ({
    page,
  }) => {
    await signInAs(page, DEMO_USERS.admin.email);
    let loads = 0;
    let chunkRequests = 0;
    page.on('load', () => (loads += 1));
    await page.route(
      /\/assets\/regional-summary-screen-[^/]+\.js$/,
      (route) => {
        chunkRequests += 1;
        return route.fulfill({ status: 404, body: 'gone' });
      },
    );
    await new Shell(page).goInApp('/regional-summary');
    await expect(
      page.getByRole('heading', { name: 'This screen could not be shown' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    // One reload, and no loop: the error screen stays.
    await page.waitForTimeout(1_500);
    expect(loads).toBe(1);
    await expect(
      page.getByRole('heading', { name: 'This screen could not be shown' }),
    ).toBeVisible();
    // Asked for once per page, not again and again: a preload and the
    // screen's import, and on the reloaded page, which opens at the screen,
    // the shell's start of its first data (docs/decisions/0109) too.
    expect(chunkRequests).toBeLessThanOrEqual(5);
    // The shell around the broken screen still works, and the next screen
    // shows: the error stays with the screen that broke.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.getByRole('link', { name: /dashboard home/ }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Dashboard' }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'This screen could not be shown' }),
    ).toHaveCount(0);
  });
});
