import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { BRAND_ADMIN, DEMO_USERS } from './support/demo-accounts';
import {
  DESKTOP,
  expectFitsAndAxeClean,
  expectNoSidewaysScroll,
  PHONE,
} from './support/layout';
import { signInAt } from './support/sign-in-screen';

const PLATFORM_ADMIN = DEMO_USERS.admin.email;

const HEADER =
  'member_code,name,address,postal_code,city,region,channel,status,opened_on,bin_boxes,liners,labels';

/** Chooses `file` (CSV text) in the import and checks it. */
async function checkFile(page: Page, text: string) {
  await page.getByLabel('CSV file of stores').setInputFiles({
    name: 'stores.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
}

/** Searches the store list for `name` and waits for its answer. */
async function search(page: Page, name: string) {
  const field = page.getByRole('searchbox', {
    name: 'Search stores by name, address or city',
  });
  await field.fill(name);
  await field.press('Enter');
  await expect(page).toHaveURL(/search=/);
}

test.describe('stores and inventory', () => {
  test('an admin filters the stores, opens one and changes its supplies, seen in its audit trail; axe clean at 1366 and 390 px', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, PLATFORM_ADMIN, '/admin-stores');
    const list = page.getByRole('table', { name: /stores?$/ });
    await expect(list).toBeVisible();
    await expect(
      list.getByRole('columnheader', { name: 'Member' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, '/admin-stores at 1366 px');

    await page
      .getByRole('combobox', { name: 'Region', exact: true })
      .selectOption('West');
    await page
      .getByRole('combobox', { name: 'Channel', exact: true })
      .selectOption('in-store');
    await expect(page).toHaveURL(/region=West/);
    await expect(page).toHaveURL(/channel=in-store/);
    await expect(list.getByRole('row').nth(1)).toContainText('West');
    await expect(list.getByRole('row').nth(1)).toContainText('In-store bin');

    const first = list.getByRole('rowheader').first().getByRole('link');
    const name = (await first.textContent()) ?? '';
    await first.click();
    await expect(page.getByRole('heading', { level: 2, name })).toBeFocused();
    const liners = String(100 + (Date.now() % 900));
    const form = page.getByRole('form', { name: `Edit ${name}` });
    await form.getByRole('textbox', { name: 'Liners on hand' }).fill(liners);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'saved' }),
    ).toHaveText(`${name} was saved.`);
    const trail = page.getByRole('region', {
      name: 'Audit trail',
      exact: true,
    });
    await expect(
      trail.getByRole('cell', {
        name: new RegExp(`Liners on hand: \\d+ → ${liners}`),
      }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'a store at 1366 px');

    await page.setViewportSize(PHONE);
    await expectFitsAndAxeClean(page, 'a store at 390 px');
    await page.getByRole('button', { name: 'Back to stores' }).click();
    await expect(list).toBeVisible();
    await expectFitsAndAxeClean(page, '/admin-stores at 390 px');
  });

  test('the store CSV import shows its row report and saves nothing on errors; a valid file imports', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, PLATFORM_ADMIN, '/admin-stores');
    const stamp = Date.now();
    const good = `E2E Import ${stamp}`;
    await page
      .getByRole('button', { name: 'Import stores from a CSV…' })
      .click();

    await checkFile(
      page,
      `${HEADER}\nKIEHLS,${good},1 Pier Road,02111,Boston,Northeast,kiosk,,2026-01-05,5,30,20\nKIEHLS,E2E Broken ${stamp},2 Pier Road,,Boston,Atlantis,kiosk,,2026-02-30,=1+2,,\n`,
    );
    const report = page.getByRole('table', { name: 'Row report' });
    await expect(report).toBeVisible();
    await expect(
      page.getByText('2 rows read: 1 valid, 1 with problems.'),
    ).toBeVisible();
    await expect(report.getByRole('row', { name: /region/ })).toContainText(
      'Atlantis',
    );
    await expect(report.getByRole('row', { name: /bin_boxes/ })).toContainText(
      '=1+2',
    );
    await expect(
      page.getByRole('status').filter({ hasText: 'Nothing was saved' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Import \d/ })).toHaveCount(
      0,
    );
    await expectNoAxeViolations(page, 'the import report at 1366 px');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, 'the import report at 390 px');
    await page.setViewportSize(DESKTOP);

    await search(page, good);
    await expect(page.getByText(`No store matches "${good}".`)).toBeVisible();

    await checkFile(
      page,
      `${HEADER}\nKIEHLS,${good},1 Pier Road,02111,Boston,Northeast,kiosk,,2026-01-05,5,30,20\n`,
    );
    await expect(
      page.getByText('1 row read: 1 valid, 0 with problems.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Import 1 store' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'imported' }).first(),
    ).toHaveText('1 store imported.');
    await expect(
      page.getByRole('table', { name: '1 store' }).getByRole('rowheader'),
    ).toHaveText([good]);
  });

  test("a brand admin sees only Kiehl's stores and changes only their contacts and supplies; axe clean at 1366 and 390 px", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, BRAND_ADMIN.email, '/admin-stores');
    const list = page.getByRole('table', { name: /stores?$/ });
    await expect(list).toBeVisible();
    await expect(
      list.getByRole('columnheader', { name: 'Member' }),
    ).toHaveCount(0);
    await expect(
      page.getByRole('combobox', { name: 'Member', exact: true }),
    ).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: 'Import stores from a CSV…' }),
    ).toHaveCount(0);
    await expect(list.getByRole('checkbox')).toHaveCount(0);
    await expectNoAxeViolations(
      page,
      "a brand admin's /admin-stores at 1366 px",
    );

    const first = list.getByRole('rowheader').first().getByRole('link');
    const name = (await first.textContent()) ?? '';
    await first.click();
    // Its member, the first fact of the detail: Kiehl's, as every store here.
    await expect(page.getByRole('definition').first()).toHaveText("Kiehl's");
    const form = page.getByRole('form', { name: `Edit ${name}` });
    await expect(
      form.getByRole('textbox', { name: 'Name', exact: true }),
    ).toHaveCount(0);
    await expect(form.getByRole('combobox')).toHaveCount(0);
    const phone = `+1 555 ${String(Date.now()).slice(-4)}`;
    await form.getByRole('textbox', { name: /Contact phone/ }).fill(phone);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'saved' }),
    ).toHaveText(`${name} was saved.`);
    await expect(page.getByText(phone).first()).toBeVisible();

    await page.setViewportSize(PHONE);
    await expectFitsAndAxeClean(page, "a brand admin's store at 390 px");
  });
});
