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

  /** Signs out through the user menu. */
  async logout(): Promise<void> {
    await this.userMenuButton.click();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
  }
}
