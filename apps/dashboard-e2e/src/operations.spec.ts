import { expect, test, type Page } from '@playwright/test';
import { apiJson, apiToken } from './support/api';
import { BRAND_ADMIN, DEMO_USERS } from './support/demo-accounts';
import { figure, shownKg, shownStepKg } from './support/figures';
import { checkBothWidths } from './support/layout';
import { signInAt } from './support/sign-in-screen';

/** A platform admin: receives and sorts at the warehouse. */
const PLATFORM_ADMIN = DEMO_USERS.admin.email;

interface Summary {
  kpis: { weight_kg_12m: number; weight_kg_month: number };
}

/** The net weight of the pallet the journey weighs in: a whole tonne, so every rounding of the dashboard shows it whole. */
const NET_KG = 1000;

/** The receiving queue's table. */
const queueTable = (page: Page) =>
  page.getByRole('table', { name: /^Receiving queue/ });

/** How many shipments the receiving queue's caption says wait. */
async function queueTotal(page: Page): Promise<number> {
  const caption = queueTable(page).locator('caption');
  await expect(caption).toContainText(/Receiving queue: [\d,]+ shipments/);
  const text = (await caption.textContent()) ?? '';
  return Number(/([\d,]+) shipments/.exec(text)?.[1]?.replace(/,/g, ''));
}

/**
 * Reads "Collected this month" on /dashboard, checks it shows the API's
 * figure `apiKg` (to the step the screen rounds to), and gives it in kg.
 */
async function collectedThisMonth(page: Page, apiKg: number): Promise<number> {
  await page.goto('/dashboard');
  const shown = figure(page, 'Collected this month');
  await expect(shown).toHaveText(/\d( kg| t)$/);
  const kg = shownKg((await shown.textContent()) ?? '');
  expect(Math.abs(kg - apiKg)).toBeLessThanOrEqual(shownStepKg(apiKg) / 2);
  return kg;
}

/** Opens the first shipment of the receiving queue; gives its tracking number. */
async function openFirstInQueue(page: Page): Promise<string> {
  const first = queueTable(page)
    .getByRole('rowheader')
    .first()
    .getByRole('link');
  const tracking = (await first.textContent())?.trim() ?? '';
  expect(tracking).not.toBe('');
  await first.click();
  await expect(
    page.getByRole('heading', { level: 2, name: `Shipment ${tracking}` }),
  ).toBeFocused();
  return tracking;
}

