import { expect, test, type Locator, type Page } from '@playwright/test';
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

/** Kiehl's, the brand admin's member. */
const KIEHLS = DEMO_USERS.brandAdmin.member_id;

interface ShipmentsPage {
  total: number;
  shipments: { id: number; member_id: number; tracking_number: string }[];
}

/** The receiving queue's table. */
const queueTable = (page: Page) =>
  page.getByRole('table', { name: /^Receiving queue/ });

/** The count a table's caption states, the first group of `pattern`. */
async function captionCount(table: Locator, pattern: RegExp): Promise<number> {
  const caption = table.locator('caption');
  await expect(caption).toContainText(pattern);
  const text = (await caption.textContent()) ?? '';
  return Number(pattern.exec(text)?.[1]?.replace(/,/g, ''));
}

/** How many shipments the receiving queue's caption says wait. */
const queueTotal = (page: Page) =>
  captionCount(queueTable(page), /Receiving queue: ([\d,]+) shipments/);

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

  test("a brand admin sees only Kiehl's shipments and queue and cannot write: the list and the queue count Kiehl's alone, another member's shipment is not found by link or search, a Kiehl's shipment has no correction form and the API refuses the brand admin's write (403); axe clean at 1366 and 390 px", async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const admin = await apiToken(request, PLATFORM_ADMIN);
    const kiehls = await apiJson<ShipmentsPage>(
      request,
      `/api/shipments?member_id=${KIEHLS}&page_size=1`,
      admin,
    );
    const kiehlsQueue = await apiJson<ShipmentsPage>(
      request,
      `/api/warehouse/receiving?member_id=${KIEHLS}&page_size=1`,
      admin,
    );
    const other = (
      await apiJson<ShipmentsPage>(
        request,
        '/api/shipments?page_size=100',
        admin,
      )
    ).shipments.find((s) => s.member_id !== KIEHLS);
    expect(other, "another member's shipment").toBeDefined();
    const { id: otherId, tracking_number: otherTracking } = other ?? {
      id: 0,
      tracking_number: '',
    };

    await signInAt(page, BRAND_ADMIN.email, '/shipment-tracking');
    const list = page.getByRole('table', { name: /shipments of Kiehl/ });
    await expect(list).toBeVisible();
    // Kiehl's and nobody else's: the count is Kiehl's own.
    expect(await captionCount(list, /([\d,]+) shipments of Kiehl/)).toBe(
      kiehls.total,
    );
    await expect(
      list.getByRole('columnheader', { name: 'Member' }),
    ).toHaveCount(0);
    await checkBothWidths(page, "Kiehl's shipments", () =>
      expect(list.getByRole('rowheader').first()).toBeVisible(),
    );

    // A Kiehl's shipment: read only.
    const first = list.getByRole('rowheader').first().getByRole('link');
    const tracking = (await first.textContent())?.trim() ?? '';
    await first.click();
    await expect(
      page.getByRole('heading', { level: 2, name: `Shipment ${tracking}` }),
    ).toBeFocused();
    await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
    await expect(page.getByRole('form')).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: /exception|origin/i }),
    ).toHaveCount(0);
    await checkBothWidths(page, "a Kiehl's shipment", () =>
      expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible(),
    );
    const token = await apiToken(request, BRAND_ADMIN.email);
    const read = await apiJson<{ shipment: { id: number; version: number } }>(
      request,
      `/api/shipments/${kiehls.shipments[0]?.id ?? 0}`,
      token,
    );
    const refused = await request.post(
      `/api/shipments/${read.shipment.id}/exception`,
      {
        headers: { authorization: `Bearer ${token}` },
        data: {
          exception: 'lost',
          note: 'Not theirs to record',
          version: read.shipment.version,
        },
      },
    );
    expect(refused.status()).toBe(403);

    // Another member's shipment: not found, by its link or its number.
    await page.goto(`/shipment-tracking?shipment=${otherId}`);
    await expect(page.getByRole('alert')).toHaveText('Not found');
    await expect(
      page.getByRole('heading', { name: `Shipment ${otherTracking}` }),
    ).toHaveCount(0);
    await page.goto(`/shipment-tracking?search=${otherTracking}`);
    await expect(
      page.getByText(`No shipment matches "${otherTracking}".`),
    ).toBeVisible();

    await page.goto('/warehouse-operations');
    expect(await queueTotal(page)).toBe(kiehlsQueue.total);
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
