import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { apiJson, apiToken } from './support/api';
import {
  BRAND_ADMIN,
  DEMO_PASSWORD,
  DEMO_USERS,
} from './support/demo-accounts';
import { SignInScreen } from './support/sign-in-screen';

/** A platform admin: makes, ships and confirms a lot. */
const PLATFORM_ADMIN = DEMO_USERS.admin.email;

async function signInAs(page: Page, email: string, path: string) {
  await new SignInScreen(page).openAndSignIn(email, DEMO_PASSWORD, path);
}

interface EolSummary {
  materials: { confirmed: Record<string, number> }[];
  recycling_rate: number;
}

/** Confirmed weight by outcome over every material, in kg. */
function confirmedByOutcome(summary: EolSummary): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const { confirmed } of summary.materials)
    for (const [outcome, kg] of Object.entries(confirmed))
      totals[outcome] = (totals[outcome] ?? 0) + kg;
  return totals;
}

/** Whether the page scrolls sideways (tables scroll in their own frames). */
const pageWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth);

test.describe('EOL Processing', () => {
  test('a platform admin makes a lot from material on hand, ships it and confirms it with the certificate; the recycled weight rises by the weight the lot drew (decision 0080) and the recycling rate follows D14', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, PLATFORM_ADMIN);
    const before = await apiJson<EolSummary>(
      request,
      '/api/eol/summary',
      token,
    );
    await signInAs(page, PLATFORM_ADMIN, '/eol-processing');
    await expect(
      page.getByText(/Received .* = sorted .* \+ residue/),
    ).toBeVisible();

    const make = page.getByRole('form', { name: 'Make a lot' });
    const source = make.getByRole('combobox', { name: 'Material on hand' });
    await expect(source.getByRole('option').first()).toBeAttached();
    await make.getByRole('textbox', { name: 'Weight (kg)' }).fill('1');
    const processor = make.getByRole('combobox', { name: 'Processor' });
    await expect(processor.getByRole('option')).not.toHaveCount(1);
    await processor.selectOption({ index: 1 });
    await make.getByRole('button', { name: 'Make the lot' }).click();

    const heading = page.getByRole('heading', { level: 2, name: /^Lot #\d+/ });
    await expect(heading).toBeFocused();
    await expect(
      page.getByRole('table').getByRole('rowheader').first(),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Mark as shipped' }).click();

    const confirm = page.getByRole('form', { name: 'Confirm the lot' });
    await confirm
      .getByRole('combobox', { name: 'Outcome' })
      .selectOption('recycled');
    await confirm
      .getByRole('textbox', { name: 'Certificate reference' })
      .fill(`COD-E2E-${Date.now()}`);
    await confirm
      .getByRole('textbox', { name: 'Confirmed weight (kg)' })
      .fill('0.98');
    await confirm.getByRole('button', { name: 'Confirm the lot' }).click();

    await expect(page.getByText('Confirmed by the processor')).toBeVisible();
    await expect(confirm).toHaveCount(0);

    const after = await apiJson<EolSummary>(request, '/api/eol/summary', token);
    const was = confirmedByOutcome(before);
    const now = confirmedByOutcome(after);
    // The weight drawn into the lot counts, not the processor's 0.98 (decision 0080).
    expect((now['recycled'] ?? 0) - (was['recycled'] ?? 0)).toBeCloseTo(1, 3);
    const all = Object.values(now).reduce((sum, kg) => sum + kg, 0);
    expect(after.recycling_rate).toBeCloseTo(
      ((now['recycled'] ?? 0) + (now['downcycled'] ?? 0)) / all,
      4,
    );
  });

  test('a brand admin reads the figures and the lots of their member without any write control', async ({
    page,
  }) => {
    await signInAs(page, BRAND_ADMIN.email, '/eol-processing');
    await expect(page.getByText(/Received .* = sorted/)).toBeVisible();
    await expect(page.getByRole('table', { name: /lots/ })).toBeVisible();
    await expect(page.getByRole('form')).toHaveCount(0);

    const first = page.getByRole('link', { name: /^#\d+$/ }).first();
    await first.click();
    await expect(
      page.getByText('Only collective admins make, ship and confirm lots.'),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: /Mark as shipped|Confirm the lot/ }),
    ).toHaveCount(0);
  });

  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`the screen and a lot have no axe violations and no sideways page scroll at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signInAs(page, PLATFORM_ADMIN, '/eol-processing');
      await expect(
        page.getByRole('form', { name: 'Make a lot' }),
      ).toBeVisible();
      await expectNoAxeViolations(page, `/eol-processing at ${viewport.width}`);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);

      await page
        .getByRole('link', { name: /^#\d+$/ })
        .first()
        .click();
      await expect(
        page.getByRole('heading', { level: 2, name: /^Lot #\d+/ }),
      ).toBeFocused();
      await expectNoAxeViolations(page, `a lot at ${viewport.width}`);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
    });
  }
});
