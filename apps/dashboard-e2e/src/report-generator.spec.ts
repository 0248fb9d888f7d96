import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { apiJson, apiToken } from './support/api';
import { BRAND_ADMIN, SUPER_ADMIN } from './support/demo-accounts';
import { DESKTOP, expectNoSidewaysScroll, PHONE } from './support/layout';
import { signInAt } from './support/sign-in-screen';

/** Runs the form as it is and waits until the current run is ready. */
async function runReport(page: Page) {
  await page
    .getByRole('form', { name: 'New report' })
    .getByRole('button', { name: 'Run report' })
    .click();
  const current = page.getByRole('region', { name: 'Current run' });
  await expect(current.getByRole('progressbar')).toBeVisible();
  // The run's own status comes first; each file's download button has one too.
  await expect(current.getByRole('status').first()).toContainText('Ready', {
    timeout: 60_000,
  });
  return current;
}

test.describe('report generator', () => {
  test('a super admin runs a member impact report, downloads its CSV whose total is the dashboard’s, and opens its printable page; axe clean at 1366 and 390 px', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, SUPER_ADMIN.email, '/report-generator');
    const form = page.getByRole('form', { name: 'New report' });
    await expect(form).toBeVisible();
    await expectNoAxeViolations(page, '/report-generator at 1366 px');

    await form.getByRole('radio', { name: /Member impact report/ }).check();
    const current = await runReport(page);
    await expect(current.getByRole('progressbar')).toHaveAttribute(
      'value',
      '1',
    );

    const download = page.waitForEvent('download');
    await current.getByRole('button', { name: /Download CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^member-impact-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/,
    );
    const lines = (await readFile(await file.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const header = (lines[0] ?? '').split(',');
    expect(header.slice(0, 4)).toEqual([
      'month',
      'shipments',
      'units',
      'collected_kg',
    ]);
    // The header, 12 months and the total.
    expect(lines).toHaveLength(14);
    const total = (lines.at(-1) ?? '').split(',');
    expect(total[0]).toBe('Total');
    const token = await apiToken(request, SUPER_ADMIN.email);
    const dashboard = await apiJson<{ kpis: { weight_kg_12m: number } }>(
      request,
      '/api/dashboard/summary',
      token,
    );
    expect(Math.round(Number(total[3]) * 10) / 10).toBe(
      dashboard.kpis.weight_kg_12m,
    );

    const popup = page.waitForEvent('popup');
    await current
      .getByRole('button', { name: 'Open printable page (PDF)' })
      .click();
    const printable = await popup;
    await printable.waitForURL(/\/api\/reports\/[^/]+\/files\/html/);
    await expect(printable.getByRole('heading', { level: 1 })).toContainText(
      'Member impact report · Whole collective',
    );
    await expect(
      printable.getByRole('table').locator('tfoot td').first(),
    ).toHaveText('Total');
    await printable.close();

    const history = page.getByRole('table', { name: 'Report runs' });
    await expect(
      history.getByRole('row', { name: /Member impact report/ }).first(),
    ).toContainText('Ready');
    await expectNoAxeViolations(page, 'a finished run at 1366 px');

    await page.setViewportSize(PHONE);
    await expect(form).toBeVisible();
    await expectNoSidewaysScroll(page, '/report-generator at 390 px');
    await expectNoAxeViolations(page, '/report-generator at 390 px');
  });

  test("a brand admin runs their own member's store summary, axe clean at 1366 and 390 px", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, BRAND_ADMIN.email, '/report-generator');
    const form = page.getByRole('form', { name: 'New report' });
    await expect(form).toBeVisible();
    await expect(form.getByRole('combobox', { name: 'Member' })).toHaveCount(0);
    await form.getByRole('radio', { name: /Store summary/ }).check();
    await form.getByRole('combobox', { name: 'Region' }).selectOption('West');
    const current = await runReport(page);
    await expect(current).toContainText("Store summary · Kiehl's · West");

    const download = page.waitForEvent('download');
    await current.getByRole('button', { name: /Download XLSX/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

    const history = page.getByRole('table', { name: 'Report runs' });
    await expect(
      history.getByRole('row', { name: /Store summary/ }).first(),
    ).toContainText("Kiehl's · West");
    await expectNoAxeViolations(page, "a brand admin's run at 1366 px");

    await page.setViewportSize(PHONE);
    await expect(history).toBeVisible();
    await expectNoSidewaysScroll(page, '/report-generator at 390 px (brand)');
    await expectNoAxeViolations(page, '/report-generator at 390 px (brand)');
  });
});
