import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { DEMO_USERS } from './support/demo-accounts';
import { DESKTOP, expectNoSidewaysScroll, PHONE } from './support/layout';
import { signInAt } from './support/sign-in-screen';

const ADMIN = DEMO_USERS.admin.email;

/** Today and the first of this month, UTC, `YYYY-MM-DD`. */
function thisMonth() {
  const today = new Date().toISOString().slice(0, 10);
  return { start: `${today.slice(0, 8)}01`, today };
}

test.describe('G2 ingestion', () => {
  test('an admin uploads a file with an unmapped store, maps it, sees the upload re-validate and commits it; axe clean at 1366 and 390 px', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    // A program store to tie the partner's new id to, by its name.
    await signInAt(page, ADMIN, '/admin-stores');
    const stores = page.getByRole('table', { name: /stores?$/ });
    const storeName = (
      (await stores.getByRole('rowheader').first().textContent()) ?? ''
    ).trim();
    expect(storeName).not.toBe('');

    // /g2-uploads lands on the uploads part of G2 Data Management.
    await page.goto('/g2-uploads');
    await expect(page).toHaveURL(/\/g2-data-management\?section=uploads/);
    await expect(page.getByRole('table', { name: /uploads$/ })).toBeVisible();
    await expectNoAxeViolations(page, '/g2-data-management at 1366 px');

    const { start, today } = thisMonth();
    const partner = `E2E-${Date.now()}`;
    const csv = [
      'Store id,Date,Material,Weight (kg),Store name',
      `${partner},${today},PP #5,12.5,${storeName}`,
      `${partner},${today},Glass,7.25,${storeName}`,
    ].join('\n');
    await page.getByLabel('G2 file (CSV or XLSX)').setInputFiles({
      name: `${partner}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByLabel('Period from').fill(start);
    await page.getByLabel('Period to').fill(today);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText(`${partner}.csv was uploaded`)).toBeVisible();
    const report = page.getByRole('region', { name: `Upload ${partner}.csv` });
    await expect(report.getByText('Ready to commit')).toBeVisible({
      timeout: 30_000,
    });
    const problems = page.getByRole('table', {
      name: /Validation report: 2 problems/,
    });
    await expect(problems).toBeVisible();
    await expect(
      problems.getByText(/is tied to no program store/).first(),
    ).toBeVisible();
    const uploadUrl = page.url();

    // The quality queue counts the unmapped rows.
    await page.goto('/data-quality-investigation');
    await expect(page).toHaveURL(/section=quality/);
    await expect(
      page.getByRole('button', { name: /^Unmapped store ids: \d+/ }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'the data-quality queue at 1366 px');

    // Map the partner's id to the store its name names.
    await page.goto('/g2-store-mappings');
    const search = page.getByRole('searchbox', { name: 'Search mappings' });
    await search.fill(partner);
    await search.press('Enter');
    const mappings = page.getByRole('table', { name: /1 partner store ids/ });
    await expect(mappings).toBeVisible();
    await expect(mappings.getByText('2 rows, 19.8 kg').first()).toBeVisible();
    await expectNoAxeViolations(page, '/g2-store-mappings at 1366 px');
    // The first store by name may be inactive, so never suggested: any suggestion will do.
    await mappings
      .getByRole('button', { name: new RegExp(`^Confirm ${partner} as `) })
      .first()
      .click();
    await expect(
      page.getByText(`${partner} is confirmed. One upload is checked again.`),
    ).toBeVisible();

    // The upload is checked again: no problem left; commit it.
    await page.goto(uploadUrl);
    await expect(report.getByText('No problem matches.')).toBeVisible({
      timeout: 30_000,
    });
    await expect(report.getByText('Ready to commit')).toBeVisible();
    await report.getByRole('button', { name: 'Commit…' }).click();
    await report.getByRole('button', { name: 'Yes, commit' }).click();
    await expect(page.getByText(`${partner}.csv was committed`)).toBeVisible();
    await expect(report.getByText('Committed', { exact: true })).toBeVisible();
    const list = page.getByRole('table', { name: /uploads$/ });
    await expect(
      list.getByRole('row', { name: new RegExp(`${partner}\\.csv`) }).first(),
    ).toContainText('Committed');

    // Phone width: no sideways page scroll, axe clean.
    await page.setViewportSize(PHONE);
    for (const path of [
      '/g2-data-management?section=uploads',
      '/g2-data-management?section=quality',
      '/g2-store-mappings',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('table').first()).toBeVisible();
      await expectNoSidewaysScroll(page, `${path} at 390 px`);
      await expectNoAxeViolations(page, `${path} at 390 px`);
    }
  });
});
