import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { apiJson, apiToken } from './support/api';
import {
  BRAND_ADMIN,
  DEMO_PASSWORD,
  DEMO_USERS,
} from './support/demo-accounts';
import { SignInScreen } from './support/sign-in-screen';

/** A platform admin: receives and sorts at the warehouse. */
const PLATFORM_ADMIN = DEMO_USERS.admin.email;

interface Summary {
  kpis: { weight_kg_12m: number; weight_kg_month: number };
}

async function signInAs(page: Page, email: string, path: string) {
  await new SignInScreen(page).openAndSignIn(email, DEMO_PASSWORD, path);
}

/** Whether the page scrolls sideways (tables scroll in their own frames). */
const pageWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth);

/** Opens the first shipment of the receiving queue; gives its tracking number. */
async function openFirstInQueue(page: Page): Promise<string> {
  const queue = page.getByRole('table', { name: /^Receiving queue/ });
  const first = queue.getByRole('rowheader').first().getByRole('link');
  const tracking = (await first.textContent())?.trim() ?? '';
  expect(tracking).not.toBe('');
  await first.click();
  await expect(
    page.getByRole('heading', { level: 2, name: `Shipment ${tracking}` }),
  ).toBeFocused();
  return tracking;
}

test.describe('Shipments and the warehouse', () => {
  test("a platform admin weighs a delivered shipment in and sorts it; the dashboard's collected weight rises by exactly its net, and the shipment shows its receipt and lines", async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, PLATFORM_ADMIN);
    const before = await apiJson<Summary>(
      request,
      '/api/dashboard/summary',
      token,
    );

    await signInAs(page, PLATFORM_ADMIN, '/warehouse-operations');
    const tracking = await openFirstInQueue(page);

    const weighIn = page.getByRole('form', { name: 'Weigh in' });
    await weighIn.getByRole('textbox', { name: 'Gross weight' }).fill('12.5');
    await weighIn
      .getByRole('textbox', { name: 'Tare (box, pallet)' })
      .fill('0.5');
    await weighIn.getByRole('textbox', { name: 'Contamination' }).fill('0.25');
    await weighIn.getByRole('button', { name: 'Record the receipt' }).click();
    await expect(
      page.getByText(/^Net received 12 kg, sorted 0 kg/),
    ).toBeVisible();

    const sorting = page.getByRole('form', { name: 'Sort' });
    await sorting.getByRole('textbox', { name: 'PP #5' }).fill('13');
    await sorting.getByRole('button', { name: 'Save the lines' }).click();
    // More than the net: refused here, nothing sent.
    await expect(sorting.getByRole('alert')).toContainText(/net/i);
    await sorting.getByRole('textbox', { name: 'PP #5' }).fill('8');
    await sorting.getByRole('textbox', { name: 'PET #1' }).fill('3');
    await sorting.getByRole('button', { name: 'Save the lines' }).click();
    await expect(
      page.getByText(/^Net received 12 kg, sorted 11 kg, residue 1 kg/),
    ).toBeVisible();

    const after = await apiJson<Summary>(
      request,
      '/api/dashboard/summary',
      token,
    );
    expect(after.kpis.weight_kg_12m - before.kpis.weight_kg_12m).toBeCloseTo(
      12,
      6,
    );
    expect(
      after.kpis.weight_kg_month - before.kpis.weight_kg_month,
    ).toBeCloseTo(12, 6);

    await page.getByRole('link', { name: 'Its timeline' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: `Shipment ${tracking}` }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
    const lines = page.getByRole('table', {
      name: /Sorted weight per material/,
    });
    await expect(lines.getByRole('rowheader')).toHaveText(['PP #5', 'PET #1']);

    await page.goto('/dashboard');
    await expect(page.locator('#kpis')).toBeVisible();
  });

  test("a brand admin reads their member's shipments and queue without any write control", async ({
    page,
  }) => {
    await signInAs(page, BRAND_ADMIN.email, '/shipment-tracking');
    const list = page.getByRole('table', { name: /shipments of Kiehl/ });
    await expect(list).toBeVisible();
    await expect(
      list.getByRole('columnheader', { name: 'Member' }),
    ).toHaveCount(0);

    await page.goto('/warehouse-operations');
    await openFirstInQueue(page);
    await expect(
      page.getByText('Only collective admins record receipts and sorting.'),
    ).toBeVisible();
    await expect(page.getByRole('form')).toHaveCount(0);
  });

  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`the shipment list, a shipment, the queue and the scale have no axe violations and no sideways page scroll at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signInAs(page, PLATFORM_ADMIN, '/shipment-tracking');
      const list = page.getByRole('table', { name: /shipments/ });
      await expect(list.getByRole('rowheader').first()).toBeVisible();
      await expectNoAxeViolations(
        page,
        `/shipment-tracking at ${viewport.width}`,
      );
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);

      await list.getByRole('rowheader').first().getByRole('link').click();
      await expect(
        page.getByRole('heading', { level: 2, name: /^Shipment / }),
      ).toBeFocused();
      await expectNoAxeViolations(page, `a shipment at ${viewport.width}`);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);

      await page.goto('/warehouse-operations');
      await expect(
        page.getByRole('table', { name: /^Receiving queue/ }),
      ).toBeVisible();
      await expectNoAxeViolations(
        page,
        `/warehouse-operations at ${viewport.width}`,
      );
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);

      await openFirstInQueue(page);
      await expect(page.getByRole('form', { name: 'Weigh in' })).toBeVisible();
      await expectNoAxeViolations(page, `the scale at ${viewport.width}`);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
    });
  }
});
