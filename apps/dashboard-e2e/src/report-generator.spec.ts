import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { BRAND_ADMIN, SUPER_ADMIN } from './support/demo-accounts';
import { DESKTOP, expectFitsAndAxeClean, PHONE } from './support/layout';
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

/** The value of a figure tile, by its term, without what follows it (a comparison). */
const figureValue = (page: Page, term: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd')
    .evaluate((dd) => dd.childNodes[0]?.textContent ?? '');

/**
 * How the screens write a count and a weight (the ui library's
 * `formatNumber` and `formatWeight`), in the page's own locale. A weight
 * is first rounded to 100 g half away from zero, as the API answers it.
 */
function shown(page: Page, value: number, kind: 'count' | 'kg') {
  return page.evaluate(
    ([value, kind]) => {
      const number = (n: number, digits: number) =>
        new Intl.NumberFormat(undefined, {
          maximumFractionDigits: digits,
        }).format(n);
      if (kind === 'count') return number(value, 1);
      const grams = Math.round(value * 1000);
      const kg = Math.floor((grams + 50) / 100) / 10;
      if (kg < 1000) {
        return new Intl.NumberFormat(undefined, {
          style: 'unit',
          unit: 'kilogram',
          maximumFractionDigits: 0,
        }).format(kg);
      }
      return `${number(kg / 1000, kg >= 100_000 ? 0 : 1)} t`;
    },
    [value, kind] as const,
  );
}

/** A member impact report's CSV as rows of numbers by column, the total last. */
function impactRows(lines: readonly string[]) {
  const header = (lines[0] ?? '').split(',');
  return lines.slice(1).map((line) => {
    const cells = line.split(',');
    const at = (column: string) => Number(cells[header.indexOf(column)]);
    return {
      month: cells[0] ?? '',
      shipments: at('shipments'),
      units: at('units'),
      collected: at('collected_kg'),
    };
  });
}

test.describe('report generator', () => {
  test('a super admin runs a member impact report, downloads its CSV whose totals are the figures /dashboard and /analytics show, and opens its printable page; axe clean at 1366 and 390 px', async ({
    page,
  }) => {
    // A run, its files, then two more screens to read the figures on.
    test.setTimeout(120_000);
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
    const rows = impactRows(lines);
    const total = rows.at(-1);
    const thisMonth = rows.at(-2);
    expect(total?.month).toBe('Total');
    if (!total || !thisMonth) throw new Error('The CSV has no rows.');

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
    await expectFitsAndAxeClean(page, '/report-generator at 390 px');

    // The downloaded totals are the figures the screens show (D14): the
    // dashboard's last 12 months and this month, and /analytics' default
    // period (the report's: the last 12 months), month by month.
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard');
    await expect(page.locator('#kpis')).toBeVisible();
    for (const [term, value, kind] of [
      ['Collected, last 12 months', total.collected, 'kg'],
      ['Units, last 12 months', total.units, 'count'],
      ['Collected this month', thisMonth.collected, 'kg'],
      ['Units this month', thisMonth.units, 'count'],
    ] as const) {
      expect(await figureValue(page, term), term).toBe(
        await shown(page, value, kind),
      );
    }
    await page.goto('/analytics');
    await expect(
      page.getByRole('heading', { level: 2, name: /^All members, / }),
    ).toBeVisible();
    for (const [term, value, kind] of [
      ['Collected weight', total.collected, 'kg'],
      ['Units', total.units, 'count'],
      ['Shipments', total.shipments, 'count'],
    ] as const) {
      expect(await figureValue(page, term), term).toBe(
        await shown(page, value, kind),
      );
    }
    const months = page
      .getByRole('region', { name: 'Units and shipments per month' })
      .locator('tbody tr');
    await expect(months).toHaveCount(12);
    for (const [index, row] of rows.slice(0, -1).entries()) {
      const cells = months.nth(index).locator('td');
      // Three channels' units, then units, a year earlier, shipments.
      await expect(cells.nth(3), row.month).toHaveText(
        await shown(page, row.units, 'count'),
      );
      await expect(cells.nth(5), row.month).toHaveText(
        await shown(page, row.shipments, 'count'),
      );
    }
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
    await expectFitsAndAxeClean(page, '/report-generator at 390 px (brand)');
  });
});
