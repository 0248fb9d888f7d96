import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { SUPER_ADMIN } from './support/demo-accounts';
import { storeSessionOf } from './support/loaded-scripts';
import { dashboardRoutes, examplePath } from './support/route-table';
import { Shell } from './support/shell';
import { storeThemeBeforeLoad } from './support/theme-probe';

/**
 * An axe scan (WCAG rules, contrast included) of every screen of the route
 * table, as the super admin (who may open them all), in a light and a dark
 * theme, and of the open menus and the mobile sheet in the dark one (the
 * light ones are scanned in shell.spec).
 */
const THEMES = [
  { label: 'light (pact)', tenant: 'pact', variant: null, key: 'pact' },
  {
    label: 'dark (pact pentatonic dark)',
    tenant: 'pact',
    variant: 'pentatonic-dark',
    key: 'pact-pentatonic-dark',
  },
] as const;

/**
 * Waits until the screen shows its heading (the one titled `title`, when
 * given: the previous screen's stays up while the next one's chunk loads;
 * a detail screen adds the record's id after the title) and no loading
 * status.
 */
async function settled(page: Page, title?: string): Promise<void> {
  const name = title
    ? new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\S+)?$`)
    : undefined;
  await expect(
    page.getByRole('heading', { level: 1, ...(name ? { name } : {}) }),
  ).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: /Loading/ }),
  ).toHaveCount(0);
}

for (const theme of THEMES) {
  test.describe(`accessibility in the ${theme.label} theme`, () => {
    test.beforeEach(async ({ page, request }) => {
      await storeThemeBeforeLoad(page, theme.tenant, theme.variant);
      await storeSessionOf(page, request, SUPER_ADMIN.email);
    });

    test('every screen has no axe violations', async ({ page }) => {
      test.setTimeout(180_000);
      const { routes } = await dashboardRoutes();
      const shell = new Shell(page);
      await page.goto('/dashboard');
      await settled(page);
      await expect(page.locator('html')).toHaveAttribute(
        'data-theme',
        theme.key,
      );
      for (const route of routes.filter((r) => !r.redirectTo)) {
        const path = examplePath(route.path);
        await shell.goInApp(path);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await settled(page, route.title);
        await expectNoAxeViolations(page, `${path} in ${theme.label}`);
      }
    });

    test('the open menus have no axe violations', async ({ page }) => {
      await page.goto('/dashboard');
      await settled(page);
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const button of await nav.getByRole('button').all()) {
        await button.click();
        await expect(page.getByRole('menuitem').first()).toBeVisible();
        await expectNoAxeViolations(
          page,
          `the open ${await button.textContent()} menu in ${theme.label}`,
        );
        await page.keyboard.press('Escape');
      }
      await new Shell(page).userMenuButton.click();
      await expectNoAxeViolations(page, `the open user menu in ${theme.label}`);
    });

    test('the open mobile sheet has no axe violations', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 740 });
      await page.goto('/dashboard');
      await settled(page);
      await page.getByRole('button', { name: /^Menu/ }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await expectNoAxeViolations(page, `the open sheet in ${theme.label}`);
    });
  });
}
