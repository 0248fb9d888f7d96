import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from './support/demo-accounts';
import { Shell } from './support/shell';
import { SignInScreen } from './support/sign-in-screen';

async function signIn(page: Page, email: string) {
  const screen = new SignInScreen(page);
  await screen.open();
  await screen.signIn(email, DEMO_PASSWORD);
  await expect(new Shell(page).header).toContainText(email);
}

test.describe('tenants and members', () => {
  test('the super admin switches to kiehls: the page reloads, calls carry X-Tenant-Code kiehls, kiehls colours apply', async ({
    page,
  }) => {
    await signIn(page, DEMO_USERS.super.email);
    await page.getByRole('button', { name: 'Tenant: Pact Collective' }).click();

    const reloaded = page.waitForEvent('load');
    const nextMe = page.waitForRequest((r) => r.url().endsWith('/api/auth/me'));
    // Watched from before the click: the one-process server answers /me fast
    // enough for the member list to be asked for before a later wait begins.
    const nextMembers = page.waitForRequest((r) =>
      r.url().includes('/api/members'),
    );
    await page.getByRole('menuitem', { name: "Kiehl's" }).click();
    await reloaded;

    expect((await nextMe).headers()['x-tenant-code']).toBe('kiehls');
    expect((await nextMembers).headers()['x-tenant-code']).toBe('kiehls');
    await expect(
      page.getByRole('button', { name: "Tenant: Kiehl's" }),
    ).toBeVisible();
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement)
        .getPropertyValue('--color-primary')
        .trim()
        .toLowerCase(),
    );
    expect(primary).toBe('#00fba9');
    // The member switcher belongs to the main tenant only.
    await expect(page.getByRole('combobox', { name: 'Member' })).toHaveCount(0);
    // The server limits every answer on this tenant to Kiehl's (D12): so does the line.
    await expect(page.getByTestId('data-scope')).toHaveText(
      "Kiehl's · showing data for Kiehl's",
    );
  });

  test('a platform admin picks a member and the data scope on the screen follows', async ({
    page,
  }) => {
    await signIn(page, DEMO_USERS.admin.email);
    const scope = page.getByTestId('data-scope');
    await expect(scope).toContainText('showing data for all members');
    const switcher = page.getByRole('combobox', { name: 'Member' });
    await expect(switcher.getByRole('option')).not.toHaveCount(1);
    await switcher.selectOption({ label: "Kiehl's" });
    await expect(scope).toContainText("showing data for Kiehl's");
    await switcher.selectOption({ label: 'All Members' });
    await expect(scope).toContainText('showing data for all members');
  });

  test('a brand admin sees the member chip and no member or tenant switcher', async ({
    page,
  }) => {
    await signIn(page, DEMO_USERS.brandAdmin.email);
    await expect(page.getByTestId('member-chip')).toHaveText("Member: Kiehl's");
    await expect(page.getByRole('combobox', { name: 'Member' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Tenant:/ })).toHaveCount(0);
    await expect(page.getByTestId('data-scope')).toContainText(
      "showing data for Kiehl's",
    );
  });
});
