import { expect, type Page } from '@playwright/test';
import { DEMO_MEMBERS, DEMO_USERS } from './demo-accounts';

/** The members the brand admin must never see: every demo member but Kiehl's, their own. */
const OTHER_MEMBERS = DEMO_MEMBERS.filter(
  (member) => member.id !== DEMO_USERS.brandAdmin.member_id,
);

/**
 * Fails when the page's main area names a demo member other than the brand
 * admin's own (Kiehl's); `where` says which screen in the failure.
 */
export async function expectNoOtherMember(
  page: Page,
  where: string,
): Promise<void> {
  const main = (await page.getByRole('main').textContent()) ?? '';
  for (const member of OTHER_MEMBERS) {
    expect(main, `no ${member.name} on ${where}`).not.toContain(member.name);
  }
}
