import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { BRAND_ADMIN, DEMO_USERS } from './support/demo-accounts';
import { DESKTOP, expectFitsAndAxeClean, PHONE } from './support/layout';
import { signInAt } from './support/sign-in-screen';
import { storeThemeBeforeLoad } from './support/theme-probe';

/** A platform admin; the page edited below is one no other spec reads. */
const PLATFORM_ADMIN = DEMO_USERS.admin.email;
const EDITED_PAGE = 'Packing and shipping a bin box';

declare global {
  interface Window {
    __pwned?: unknown;
  }
}

/** Collects what the browser reports about the content security policy. */
function cspReports(page: Page): string[] {
  const reports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()))
      reports.push(message.text());
  });
  return reports;
}

/** Fails when anything hostile made it into the page or ran. */
async function expectInert(page: Page, where: string) {
  expect(
    await page.evaluate(() => window.__pwned),
    `no script ran on ${where}`,
  ).toBeUndefined();
  const content = page.locator('main');
  await expect(content.locator('img[onerror]')).toHaveCount(0);
  await expect(content.locator('script, iframe, [style]')).toHaveCount(0);
  await expect(content.locator('a[href^="javascript" i]')).toHaveCount(0);
}

test.describe('instructions', () => {
  test('a platform admin edits a page with hostile Markdown, which renders inert in the preview and the page, axe clean at 1366 and 390 px', async ({
    page,
  }) => {
    const reports = cspReports(page);
    await page.setViewportSize(DESKTOP);
    await signInAt(
      page,
      PLATFORM_ADMIN,
      '/instructions?page=packing-a-bin-box',
    );
    await expect(
      page.getByRole('heading', { level: 2, name: EDITED_PAGE }),
    ).toBeVisible();
    await expectNoAxeViolations(page, '/instructions at 1366 px');

    await page.getByRole('button', { name: 'Edit page' }).click();
    const form = page.getByRole('form', { name: `Edit ${EDITED_PAGE}` });
    const stamp = `Checked ${Date.now()}`;
    await form
      .getByRole('textbox', { name: 'Text (Markdown)' })
      .fill(
        [
          `## ${stamp}`,
          '<img src=x onerror=window.__pwned=1>',
          '<script>window.__pwned=2</script>',
          '[a trap](javascript:window.__pwned=3)',
          '<iframe src="javascript:window.__pwned=4"></iframe>',
          '<p style="position:fixed;inset:0">covered</p>',
          '<svg><script>window.__pwned=5</script></svg>',
          '- Tape **every** seam',
        ].join('\n\n'),
      );
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: stamp })).toBeVisible();
    await expectInert(page, 'the preview');
    await expectNoAxeViolations(page, 'the editor at 1366 px');

    await form.getByRole('button', { name: 'Save page' }).click();
    const content = page.getByRole('region', { name: EDITED_PAGE });
    await expect(content.getByRole('heading', { name: stamp })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit page' })).toBeVisible();
    await expect(content.getByText('a trap')).toBeVisible();
    await expect(content.getByRole('link', { name: 'a trap' })).toHaveCount(0);
    await expectInert(page, 'the saved page');

    await page.reload();
    await expect(content.getByRole('heading', { name: stamp })).toBeVisible();
    await expectInert(page, 'the page read again');
    await expect(page.getByText(/Last changed .* by /)).toBeVisible();

    await page.setViewportSize(PHONE);
    await expectFitsAndAxeClean(page, '/instructions at 390 px');
    await page.getByRole('button', { name: 'Edit page' }).click();
    await expect(form).toBeVisible();
    await expectFitsAndAxeClean(page, 'the editor at 390 px');
    expect(reports, 'no content security policy violation').toEqual([]);
  });

  test('a brand admin reads the pages without an edit control, axe clean at 1366 and 390 px', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, BRAND_ADMIN.email, '/instructions');
    const pages = page.getByRole('navigation', { name: 'Instruction pages' });
    await expect(pages.getByRole('link')).toHaveCount(5);
    await expect(
      page.getByRole('heading', { level: 2, name: 'What is accepted' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit page' })).toHaveCount(
      0,
    );
    await expectNoAxeViolations(
      page,
      '/instructions for a brand admin at 1366 px',
    );

    await pages
      .getByRole('link', { name: 'What each dashboard figure means' })
      .click();
    const content = page.getByRole('region', {
      name: 'What each dashboard figure means',
    });
    await expect(
      content.getByRole('cell', { name: 'Collected this month' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit page' })).toHaveCount(
      0,
    );

    await page.setViewportSize(PHONE);
    await expect(content).toBeVisible();
    await expectFitsAndAxeClean(
      page,
      '/instructions for a brand admin at 390 px',
    );
  });

  test('a brand admin follows the links of a page in the dark theme, axe clean', async ({
    page,
  }) => {
    await storeThemeBeforeLoad(page, 'kiehls', 'pentatonic-dark');
    await page.setViewportSize(DESKTOP);
    await signInAt(
      page,
      BRAND_ADMIN.email,
      '/instructions?page=mail-back-rules',
    );
    const content = page.getByRole('region', {
      name: 'Consumer mail-back rules',
    });
    await expect(
      content.getByRole('link', { name: '/mail-back' }),
    ).toHaveAttribute('href', '/mail-back');
    await expectNoAxeViolations(page, 'a page with links in the dark theme');

    await content.getByRole('link', { name: 'What is accepted' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'What is accepted' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/instructions\?page=what-is-accepted$/);
  });
});
