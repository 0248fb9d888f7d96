// Temporary (not committed): screenshots of the screens changed this session.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { DEMO_USERS } from './support/demo-accounts';
import { expectNoSidewaysScroll } from './support/layout';
import { storeSessionOf } from './support/loaded-scripts';
import { storeThemeBeforeLoad } from './support/theme-probe';

const THEMES = [
  { name: 'light', variant: null },
  { name: 'dark', variant: 'pentatonic-dark' },
] as const;
const WIDTHS = [1366, 390] as const;

async function shoot(page: Page, path: string, file: string, ready: (p: Page) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(path);
    await ready(page);
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    await page.waitForTimeout(300);
    await expectNoSidewaysScroll(page, `${path} at ${width}`);
    await expectNoAxeViolations(page, `${path} at ${width}`);
    await page.screenshot({ path: `/tmp/shots/${file}-${width}.png`, fullPage: true });
  }
}
const h1 = (p: Page) => expect(p.getByRole('heading', { level: 1 })).toBeVisible();

for (const theme of THEMES) {
  test(`admin screens, ${theme.name}`, async ({ page, request }) => {
    test.setTimeout(600_000);
    await storeThemeBeforeLoad(page, 'pact', theme.variant);
    const session = await storeSessionOf(page, request, DEMO_USERS.super.email);
    const answer = await request.get('/api/shipments?status=received&page_size=1', {
      headers: { authorization: `Bearer ${session.token}`, 'x-tenant-code': 'pact' },
    });
    const id = (await answer.json()).shipments[0].id;
    await shoot(page, `/shipment-tracking?shipment=${id}`, `${theme.name}-shipment`, (p) =>
      expect(p.getByRole('heading', { level: 2, name: /^Shipment / })).toBeVisible());
    for (const [path, file] of [
      ['/g2-data-management', 'g2'],
      ['/g2-data-management?section=quality', 'g2-quality'],
      ['/analytics', 'analytics'],
      ['/regional-summary', 'regional'],
      ['/pact-analytics', 'pact'],
      ['/consumer-mailback/submissions', 'submissions'],
      ['/admin/consumer-forms-overview', 'forms'],
      ['/user-management', 'users'],
      ['/dashboard', 'dashboard'],
    ] as const) {
      await shoot(page, path, `${theme.name}-${file}`, h1);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await h1(page);
    await page.getByRole('button', { name: /^Menu/ }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoAxeViolations(page, 'sheet');
    await page.screenshot({ path: `/tmp/shots/${theme.name}-sheet-390.png` });
  });

  test(`brand admin G2 and public form, ${theme.name}`, async ({ page, request }) => {
    test.setTimeout(300_000);
    await storeThemeBeforeLoad(page, 'pact', theme.variant);
    await storeSessionOf(page, request, DEMO_USERS.brandAdmin.email);
    await shoot(page, '/g2-data-management', `${theme.name}-g2-brand`, h1);
    await shoot(page, '/mail-back', `${theme.name}-mailback-form`, (p) =>
      expect(p.getByRole('button', { name: 'Request my label' })).toBeVisible());
  });
}
