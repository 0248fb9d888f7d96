import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { DESKTOP, expectFitsAndAxeClean, PHONE } from './support/layout';
import { BRAND_ADMIN, DEMO_USERS } from './support/demo-accounts';
import { signInAt } from './support/sign-in-screen';

/** A platform admin; the edit below changes a member no other spec reads. */
const PLATFORM_ADMIN = DEMO_USERS.admin.email;
/** The member whose contact the journey edits (demo member 7). */
const EDITED_MEMBER = 'Harbor & Pine';

test.describe('member management', () => {
  test("a platform admin edits a member's contact and sees it in its audit trail, axe clean at 1366 and 390 px", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, PLATFORM_ADMIN, '/member-management');
    const list = page.getByRole('table', { name: /members$/ });
    await expect(list).toBeVisible();
    await expectNoAxeViolations(page, '/member-management at 1366 px');

    await list.getByRole('link', { name: EDITED_MEMBER }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: EDITED_MEMBER }),
    ).toBeFocused();
    const contact = `E2E Contact ${Date.now()}`;
    const form = page.getByRole('form', { name: `Edit ${EDITED_MEMBER}` });
    await form.getByRole('textbox', { name: /Contact name/ }).fill(contact);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'saved' }),
    ).toHaveText(`${EDITED_MEMBER} was saved.`);
    const trail = page.getByRole('region', {
      name: 'Audit trail',
      exact: true,
    });
    await expect(
      trail.getByRole('cell', {
        name: new RegExp(`Contact name: .* → ${contact}`),
      }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'a member at 1366 px');

    await page.setViewportSize(PHONE);
    await expect(trail).toBeVisible();
    await expectFitsAndAxeClean(page, 'a member at 390 px');
    await page.getByRole('button', { name: 'Back to members' }).click();
    await expect(list).toBeVisible();
    await expectFitsAndAxeClean(page, '/member-management at 390 px');
  });

  test("a brand admin sees only Kiehl's, read-only, axe clean at 1366 and 390 px", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, BRAND_ADMIN.email, '/member-management');
    const list = page.getByRole('table', { name: '1 member' });
    await expect(list).toBeVisible();
    await expect(list.getByRole('rowheader')).toHaveText(["Kiehl's"]);
    await expect(page.getByRole('button', { name: 'Add member…' })).toHaveCount(
      0,
    );

    await list.getByRole('link', { name: "Kiehl's" }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: "Kiehl's" }),
    ).toBeVisible();
    await expect(page.getByRole('form')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Deactivate/ })).toHaveCount(
      0,
    );
    await expect(
      page.getByText(/Only the collective's admins change/),
    ).toBeVisible();
    await expectNoAxeViolations(page, "Kiehl's as its brand admin at 1366 px");

    await page.goto('/member-management?member=3');
    await expect(
      page.getByText('There is no member 3 in your data scope.'),
    ).toBeVisible();

    await page.setViewportSize(PHONE);
    await page.goto('/member-management?member=2');
    await expect(
      page.getByRole('heading', { level: 2, name: "Kiehl's" }),
    ).toBeVisible();
    await expectFitsAndAxeClean(page, "Kiehl's as its brand admin at 390 px");
  });
});
