import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import {
  BRAND_ADMIN,
  DEMO_PASSWORD,
  SUPER_ADMIN,
} from './support/demo-accounts';
import { SignInScreen } from './support/sign-in-screen';
import {
  holdAppBundle,
  installFirstFrameProbe,
  rootPrimary,
  storeThemeBeforeLoad,
  THEME_CASES,
} from './support/theme-probe';

/** Runs `action`, which must reload the page, and waits for the new page to load. */
async function expectReload(page: Page, action: () => Promise<unknown>) {
  await page.evaluate(() => {
    (window as Window & { beforeSwitch?: boolean }).beforeSwitch = true;
  });
  await Promise.all([page.waitForEvent('load'), action()]);
  expect(
    await page.evaluate(
      () => (window as Window & { beforeSwitch?: boolean }).beforeSwitch,
    ),
    'the page reloaded',
  ).toBeUndefined();
}

test.describe('theme before the first paint', () => {
  for (const theme of THEME_CASES) {
    test(`${theme.key}: the first frame already has primary ${theme.primary}`, async ({
      page,
    }) => {
      await installFirstFrameProbe(page);
      await storeThemeBeforeLoad(page, theme.tenant, theme.variant);
      const releaseApp = await holdAppBundle(page);

      await page.goto('/', { waitUntil: 'commit' });
      await expect
        .poll(() => page.evaluate(() => window.__themeFirstFrame))
        .toBeDefined();
      const frame = await page.evaluate(() => window.__themeFirstFrame);

      expect(frame).toMatchObject({
        primary: theme.primary,
        theme: theme.key,
        appStarted: false,
        logoFilter: theme.dark ? 'invert(1)' : 'none',
      });
      if (theme.dark) expect(frame?.backgroundLuminance).toBeLessThan(0.05);
      else expect(frame?.backgroundLuminance).toBeGreaterThan(0.8);

      // Once the app runs, it keeps the same theme.
      releaseApp();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      expect(await rootPrimary(page)).toBe(theme.primary);
      await expect(page.locator('html')).toHaveAttribute(
        'data-theme',
        theme.key,
      );
    });
  }
});

test.describe('accessibility in every theme', () => {
  for (const theme of THEME_CASES) {
    test(`${theme.key}: the sign-in screen has no axe violations, contrast included`, async ({
      page,
    }) => {
      await storeThemeBeforeLoad(page, theme.tenant, theme.variant);
      const screen = new SignInScreen(page);
      await screen.open();
      await expect(page.locator('html')).toHaveAttribute(
        'data-theme',
        theme.key,
      );

      await expectNoAxeViolations(page, `the sign-in screen in ${theme.key}`);
    });
  }
});

test.describe('theme switcher', () => {
  test('switching variant stores it, reloads and applies it from the first frame', async ({
    page,
  }) => {
    await installFirstFrameProbe(page);
    const screen = new SignInScreen(page);
    await screen.open();
    await page.evaluate(() => localStorage.removeItem('themeVariant'));
    await screen.signIn(SUPER_ADMIN.email, DEMO_PASSWORD);
    const themeButton = page.getByRole('button', { name: /^Theme: / });
    const choose = async (name: string) => {
      await themeButton.click();
      await page.getByRole('menuitem', { name, exact: true }).click();
    };
    await expect(themeButton).toHaveAccessibleName('Theme: Pact');
    expect(await rootPrimary(page)).toBe('#2E888D');

    await expectReload(page, () => choose('Pact Modern'));
    expect(
      await page.evaluate(() => localStorage.getItem('themeVariant')),
    ).toBe('modern');
    expect((await page.evaluate(() => window.__themeFirstFrame))?.primary).toBe(
      '#0F766E',
    );
    await expect(themeButton).toHaveAccessibleName('Theme: Pact Modern');
    expect(await rootPrimary(page)).toBe('#0F766E');

    // Keyboard only: moving through the list changes nothing; Enter chooses.
    await themeButton.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(
      await page.evaluate(() => localStorage.getItem('themeVariant')),
    ).toBe('modern');
    await expectReload(page, () => page.keyboard.press('Enter'));
    await expect(themeButton).toHaveAccessibleName('Theme: Pact Pentatonic');
    expect(await rootPrimary(page)).toBe('#00FBA9');

    // Choosing the default clears the stored variant.
    await expectReload(page, () => choose('Pact'));
    expect(
      await page.evaluate(() => localStorage.getItem('themeVariant')),
    ).toBeNull();
    expect(await rootPrimary(page)).toBe('#2E888D');
  });

  test("lists only kiehls' variants for a kiehls user", async ({ page }) => {
    const screen = new SignInScreen(page);
    await screen.open();
    await screen.signIn(BRAND_ADMIN.email, DEMO_PASSWORD);
    await page.getByRole('button', { name: /^Theme: / }).click();
    await expect(page.getByRole('menuitem')).toHaveText([
      /^Kiehl's/,
      "Kiehl's Pentatonic",
      "Kiehl's Pentatonic Dark",
    ]);
  });
});

test.describe('dark variants', () => {
  for (const account of [
    { ...SUPER_ADMIN, tenant: 'pact', key: 'pact-pentatonic-dark' },
    { ...BRAND_ADMIN, tenant: 'kiehls', key: 'kiehls-pentatonic-dark' },
  ]) {
    test(`${account.key} renders a dark page with the logo inverted`, async ({
      page,
    }) => {
      const screen = new SignInScreen(page);
      await screen.open();
      await page.evaluate((tenant) => {
        localStorage.setItem('activeTenant', tenant);
        localStorage.setItem('themeVariant', 'pentatonic-dark');
      }, account.tenant);
      await page.reload();
      await screen.signIn(account.email, DEMO_PASSWORD);
      const header = page.getByRole('banner');
      await expect(header).toContainText(account.email);

      await expect(page.locator('html')).toHaveAttribute(
        'data-theme',
        account.key,
      );
      await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
      // The colour behind the middle of the page: the first element up from
      // there with a background of its own.
      const backgroundLuminance = await page.evaluate(() => {
        let element: Element | null = document.elementFromPoint(
          window.innerWidth / 2,
          window.innerHeight / 2,
        );
        let color = 'rgba(0, 0, 0, 0)';
        while (element) {
          color = getComputedStyle(element).backgroundColor;
          if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') break;
          element = element.parentElement;
        }
        const [r = 255, g = 255, b = 255] = (color.match(/[\d.]+/g) ?? []).map(
          Number,
        );
        const lin = (c: number) => {
          const s = c / 255;
          return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
      });
      expect(backgroundLuminance).toBeLessThan(0.05);
      await expect(header.locator('img').first()).toHaveCSS(
        'filter',
        'invert(1)',
      );
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(
        page,
        `the signed-in shell in ${account.key}`,
      );
    });
  }
});
