import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-accounts';

/** The sign-in screen as a user sees it: two labelled fields and a button. */
export class SignInScreen {
  /** The field labelled "Email". */
  readonly email: Locator;
  /** The field labelled "Password". */
  readonly password: Locator;
  /** The submit button while idle. */
  readonly signInButton: Locator;

  constructor(private readonly page: Page) {
    this.email = page.getByRole('textbox', { name: 'Email' });
    this.password = page.getByLabel('Password', { exact: true });
    this.signInButton = page.getByRole('button', { name: 'Sign in' });
  }

  /** Opens the dashboard, which shows this screen when no one is signed in. */
  async open(): Promise<void> {
    await this.page.goto('/');
    await expect(this.signInButton).toBeVisible();
  }

  /** Opens `path` signed out and signs in as a demo account, waiting for the shell. */
  async openAndSignIn(
    email: string,
    password: string,
    path = '/',
  ): Promise<void> {
    await this.page.goto(path);
    await this.signIn(email, password);
    await expect(this.page.getByRole('banner')).toContainText(email);
  }

  /** Fills both fields and presses "Sign in". */
  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.signInButton.click();
  }
}

/** Opens `path` signed out and signs in there as a demo account (the demo password), waiting for the shell. */
export async function signInAt(
  page: Page,
  email: string,
  path: string,
): Promise<void> {
  await new SignInScreen(page).openAndSignIn(email, DEMO_PASSWORD, path);
}
