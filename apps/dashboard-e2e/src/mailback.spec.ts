import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { apiJson, apiToken } from './support/api';
import {
  BRAND_ADMIN,
  DEMO_PASSWORD,
  DEMO_USERS,
} from './support/demo-accounts';
import { signInThroughApi, storeSession } from './support/loaded-scripts';
import { Shell } from './support/shell';

/** What the journey reads of GET /api/mailback/summary. */
interface Summary {
  submitted: number;
  labels_sent: number;
  received: number;
}

/** A consumer whose name only this spec uses. */
const CONSUMER = {
  name: 'Wren Abernathy',
  email: 'wren.abernathy@example.com',
};

async function heading(page: Page, name: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: /Loading/ }),
  ).toHaveCount(0);
}

/** The value shown for the term `term` of a description list. */
const described = (page: Page, term: string) =>
  page.locator(
    `xpath=//dt[normalize-space()="${term}"]/following-sibling::dd[1]`,
  );

test.describe('consumer mail-back', () => {
  test('a consumer asks for a label at 390 px with no script, and a platform admin runs it to redaction', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request, DEMO_USERS.admin.email);
    const before = await apiJson<Summary>(
      request,
      '/api/mailback/summary',
      token,
    );
    // The consumer: a phone-sized window with JavaScript off; the page needs none.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const consumer = await phone.newPage();
    const scripts: string[] = [];
    consumer.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await consumer.goto('/mail-back');
    await expect(
      consumer.getByRole('heading', {
        level: 1,
        name: 'Mail-back label request',
      }),
    ).toBeVisible();
    await consumer.getByLabel('Full name', { exact: true }).fill(CONSUMER.name);
    await consumer.getByLabel('Email', { exact: true }).fill(CONSUMER.email);
    await consumer
      .getByLabel('Street and number', { exact: true })
      .fill('8 Larch Lane');
    await consumer.getByLabel('City', { exact: true }).fill('Seattle');
    await consumer.getByLabel('State', { exact: true }).selectOption('WA');
    await consumer.getByLabel('ZIP code', { exact: true }).fill('98101');
    await consumer
      .getByLabel('Brand, product 1', { exact: true })
      .selectOption({ label: "Kiehl's" });
    await consumer.getByLabel('Items, product 1', { exact: true }).fill('4');
    await consumer.getByRole('checkbox').check();
    await consumer.getByRole('button', { name: 'Request my label' }).click();
    await expect(
      consumer.getByRole('heading', {
        level: 1,
        name: /your label is on its way/,
      }),
    ).toBeVisible();
    const reference =
      (await consumer.locator('strong').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^MB-\d+$/);
    expect(scripts, 'scripts loaded by the public form').toEqual([]);
    const width = await consumer.evaluate(
      () => document.documentElement.scrollWidth,
    );
    expect(width, 'no sideways scrolling at 390 px').toBeLessThanOrEqual(390);
    await phone.close();

    // The platform admin.
    await storeSession(
      page,
      await signInThroughApi(request, DEMO_USERS.admin.email, DEMO_PASSWORD),
    );
    await page.goto(
      `/consumer-mailback/submissions?search=${encodeURIComponent(CONSUMER.email)}`,
    );
    await heading(page, 'Mail-back Submissions');
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText('W••• A•••');
    await expect(row).toContainText('w•••@e•••.com');
    await expect(page.getByText(CONSUMER.name)).toHaveCount(0);
    await expectNoAxeViolations(page, 'the submissions list');

    await row.getByRole('link', { name: reference }).click();
    await heading(page, `Mail-back Submission ${reference}`);
    await expect(described(page, 'Name')).toHaveText('W••• A•••');
    await page.getByRole('button', { name: 'Reveal personal data' }).click();
    await expect(described(page, 'Name')).toHaveText(CONSUMER.name);
    const reveals = await apiJson<{ events: unknown[] }>(
      request,
      `/api/audit-events?entity=mailback_submission&entity_id=${reference}&action=reveal`,
      token,
    );
    expect(reveals.events).toHaveLength(1);

    await page.getByRole('button', { name: 'Mark label sent' }).click();
    await expect(described(page, 'Status')).toHaveText('Label sent');
    const tracking = (
      await described(page, 'Tracking number').textContent()
    )?.trim();
    const collected = async () =>
      (
        await apiJson<{ kpis: { weight_kg_month: number } }>(
          request,
          '/api/dashboard/summary',
          token,
        )
      ).kpis.weight_kg_month;
    const collectedBefore = await collected();
    await page.getByLabel('Received weight (kg)').fill('1.4');
    await page.getByRole('button', { name: 'Record arrival' }).click();
    await expect(described(page, 'Status')).toHaveText('Received');
    await expect(described(page, 'Received')).toContainText('1.4 kg');
    await expectNoAxeViolations(page, 'a submission');
    // The arrival is a received shipment of the program (D14): its receipt
    // adds exactly its weight to the month's collected weight.
    expect(await collected()).toBeCloseTo(collectedBefore + 1.4, 6);
    await described(page, 'Shipment').getByRole('link').click();
    await expect(page).toHaveURL(/\/shipment-tracking\?shipment=\d+$/);
    await expect(
      page.getByRole('heading', { level: 2, name: `Shipment ${tracking}` }),
    ).toBeVisible();
    await expect(described(page, 'From')).toHaveText('Consumer mail-back');
    await expect(described(page, 'Net received')).toContainText('1.4 kg');
    await expectNoAxeViolations(page, 'the shipment of a mail-back box');

    await new Shell(page).goInApp('/consumer-mailback');
    await heading(page, 'Consumer Mailback');
    await expect(described(page, 'Received')).toHaveText(
      String(before.received + 1),
    );
    await expect(described(page, 'Submitted')).toHaveText(
      String(before.submitted + 1),
    );
    await expectNoAxeViolations(page, 'the mail-back summary');

    await new Shell(page).goInApp('/admin/consumer-forms-overview');
    await heading(page, 'Consumer Forms');
    await expectNoAxeViolations(page, 'the forms overview');

    await new Shell(page).goInApp(
      `/consumer-mailback/submissions/${reference}`,
    );
    await heading(page, `Mail-back Submission ${reference}`);
    await page.getByLabel(`Type ${reference} to confirm`).fill(reference);
    await page.getByRole('button', { name: 'Redact personal data' }).click();
    await expect(described(page, 'Name')).toHaveText('[redacted]');
    await expect(described(page, 'Status')).toHaveText('Received');
  });

  test('the public form has no axe violations, and answers invalid input with its errors', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/mail-back');
    await expectNoAxeViolations(page, 'the public form');
    await page.getByRole('button', { name: 'Request my label' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Please correct these fields',
    );
    await expect(page.getByLabel('Full name')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectNoAxeViolations(page, 'the public form with errors');
  });

  test("a brand admin's menus and URLs never reach the mail-back screens", async ({
    page,
    request,
  }) => {
    await storeSession(
      page,
      await signInThroughApi(request, BRAND_ADMIN.email, DEMO_PASSWORD),
    );
    await page.goto('/dashboard');
    await heading(page, 'Dashboard');
    const outline = (await new Shell(page).topNavOutline()).join('\n');
    expect(outline).not.toMatch(/Consumer Mailback|Consumer Forms/);
    for (const path of [
      '/consumer-mailback',
      '/consumer-mailback/submissions',
      '/consumer-mailback/submissions/MB-2001',
      '/admin/consumer-forms-overview',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });
});
