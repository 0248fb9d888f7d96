import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { apiJson, apiToken } from './api';
import { DEMO_USERS } from './demo-accounts';
import { checkBothWidths, DESKTOP } from './layout';
import { watchConsoleErrors, watchPolicyViolations } from './page-problems';

/*
 * The public pages a mailed link opens (decisions D16, docs/decisions/0086):
 * /accept-invitation and /reset-password, outside the signed-in shell.
 */

/** What a mailed link is for. */
export type LinkPurpose = 'invitation' | 'password_reset';

/** What a new person chooses on the accept-invitation page. */
export const NEW_PASSWORD = 'violet kettle harbour 42';

/** A platform (collective) admin: reads the outbox, invites, sends reset links. */
export const PLATFORM_ADMIN = DEMO_USERS.admin.email;

/** A unique address of Kiehl's per run, so the journeys can run again on one server. */
export const newEmail = (who: string) => `${who}.${Date.now()}@kiehls.test`;

const PAGES = {
  invitation: {
    path: '/accept-invitation',
    title: 'Accept your invitation',
    dead: 'This invitation link was used already, has expired or was withdrawn. Ask your administrator to send a new one.',
  },
  password_reset: {
    path: '/reset-password',
    title: 'Choose a new password',
    dead: 'This password-reset link was used already or has expired. Ask your administrator to send a new one.',
  },
} as const;

/**
 * The newest link of `purpose` mailed to `email`, read from the outbox of
 * the server `request` talks to (no SMTP_URL in the e2e runs), as the
 * platform admin (`token`: their session, else a new sign-in).
 */
export async function linkFromOutbox(
  request: APIRequestContext,
  email: string,
  purpose: LinkPurpose,
  token?: string,
): Promise<string> {
  token ??= await apiToken(request, PLATFORM_ADMIN);
  const { messages } = await apiJson<{
    messages: { to: string; body: string; purpose: string }[];
  }>(request, '/api/outbox', token);
  const mail = messages.find(
    (message) => message.to === email && message.purpose === purpose,
  );
  expect(mail, `a mail of ${purpose} to ${email} in the outbox`).toBeDefined();
  const link = new RegExp(
    `https?://\\S+${PAGES[purpose].path}#token=[\\w-]+`,
  ).exec(mail?.body ?? '')?.[0];
  expect(link, `the link in the mail of ${purpose}`).toBeDefined();
  return link ?? '';
}

/**
 * Invites a person of Kiehl's over HTTP as the platform admin (`token`:
 * their session, else a new sign-in); gives the invitation link from the
 * outbox and the new user's id.
 */
export async function invitedOverApi(
  request: APIRequestContext,
  email: string,
  name: string,
  token?: string,
): Promise<{ link: string; id: number }> {
  token ??= await apiToken(request, PLATFORM_ADMIN);
  const invited = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { email, name, role: 'brand_viewer', member_id: 2 },
  });
  expect(invited.status(), `invitation of ${email}`).toBe(201);
  const { user } = (await invited.json()) as { user: { id: number } };
  return {
    link: await linkFromOutbox(request, email, 'invitation', token),
    id: user.id,
  };
}

/**
 * The user of `email`, as the platform admin (their session `token`) finds
 * them over HTTP; fails the test when there is none.
 */
export async function userOverApi(
  request: APIRequestContext,
  email: string,
  token: string,
): Promise<{ id: number; email: string }> {
  const { users } = await apiJson<{ users: { id: number; email: string }[] }>(
    request,
    `/api/users?search=${encodeURIComponent(email)}`,
    token,
  );
  const user = users.find((candidate) => candidate.email === email);
  expect(user, `the user ${email}`).toBeDefined();
  return user ?? { id: 0, email };
}