test.describe('Shipments and the warehouse', () => {
  test("a platform admin weighs a delivered pallet in and sorts it: it leaves the queue, its timeline shows the receipt, and the dashboard screen's collected weight this month rises by exactly its net; every screen of the journey is axe clean at 1366 and 390 px", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const token = await apiToken(request, PLATFORM_ADMIN);
    await signInAt(page, PLATFORM_ADMIN, '/dashboard');
    const before = await apiJson<Summary>(
      request,
      '/api/dashboard/summary',
      token,
    );
    const shownBefore = await collectedThisMonth(
      page,
      before.kpis.weight_kg_month,
    );

    await page.goto('/warehouse-operations');
    const waiting = await queueTotal(page);
    await checkBothWidths(page, 'the receiving queue', () =>
      expect(queueTable(page).getByRole('rowheader').first()).toBeVisible(),
    );
    const tracking = await openFirstInQueue(page);

    const weighIn = page.getByRole('form', { name: 'Weigh in' });
    await checkBothWidths(page, 'the scale', () =>
      expect(weighIn).toBeVisible(),
    );
    await weighIn
      .getByRole('textbox', { name: 'Gross weight' })
      .fill(String(NET_KG + 12.5));
    await weighIn
      .getByRole('textbox', { name: 'Tare (box, pallet)' })
      .fill('12.5');
    await weighIn.getByRole('textbox', { name: 'Contamination' }).fill('0.25');
    await weighIn.getByRole('button', { name: 'Record the receipt' }).click();
    await expect(
      page.getByText(`Net received ${NET_KG} kg, sorted 0 kg`),
    ).toBeVisible();

    const sorting = page.getByRole('form', { name: 'Sort' });
    await sorting
      .getByRole('textbox', { name: 'PP #5' })
      .fill(String(NET_KG + 1));
    await sorting.getByRole('button', { name: 'Save the lines' }).click();
    // More than the net: refused here, nothing sent.
    await expect(sorting.getByRole('alert')).toContainText(/net/i);
    await sorting.getByRole('textbox', { name: 'PP #5' }).fill('600');
    await sorting.getByRole('textbox', { name: 'PET #1' }).fill('380');
    await sorting.getByRole('button', { name: 'Save the lines' }).click();
    const done = page.getByText(
      `Net received ${NET_KG} kg, sorted 980 kg, residue 20 kg.`,
    );
    await expect(done).toBeVisible();
    await checkBothWidths(page, 'a sorted shipment at the scale', () =>
      expect(done).toBeVisible(),
    );

    // Its timeline, updated: received with its net, then sorted.
    await page.getByRole('link', { name: 'Its timeline' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: `Shipment ${tracking}` }),
    ).toBeVisible();
    const timeline = page
      .getByRole('region', { name: 'Timeline' })
      .getByRole('listitem');
    await expect(
      timeline.filter({ hasText: /^Received / }).last(),
    ).toContainText(`Net ${NET_KG} kg on `);
    await expect(timeline.last()).toContainText(/^Sorted /);
    const lines = page.getByRole('table', {
      name: /Sorted weight per material/,
    });
    await expect(lines.getByRole('rowheader')).toHaveText(['PP #5', 'PET #1']);
    await checkBothWidths(page, "the shipment's timeline", () =>
      expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible(),
    );

    // Gone from the receiving queue (its cached answer follows the write).
    await page.goto('/warehouse-operations');
    expect(await queueTotal(page)).toBe(waiting - 1);
    await expect(queueTable(page).getByRole('rowheader').first()).toBeVisible();
    await expect(
      queueTable(page).getByRole('link', { name: tracking }),
    ).toHaveCount(0);

    // Found in the shipment list, received and sorted.
    await page.goto(`/shipment-tracking?search=${tracking}`);
    const list = page.getByRole('table', { name: /shipments/ });
    await expect(list.getByRole('rowheader')).toHaveText([tracking]);
    await checkBothWidths(page, 'the shipment list', () =>
      expect(list.getByRole('rowheader')).toHaveText([tracking]),
    );

    // The dashboard screen: up by exactly the net, this month.
    const after = await apiJson<Summary>(
      request,
      '/api/dashboard/summary',
      token,
    );
    expect(after.kpis.weight_kg_12m - before.kpis.weight_kg_12m).toBeCloseTo(
      NET_KG,
      6,
    );
    expect(
      after.kpis.weight_kg_month - before.kpis.weight_kg_month,
    ).toBeCloseTo(NET_KG, 6);
    const shownAfter = await collectedThisMonth(
      page,
      after.kpis.weight_kg_month,
    );
    expect(shownAfter - shownBefore).toBe(NET_KG);
  });

  test("a brand admin reads their member's shipments and queue without any write control, axe clean at 1366 and 390 px", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAt(page, BRAND_ADMIN.email, '/shipment-tracking');
    const list = page.getByRole('table', { name: /shipments of Kiehl/ });
    await expect(list).toBeVisible();
    await expect(
      list.getByRole('columnheader', { name: 'Member' }),
    ).toHaveCount(0);
    await checkBothWidths(page, "Kiehl's shipments", () =>
      expect(list.getByRole('rowheader').first()).toBeVisible(),
    );

    await page.goto('/warehouse-operations');
    await checkBothWidths(page, "Kiehl's receiving queue", () =>
      expect(queueTable(page).getByRole('rowheader').first()).toBeVisible(),
    );
    await openFirstInQueue(page);
    const readOnly = page.getByText(
      'Only collective admins record receipts and sorting.',
    );
    await expect(readOnly).toBeVisible();
    await expect(page.getByRole('form')).toHaveCount(0);
    await checkBothWidths(page, "a Kiehl's shipment at the scale", () =>
      expect(readOnly).toBeVisible(),
    );
  });
});
