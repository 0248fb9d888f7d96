import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { apiToken } from './support/api';
import { BRAND_ADMIN, DEMO_USERS } from './support/demo-accounts';
import {
  checkBothWidths,
  DESKTOP,
  expectFitsAndAxeClean,
  PHONE,
} from './support/layout';
import { signInAt } from './support/sign-in-screen';

const ADMIN = DEMO_USERS.admin.email;

/** The weight the journey's file commits: 1,200 + 800 kg. */
const FILE_KG = 2000;

/** The text of a figure of the page (a `<dt>` term and its `<dd>`). */
function figure(page: Page, term: string) {
  return page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/**
 * A weight as the dashboard shows it (`formatWeight`: kg below a tonne,
 * tonnes with one decimal below 100 t, whole tonnes above), in kg, with
 * the step it is rounded to.
 */
function shownKg(text: string): { kg: number; step: number } {
  const value = Number(text.replace(/[^\d.]/g, ''));
  if (/kg/.test(text)) return { kg: value, step: 1 };
  const kg = value * 1000;
  return { kg, step: kg < 100_000 ? 100 : 1000 };
}

/** The dashboard's two weights of the collective, as shown. */
async function dashboardWeights(page: Page) {
  await page.goto('/dashboard');
  const month = figure(page, 'Collected this month');
  await expect(month).toBeVisible();
  return {
    month: shownKg((await month.textContent()) ?? ''),
    year: shownKg(
      (await figure(page, 'Collected, last 12 months').textContent()) ?? '',
    ),
  };
}

/**
 * Checks that a weight shown went up by exactly `kg`: to the kilogram
 * and tonne it is shown in (a whole number of its steps, the rounding
 * unchanged), or within the two roundings when the commit moved it to
 * another unit.
 */
function expectGrewBy(
  before: { kg: number; step: number },
  after: { kg: number; step: number },
  kg: number,
  what: string,
) {
  if (before.step === after.step) {
    expect(after.kg - before.kg, what).toBeCloseTo(kg, 6);
  } else {
    expect(Math.abs(after.kg - before.kg - kg), what).toBeLessThanOrEqual(
      (before.step + after.step) / 2,
    );
  }
}

/** Today and the first of this month, UTC, `YYYY-MM-DD`. */
function thisMonth() {
  const today = new Date().toISOString().slice(0, 10);
  return { start: `${today.slice(0, 8)}01`, today };
}

test.describe('G2 ingestion', () => {
  test('an admin uploads a file with an unmapped store, maps it, sees the upload re-validate, commits it and sees the dashboard grow by exactly its weight; axe clean at 1366 and 390 px', async ({
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
    const before = await dashboardWeights(page);

    // /g2-uploads lands on the uploads part of G2 Data Management.
    await page.goto('/g2-uploads');
    await expect(page).toHaveURL(/\/g2-data-management\?section=uploads/);
    await expect(page.getByRole('table', { name: /uploads$/ })).toBeVisible();
    await expectNoAxeViolations(page, '/g2-data-management at 1366 px');

    const { start, today } = thisMonth();
    const partner = `E2E-${Date.now()}`;
    const csv = [
      'Store id,Date,Material,Weight (kg),Store name',
      `${partner},${today},PP #5,1200,${storeName}`,
      `${partner},${today},Glass,800,${storeName}`,
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
    await expect(mappings.getByText('2 rows, 2,000 kg').first()).toBeVisible();
    await expectNoAxeViolations(page, '/g2-store-mappings at 1366 px');
    // The first store by name may be inactive, so never suggested: any suggestion will do.
    await mappings
      .getByRole('button', { name: new RegExp(`^Confirm ${partner} as `) })
      .first()
      .click();
    await expect(
      page.getByText(`${partner} is confirmed. One upload is checked again.`),
    ).toBeVisible();

    // The upload is checked again: no error left (a ton a day may be an
    // outlier against the store's history: a warning, committed all the
    // same); commit it.
    await page.goto(uploadUrl);
    await expect(figure(page, 'With errors')).toHaveText('0 rows', {
      timeout: 30_000,
    });
    await expect(figure(page, 'Weight to commit')).toHaveText('2,000 kg');
    await expect(report.getByText('Ready to commit')).toBeVisible();
    await report.getByRole('button', { name: 'Commit…' }).click();
    await report.getByRole('button', { name: 'Yes, commit' }).click();
    await expect(page.getByText(`${partner}.csv was committed`)).toBeVisible();
    await expect(report.getByText('Committed', { exact: true })).toBeVisible();
    const list = page.getByRole('table', { name: /uploads$/ });
    await expect(
      list.getByRole('row', { name: new RegExp(`${partner}\\.csv`) }).first(),
    ).toContainText('Committed');

    // The dashboard's figures grew by exactly the file's weight.
    const after = await dashboardWeights(page);
    expectGrewBy(before.month, after.month, FILE_KG, 'collected this month');
    expectGrewBy(before.year, after.year, FILE_KG, 'collected in 12 months');

    // Phone width: no sideways page scroll, axe clean.
    await page.setViewportSize(PHONE);
    for (const path of [
      '/g2-data-management?section=uploads',
      '/g2-data-management?section=quality',
      '/g2-store-mappings',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('table').first()).toBeVisible();
      await expectFitsAndAxeClean(page, `${path} at 390 px`);
    }
  });

  test('a brand admin sees their member’s rows of an upload only, read-only; axe clean at 1366 and 390 px', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // The collective admin, on the kiehls tenant the brand admin works in,
    // maps one partner id to a Kiehl's store and uploads a file holding
    // its rows and the rows of an id tied to no store.
    const token = await apiToken(request, ADMIN);
    const kiehls = {
      authorization: `Bearer ${token}`,
      'x-tenant-code': 'kiehls',
    };
    const { stores } = (await (
      await request.get('/api/stores?page_size=50', { headers: kiehls })
    ).json()) as { stores: { id: number; name: string; active: boolean }[] };
    const store = stores.find((s) => s.active);
    expect(store, "an active Kiehl's store").toBeDefined();
    const stamp = Date.now();
    const own = `KE-${stamp}`;
    const other = `OT-${stamp}`;
    const file = (name: string, text: string) => ({
      file: { name, mimeType: 'text/csv', buffer: Buffer.from(text) },
    });
    const mapped = await request.post('/api/g2/store-mappings/import', {
      headers: kiehls,
      multipart: file(
        'map.csv',
        `partner_store_id,store_id\n${own},${store?.id}\n`,
      ),
    });
    expect(mapped.status()).toBe(200);
    const { start, today } = thisMonth();
    const created = await request.post(
      `/api/g2/uploads?period_start=${start}&period_end=${today}`,
      {
        headers: kiehls,
        multipart: file(
          `${own}.csv`,
          [
            'Store id,Date,Material,Weight (kg),Store name',
            `${own},${today},PP #5,3.5,`,
            `${own},${today},Unobtainium,1,`,
            `${other},${today},Glass,4,Elsewhere Shop`,
          ].join('\n'),
        ),
      },
    );
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { upload: { id: number } }).upload.id;
    await expect
      .poll(
        async () =>
          (
            (await (
              await request.get(`/api/g2/uploads/${id}`, { headers: kiehls })
            ).json()) as { upload: { status: string } }
          ).upload.status,
        { timeout: 30_000 },
      )
      .toBe('ready');

    await page.setViewportSize(DESKTOP);
    await signInAt(
      page,
      BRAND_ADMIN.email,
      `/g2-data-management?section=uploads&upload=${id}`,
    );
    const report = page.getByRole('region', { name: `Upload ${own}.csv` });
    const problems = page.getByRole('table', {
      name: /Validation report: 1 problems/,
    });
    await checkBothWidths(page, 'an upload read by a brand admin', async () => {
      await expect(problems).toBeVisible();
    });
    await expect(
      page.getByText(/committed by the collective’s admins/).first(),
    ).toBeVisible();
    // Their two rows: one valid, one with an error; the other id's row is not theirs.
    await expect(
      page
        .getByRole('table', { name: /uploads$/ })
        .getByRole('row', { name: new RegExp(`${own}\\.csv`) }),
    ).toContainText('2: 1 / 1 / 0');
    await expect(figure(page, 'Weight to commit')).toHaveText('3.5 kg');
    await expect(problems.getByText('Unobtainium').first()).toBeVisible();
    await expect(page.getByLabel('G2 file (CSV or XLSX)')).toHaveCount(0);
    await expect(
      report.getByRole('button', { name: /Commit|Roll back|Discard/ }),
    ).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText(other);

    await page.getByRole('link', { name: 'Data-quality queue' }).click();
    const queue = page.getByRole('table', { name: /open problems$/ });
    await checkBothWidths(
      page,
      'the quality queue of a brand admin',
      async () => {
        await expect(queue).toBeVisible();
      },
    );
    await expect(queue.getByText(`${own}.csv, row 3`).first()).toBeVisible();
    await expect(
      page.getByRole('button', { name: /^(Resolve|Ignore) / }),
    ).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText(other);

    await page.goto('/g2-store-mappings');
    const mappings = page.getByRole('table', { name: /partner store ids$/ });
    await checkBothWidths(page, 'the mappings of a brand admin', async () => {
      await expect(mappings).toBeVisible();
    });
    const search = page.getByRole('searchbox', { name: 'Search mappings' });
    await search.fill(own);
    await search.press('Enter');
    await expect(mappings.getByText(own).first()).toBeVisible();
    await expect(mappings.getByText(store?.name ?? '?').first()).toBeVisible();
    await expect(mappings.getByRole('button')).toHaveCount(0);
    await expect(
      page.getByRole('heading', { name: 'Import mappings' }),
    ).toHaveCount(0);
    await search.fill(other);
    await search.press('Enter');
    // The other id is tied to no store of theirs: an empty list.
    await expect(
      page.getByText('No partner store id matches these filters.'),
    ).toBeVisible();
    await expect(page.locator('main')).not.toContainText(own);
  });
});
