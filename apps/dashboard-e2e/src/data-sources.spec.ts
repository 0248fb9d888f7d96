import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { DESKTOP, expectFitsAndAxeClean, PHONE } from './support/layout';
import { BRAND_ADMIN, SUPER_ADMIN } from './support/demo-accounts';
import { signInAt } from './support/sign-in-screen';

/** The lines of a downloaded CSV, without its byte-order mark and last line break. */
async function downloadedLines(page: Page, button: RegExp): Promise<string[]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await (await download).path();
  const text = await readFile(file, 'utf8');
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n$/, '')
    .split('\r\n');
}

/** Chooses the stores dataset with the columns id, name and member, and reads the count. */
async function chooseStores(page: Page): Promise<number> {
  // Click, then wait: the choice lives in the URL, so a controlled input
  // shows its new state only once the navigation has rendered (check()
  // would look at once).
  const stores = page.getByRole('radio', { name: 'Stores' });
  await stores.click();
  await expect(stores).toBeChecked();
  const columns = page.getByRole('group', { name: /^Columns/ });
  await columns.getByRole('button', { name: 'No columns' }).click();
  await expect(page.getByText('Choose at least one column.')).toBeVisible();
  for (const name of ['Id', 'Name', 'Member']) {
    const box = columns.getByRole('checkbox', { name, exact: true });
    await box.click();
    await expect(box).toBeChecked();
  }
  await expect(columns).toHaveAccessibleName('Columns (3 of 12)');
  const count = page.getByRole('status').filter({ hasText: /rows? of Stores/ });
  await expect(count).toBeVisible();
  return Number((await count.innerText()).split(' ')[0]?.replaceAll(',', ''));
}

test.describe('data sources and raw data export', () => {
  test('a super admin sees every feed with the late G2 file flagged and filters the ingestion log, axe clean at 1366 and 390 px', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, SUPER_ADMIN.email, '/data-sources');
    const feeds = page.getByRole('table', { name: /Feeds and their health/ });
    await expect(feeds).toBeVisible();
    await expect(feeds.getByRole('rowheader')).toHaveCount(4);
    const g2 = feeds.getByRole('row').filter({ hasText: 'G2 partner file' });
    await expect(g2.getByText('Late', { exact: true })).toBeVisible();
    await expect(g2.getByRole('cell', { name: 'Weekly' })).toBeVisible();
    await expect(
      feeds.getByRole('row').filter({ hasText: 'Kiosks' }).getByText('On time'),
    ).toBeVisible();
    await expectNoAxeViolations(page, '/data-sources at 1366 px');

    await page.getByRole('combobox', { name: 'Feed' }).selectOption('g2');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('failed');
    await expect(page).toHaveURL(/source=g2/);
    await expect(page).toHaveURL(/status=failed/);
    const log = page.getByRole('table', { name: /^\d+ runs$/ });
    await expect(log.getByText(/File refused: the header lacks/)).toBeVisible();
    await expect(log.getByText('OK', { exact: true })).toHaveCount(0);

    await page.setViewportSize(PHONE);
    await expect(log).toBeVisible();
    await expectFitsAndAxeClean(page, '/data-sources at 390 px');
  });

  test('a super admin chooses a dataset and columns, sees the count and downloads the CSV it announced, axe clean at 1366 and 390 px', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, SUPER_ADMIN.email, '/data-export');
    await expect(
      page.getByText(/rows of Shipments of every member/),
    ).toBeVisible();
    const rows = await chooseStores(page);
    expect(rows).toBeGreaterThan(16);
    await expectNoAxeViolations(page, '/data-export at 1366 px');

    const lines = await downloadedLines(page, /^Download CSV/);
    expect(lines[0]).toBe('id,name,member');
    expect(lines).toHaveLength(rows + 1);
    expect(lines[1]).toMatch(/^\d+,[^,]+,.+$/);
    expect(
      new Set(lines.slice(1).map((line) => line.split(',').at(-1))).size,
    ).toBeGreaterThan(1);

    await page.setViewportSize(PHONE);
    await expectFitsAndAxeClean(page, '/data-export at 390 px');
  });

  test("a brand admin sees only Kiehl's feeds, runs and rows", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await signInAt(page, BRAND_ADMIN.email, '/data-sources');
    const feeds = page.getByRole('table', { name: /Feeds and their health/ });
    await expect(feeds.getByRole('rowheader')).toHaveCount(3);
    await expect(feeds.getByText('Mail-back forms')).toHaveCount(0);
    await expect(
      page.getByRole('table', { name: /runs of Kiehl's$/ }),
    ).toBeVisible();
    await expectFitsAndAxeClean(page, "/data-sources as Kiehl's at 390 px");

    await page.setViewportSize(DESKTOP);
    await page.goto('/data-export?dataset=stores&member_id=3');
    await expect(page.getByRole('combobox', { name: 'Member' })).toHaveCount(0);
    const rows = await chooseStores(page);
    await expect(page.getByText(/rows of Stores of Kiehl's/)).toBeVisible();
    const lines = await downloadedLines(page, /^Download CSV/);
    expect(lines[0]).toBe('id,name,member');
    expect(lines).toHaveLength(rows + 1);
    for (const line of lines.slice(1)) expect(line).toMatch(/,Kiehl's$/);
  });
});
