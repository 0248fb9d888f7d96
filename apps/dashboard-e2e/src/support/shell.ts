import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in shell as a user sees it: the header and its user menu. */
export class Shell {
  /** The page header (landmark "banner"). */
  readonly header: Locator;
  /** The user menu's trigger, named after the signed-in email. */
  readonly userMenuButton: Locator;

  constructor(private readonly page: Page) {
    this.header = page.getByRole('banner');
    this.userMenuButton = page.getByRole('button', { name: /^User menu/ });
  }

  /** Opens the user menu and gives the labels of its items, in order. */
  async userMenuItems(): Promise<string[]> {
    await this.userMenuButton.click();
    const items = this.page.getByRole('menuitem');
    await expect(items.first()).toBeVisible();
    return items.allTextContents();
  }

  /**
   * The top navigation as text: `Dashboard`, then `Menu: Item, Item` for each
   * menu button, opening each menu to read its items.
   */
  async topNavOutline(): Promise<string[]> {
    const nav = this.page.getByRole('navigation', { name: 'Main' });
    const outline: string[] = [];
    for (const link of await nav.getByRole('link').all()) {
      outline.push((await link.textContent()) ?? '');
    }
    for (const button of await nav.getByRole('button').all()) {
      const label = ((await button.textContent()) ?? '')
        .replace('▾', '')
        .trim();
      await button.click();
      const items = this.page.getByRole('menuitem');
      await expect(items.first()).toBeVisible();
      outline.push(`${label}: ${(await items.allTextContents()).join(', ')}`);
      await this.page.keyboard.press('Escape');
      await expect(items).toHaveCount(0);
    }
    return outline;
  }

  /**
   * Goes to `path` inside the running app, as a link would (history and
   * popstate), without reloading the page.
   */
  async goInApp(path: string): Promise<void> {
    await this.page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }

  /** Signs out through the user menu. */
  async logout(): Promise<void> {
    await this.userMenuButton.click();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
  }
}
