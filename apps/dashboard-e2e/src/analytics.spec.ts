import { expect, test, type Page } from '@playwright/test';
import { BRAND_ADMIN, SUPER_ADMIN } from './support/demo-accounts';
import { figure } from './support/figures';
import { checkBothWidths, DESKTOP } from './support/layout';
import { signInAt } from './support/sign-in-screen';
import { expectNoOtherMember } from './support/own-member';
import { storeThemeBeforeLoad } from './support/theme-probe';

test.describe('analytics', () => {
  test('a super admin sees the figures of the three analytics screens, switches the interval, axe clean at 1366 and 390 px', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, SUPER_ADMIN.email, '/analytics');
    await expect(
      page.getByRole('heading', { level: 2, name: /^All members, / }),
    ).toBeVisible();
    await expect(figure(page, 'Collected weight')).toContainText(
      /\d+(\.\d)? t/,
    );
    await expect(figure(page, 'Collected weight')).toContainText(
      'on a year earlier',
    );
    await expect(
      page.getByRole('img', {
        name: /^Collected weight per month, by channel: 12 bars/,
      }),
    ).toBeVisible();
    await checkBothWidths(page, '/analytics', () =>
      expect(page.getByRole('img', { name: /by channel/ })).toBeVisible(),
    );

    const quarter = page.getByRole('radio', { name: 'Quarter' });
    await quarter.focus();
    await page.keyboard.press('Space');
    await expect(quarter).toBeChecked();
    await expect(page).toHaveURL(/interval=quarter/);
    await expect(
      page.getByRole('img', {
        name: /^Collected weight per quarter, by channel: [45] bars/,
      }),
    ).toBeVisible();
    await page.getByText('Show the figures as a table').first().click();
    await expect(
      page.getByRole('table', {
        name: 'Collected weight per quarter, by channel',
      }),
    ).toBeVisible();

    await page.goto('/pact-analytics');
    await expect(
      page.getByRole('heading', { level: 2, name: /^The collective, / }),
    ).toBeVisible();
    await expect(figure(page, 'Recycling rate')).toContainText(/\d+%/);
    const programs = page.getByRole('region', {
      name: 'By program',
      exact: true,
    });
    await expect(
      programs.getByRole('rowheader', { name: 'In-store bin' }),
    ).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'By member tier', exact: true })
        .getByRole('rowheader'),
    ).not.toHaveCount(0);
    await checkBothWidths(page, '/pact-analytics', () =>
      expect(programs).toBeVisible(),
    );

    await page.goto('/regional-summary');
    const tiles = page.getByRole('region', { name: 'Regions', exact: true });
    await expect(tiles.getByRole('listitem')).toHaveCount(5);
    await expect(
      tiles.getByRole('listitem', { name: 'West', exact: true }),
    ).toContainText('active of');
    await expect(
      page
        .getByRole('region', { name: 'Regions and states', exact: true })
        .getByRole('rowheader', { name: 'All regions' }),
    ).toBeVisible();
    await checkBothWidths(page, '/regional-summary', () =>
      expect(tiles).toBeVisible(),
    );
  });

  test("a brand admin sees their own member's figures on the three screens and no other member, axe clean at 1366 and 390 px", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, BRAND_ADMIN.email, '/analytics?member_id=3');
    await expect(
      page.getByRole('heading', { level: 2, name: /^Kiehl's, / }),
    ).toBeVisible();
    await expect(figure(page, 'Collected weight')).not.toHaveText(/^0 kg/);
    await expectNoOtherMember(page, '/analytics');
    await checkBothWidths(page, '/analytics as a brand admin', () =>
      expect(page.getByRole('img', { name: /by channel/ })).toBeVisible(),
    );

    await page.goto('/pact-analytics');
    await expect(
      page.getByRole('heading', { level: 2, name: /^Kiehl's, / }),
    ).toBeVisible();
    await expect(
      figure(page, "Share of the collective's collected weight"),
    ).toContainText(/\d+%/);
    await expect(
      page
        .getByRole('region', { name: "The member's tier", exact: true })
        .getByRole('rowheader'),
    ).toHaveCount(1);
    await expectNoOtherMember(page, '/pact-analytics');
    await checkBothWidths(page, '/pact-analytics as a brand admin', () =>
      expect(
        page.getByRole('region', { name: 'By program', exact: true }),
      ).toBeVisible(),
    );

    await page.goto('/regional-summary?period=24m');
    await expect(
      page.getByRole('heading', { level: 2, name: /^Kiehl's, / }),
    ).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue(
      '24m',
    );
    await expectNoOtherMember(page, '/regional-summary');
    await checkBothWidths(page, '/regional-summary as a brand admin', () =>
      expect(
        page.getByRole('region', { name: 'Regions and states', exact: true }),
      ).toBeVisible(),
    );
  });

  /** What shows that each screen has its figures. */
  const figuresShown: Record<string, (page: Page) => Promise<void>> = {
    '/analytics': (page) =>
      expect(page.getByRole('img', { name: /by channel/ })).toBeVisible(),
    '/pact-analytics': (page) =>
      expect(
        page.getByRole('img', { name: /^Confirmed outcomes per month/ }),
      ).toBeVisible(),
    '/regional-summary': (page) =>
      expect(
        page.getByRole('region', { name: 'Regions', exact: true }),
      ).toBeVisible(),
    '/member-comparisons': (page) =>
      expect(
        page.getByRole('img', {
          name: /^Collected weight of (each member by end-of-life outcome|Kiehl's beside the collective's percentiles)/,
        }),
      ).toBeVisible(),
    '/average-metrics': (page) =>
      expect(
        page.getByRole('table', {
          name: /^Collected weight per store-month of /,
        }),
      ).toBeVisible(),
    '/report-generator': (page) =>
      expect(page.getByRole('form', { name: 'New report' })).toBeVisible(),
    '/data-export': (page) =>
      expect(
        page.getByText(/rows of Shipments of (every member|Kiehl's)/),
      ).toBeVisible(),
  };

  for (const [tenant, who, role] of [
    ['pact', SUPER_ADMIN.email, 'a super admin'],
    ['kiehls', BRAND_ADMIN.email, 'a brand admin'],
  ] as const) {
    for (const [group, paths] of [
      [
        'the analytics screens: charts, tables and tiles',
        ['/analytics', '/pact-analytics', '/regional-summary'],
      ],
      [
        'member comparisons, average metrics, the report generator and the raw export',
        [
          '/member-comparisons',
          '/average-metrics',
          '/report-generator',
          '/data-export',
        ],
      ],
    ] as const) {
      test(`${group} read well in the dark theme for ${role}, axe clean at 1366 and 390 px`, async ({
        page,
      }) => {
        // Three or four screens, each axe-checked at two widths.
        test.setTimeout(120_000);
        await storeThemeBeforeLoad(page, tenant, 'pentatonic-dark');
        await page.setViewportSize(DESKTOP);
        await signInAt(page, who, paths[0]);
        await expect(page.locator('html')).toHaveAttribute(
          'data-theme',
          `${tenant}-pentatonic-dark`,
        );
        for (const path of paths) {
          if (path !== paths[0]) await page.goto(path);
          const shown = figuresShown[path];
          if (!shown) throw new Error(`Nothing says ${path} is shown.`);
          await checkBothWidths(
            page,
            `${path} in the dark theme as ${role}`,
            () => shown(page),
          );
          if (role === 'a brand admin') await expectNoOtherMember(page, path);
        }
      });
    }
  }
});
