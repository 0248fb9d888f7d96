import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { BRAND_ADMIN, DEMO_MEMBERS, DEMO_USERS } from './support/demo-accounts';
import { checkBothWidths, DESKTOP } from './support/layout';
import { expectNoOtherMember } from './support/own-member';
import { signInAt } from './support/sign-in-screen';
import { storeThemeBeforeLoad } from './support/theme-probe';

/** A platform admin; the journey sets the targets of a member no other spec reads them of. */
const PLATFORM_ADMIN = DEMO_USERS.admin.email;
const MEMBER = 'Harbor & Pine';
const THIS_YEAR = new Date().getUTCFullYear();

/** The brand admin's scorecard, checked to name no other member. */
async function expectOwnScorecardOnly(page: Page) {
  await expect(
    page.getByRole('region', { name: `Kiehl's scorecard, ${THIS_YEAR}` }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Collective median' }),
  ).toBeVisible();
  await expect(page.getByRole('meter')).toHaveCount(3);
  await expectNoOtherMember(page, "the brand's scorecard");
  await expect(page.getByRole('button', { name: /targets of/ })).toHaveCount(0);
}

test.describe('performance', () => {
  test("a platform admin sets a member's targets and sees its progress, axe clean at 1366 and 390 px", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, PLATFORM_ADMIN, '/performance');
    const table = page.getByRole('table', {
      name: `Members' progress against their ${THIS_YEAR} targets`,
    });
    await expect(table).toBeVisible();
    await expect(table.getByRole('rowheader')).toHaveCount(DEMO_MEMBERS.length);

    await page
      .getByRole('button', {
        name: `Edit the ${THIS_YEAR} targets of ${MEMBER}`,
      })
      .click();
    const form = page.getByRole('form', {
      name: `Targets of ${MEMBER} for ${THIS_YEAR}`,
    });
    await form
      .getByRole('textbox', { name: /Collected weight/ })
      .fill('987654');
    await form.getByRole('textbox', { name: /Active stores/ }).fill('40');
    await form.getByRole('textbox', { name: /Recycling rate/ }).fill('99');
    await expectNoAxeViolations(page, 'the targets form');
    await form.getByRole('button', { name: 'Save targets' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'saved' }),
    ).toHaveText(`The ${THIS_YEAR} targets of ${MEMBER} were saved.`);

    const row = table.getByRole('row', { name: new RegExp(MEMBER) });
    await expect(row).toContainText('of 988 t');
    await expect(row).toContainText('of 40');
    await expect(row).toContainText('of 99%');
    await expect(row).toContainText('Behind');
    await expect(
      row.getByRole('meter', {
        name: new RegExp(`^Collected weight of ${MEMBER}: \\d+% of target$`),
      }),
    ).toBeVisible();

    await checkBothWidths(page, '/performance as a platform admin', () =>
      expect(table).toBeVisible(),
    );

    await page.setViewportSize(DESKTOP);
    await page
      .getByRole('combobox', { name: 'Year' })
      .selectOption(String(THIS_YEAR - 1));
    await expect(page).toHaveURL(new RegExp(`year=${THIS_YEAR - 1}`));
    await expect(
      page.getByRole('table', {
        name: `Members' progress against their ${THIS_YEAR - 1} targets`,
      }),
    ).toBeVisible();
    await expect(
      page.getByText(`${THIS_YEAR - 1} is over: final figures.`),
    ).toBeVisible();
  });

  test('a brand admin sees their own scorecard beside the collective median and no other member, axe clean at 1366 and 390 px', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, BRAND_ADMIN.email, '/performance?member_id=3');
    await checkBothWidths(page, '/performance as a brand admin', () =>
      expectOwnScorecardOnly(page),
    );
  });

  test('reads well in the dark theme for a platform admin, axe clean at 1366 and 390 px', async ({
    page,
  }) => {
    await storeThemeBeforeLoad(page, 'pact', 'pentatonic-dark');
    await page.setViewportSize(DESKTOP);
    await signInAt(page, PLATFORM_ADMIN, '/performance');
    await expect(page.locator('html')).toHaveAttribute(
      'data-theme',
      'pact-pentatonic-dark',
    );
    await checkBothWidths(page, '/performance in the dark theme', () =>
      expect(
        page.getByRole('table', { name: /Members' progress/ }),
      ).toBeVisible(),
    );
  });

  test('reads well in the dark theme for a brand admin, axe clean at 1366 and 390 px', async ({
    page,
  }) => {
    await storeThemeBeforeLoad(page, 'kiehls', 'pentatonic-dark');
    await page.setViewportSize(DESKTOP);
    await signInAt(page, BRAND_ADMIN.email, '/performance');
    await expect(page.locator('html')).toHaveAttribute(
      'data-theme',
      'kiehls-pentatonic-dark',
    );
    await checkBothWidths(page, "Kiehl's scorecard in the dark theme", () =>
      expectOwnScorecardOnly(page),
    );
  });
});
