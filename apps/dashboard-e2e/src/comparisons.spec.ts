import { expect, test } from '@playwright/test';
import {
  BRAND_ADMIN,
  DEMO_MEMBERS,
  SUPER_ADMIN,
} from './support/demo-accounts';
import { checkBothWidths, DESKTOP } from './support/layout';
import { signInAt } from './support/sign-in-screen';
import { expectNoOtherMember } from './support/own-member';

test.describe('member comparisons and average metrics', () => {
  test('a super admin compares every member, sorts by collected weight and reads the chart as a table, axe clean at 1366 and 390 px', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, SUPER_ADMIN.email, '/member-comparisons');
    const table = page.getByRole('table', { name: /members, / });
    await expect(table.getByRole('rowheader')).toHaveCount(DEMO_MEMBERS.length);
    await expect(
      page.getByRole('table', { name: /^Quartiles over \d+ members/ }),
    ).toBeVisible();

    await table.getByRole('button', { name: /Collected/ }).click();
    await expect(page).toHaveURL(/sort=-collected_kg/);
    const chart = page.getByRole('img', {
      name: /Collected weight of each member by end-of-life outcome/,
    });
    await expect(chart).toBeVisible();
    await page.getByText('Show the figures as a table').click();
    await expect(
      page.getByRole('table', {
        name: /Collected weight of each member by end-of-life outcome/,
      }),
    ).toBeVisible();

    await page
      .getByRole('combobox', { name: 'Period' })
      .selectOption(String(new Date().getUTCFullYear() - 1));
    await expect(page).toHaveURL(/period=\d{4}/);
    await checkBothWidths(page, '/member-comparisons as the super admin', () =>
      expect(table.getByRole('rowheader')).toHaveCount(DEMO_MEMBERS.length),
    );
  });

  test('a super admin reads the averages per store-month, shipment and package, axe clean at 1366 and 390 px', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, SUPER_ADMIN.email, '/average-metrics');
    const storeMonths = page.getByRole('table', {
      name: /^Collected weight per store-month of the collective/,
    });
    await expect(storeMonths.getByRole('rowheader')).toHaveText([
      'All channels',
      'In-store bin',
      'Kiosk',
    ]);
    await expect(
      page.getByRole('table', {
        name: /^Net weight and contamination per shipment/,
      }),
    ).toBeVisible();
    await expect(
      page.getByRole('table', {
        name: /^Weight and items per mail-back package/,
      }),
    ).toBeVisible();
    await checkBothWidths(page, '/average-metrics as the super admin', () =>
      expect(storeMonths).toBeVisible(),
    );
  });

  test("a brand admin sees their member beside the collective's percentiles and medians, never another member, axe clean at 1366 and 390 px", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, BRAND_ADMIN.email, '/member-comparisons?member_id=3');
    const own = page.getByRole('table', {
      name: /^Kiehl's beside the collective/,
    });
    await checkBothWidths(
      page,
      '/member-comparisons as a brand admin',
      async () => {
        await expect(
          own.getByRole('rowheader', { name: 'Collected' }),
        ).toBeVisible();
        await expectNoOtherMember(page, '/member-comparisons');
      },
    );

    await page.setViewportSize(DESKTOP);
    await page.goto('/average-metrics');
    const storeMonths = page.getByRole('table', {
      name: /^Collected weight per store-month of Kiehl's/,
    });
    await checkBothWidths(
      page,
      '/average-metrics as a brand admin',
      async () => {
        await expect(
          storeMonths.getByRole('columnheader', {
            name: 'Collective median weight',
          }),
        ).toBeVisible();
        await expectNoOtherMember(page, '/average-metrics');
      },
    );
  });
});