/** Sends `id` a password-reset link over HTTP as the platform admin (their session `token`); the link from the outbox. */
export async function resetLinkOverApi(
  request: APIRequestContext,
  user: { id: number; email: string },
  token: string,
): Promise<string> {
  const sent = await request.post(`/api/users/${user.id}/password-reset`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(sent.status(), `reset link for ${user.email}`).toBe(200);
  return linkFromOutbox(request, user.email, 'password_reset', token);
}

/** A link page opened in a page of its own, watched from before its first script. */
export interface LinkPageVisit {
  page: Page;
  /** Fails on any content-security-policy violation or console error; a dead link's page may log its 410 only. */
  expectCleanRun(): Promise<void>;
}

/**
 * Opens `link` in a new page of `context` at 1366 px, watching for
 * content-security-policy violations and console errors, and checks the
 * production server sent it under its CSP.
 */
export async function openLinkPage(
  context: BrowserContext,
  link: string,
  purpose: LinkPurpose,
): Promise<LinkPageVisit> {
  const page = await context.newPage();
  const violations = await watchPolicyViolations(page);
  const errors = watchConsoleErrors(page);
  await page.setViewportSize(DESKTOP);
  const response = await page.goto(link);
  expect(response?.headers()['content-security-policy']).toMatch(
    /script-src 'self' 'sha256-[\w+/]+=*'/,
  );
  await expect(
    page.getByRole('heading', { level: 1, name: PAGES[purpose].title }),
  ).toBeVisible();
  return {
    page,
    async expectCleanRun() {
      expect(await violations(), `CSP violations on ${link}`).toEqual([]);
      expect(
        errors.filter(
          (error) =>
            !/^Failed to load resource: the server responded with a status of 410\b/.test(
              error,
            ),
        ),
        `console errors on ${link}`,
      ).toEqual([]);
    },
  };
}

/** Checks the form of a live link, for `email`, at 1366 and 390 px (axe clean, no sideways scroll). */
export async function expectPasswordForm(
  visit: LinkPageVisit,
  purpose: LinkPurpose,
  email: string,
): Promise<void> {
  await checkBothWidths(visit.page, `the ${PAGES[purpose].path} form`, () =>
    expect(
      visit.page.getByText(`Choose a password for ${email}.`),
    ).toBeVisible(),
  );
}

/** Checks the clear page of a used or expired link at 1366 and 390 px, with no form, then the clean run. */
export async function expectDeadLink(
  visit: LinkPageVisit,
  purpose: LinkPurpose,
  what: string,
): Promise<void> {
  const { page } = visit;
  await checkBothWidths(page, what, async () => {
    await expect(page.getByRole('alert')).toHaveText(PAGES[purpose].dead);
    await expect(
      page.getByRole('link', { name: 'Go to the sign-in page' }),
    ).toBeVisible();
  });
  await expect(page.locator('input')).toHaveCount(0);
  await expect(page.getByRole('button')).toHaveCount(0);
  await visit.expectCleanRun();
}

/** Types `password` twice into a live link's form and presses `button`. */
export async function choosePassword(
  page: Page,
  password: string,
  button: string,
): Promise<void> {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: button }).click();
}

/**
 * Accepts an invitation on its public page in `context` (the invited
 * person's browser): the form at 1366 and 390 px, the password set, the
 * person signed in; gives that page, with no CSP violation or console error.
 */
export async function acceptInvitation(
  context: BrowserContext,
  link: string,
  email: string,
): Promise<Page> {
  const visit = await openLinkPage(context, link, 'invitation');
  await expectPasswordForm(visit, 'invitation', email);
  const { page } = visit;
  await choosePassword(page, NEW_PASSWORD, 'Set password and sign in');
  await expect(page.getByRole('banner')).toContainText(email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await visit.expectCleanRun();
  return page;
}

/**
 * A new person of Kiehl's (a {@link newEmail} of `who`), invited over HTTP
 * as the platform admin, who accepted the invitation in a browser context
 * of their own ({@link acceptInvitation}): their address, the invitation
 * link, and their signed-in page.
 */
export async function acceptedNewcomer(
  browser: Browser,
  request: APIRequestContext,
  who: string,
  name: string,
): Promise<{ email: string; link: string; page: Page }> {
  const email = newEmail(who);
  const { link } = await invitedOverApi(request, email, name);
  const page = await acceptInvitation(await browser.newContext(), link, email);
  return { email, link, page };
}
