import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import {
  DESKTOP,
  expectFitsAndAxeClean,
  expectNoSidewaysScroll,
  PHONE,
} from './support/layout';
import { apiGet, apiToken } from './support/api';
import { DEMO_USERS, SUPER_ADMIN } from './support/demo-accounts';
import { signInAt } from './support/sign-in-screen';

const PHRASE = 'clean up the demo';

test.describe('demo clean-up (decisions D20)', () => {
  test('the super admin makes something, sees it in the dry run, confirms, and it is gone; axe clean at 1366 and 390 px', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const token = await apiToken(request, SUPER_ADMIN.email);
    const viewName = `E2E clean-up view ${Date.now()}`;
    const made = await request.post('/api/saved-views', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        list: 'stores',
        name: viewName,
        visibility: 'private',
        state: 'search=portland',
      },
    });
    expect(made.status()).toBe(201);

    await page.setViewportSize(DESKTOP);
    await signInAt(page, SUPER_ADMIN.email, '/demo-cleanup');
    const kinds = page.getByRole('table', {
      name: 'What the clean-up would do, per kind',
    });
    await expect(
      kinds.getByRole('rowheader', { name: 'Saved views' }),
    ).toBeVisible({
      timeout: 60_000,
    });
    await page.getByText(/^Saved views: \d+/).click();
    await expect(page.getByText(viewName)).toBeVisible();
    await expectNoAxeViolations(page, '/demo-cleanup at 1366 px');

    await page.setViewportSize(PHONE);
    await expectFitsAndAxeClean(page, '/demo-cleanup at 390 px');
    await page.setViewportSize(DESKTOP);

    const confirm = page.getByRole('textbox', { name: /to confirm/ });
    await confirm.fill('clean up');
    await page.getByRole('button', { name: 'Delete and restore' }).click();
    await expect(page.getByText(`Type "${PHRASE}" to confirm.`)).toBeVisible();

    await confirm.fill(PHRASE);
    await page.getByRole('button', { name: 'Delete and restore' }).click();
    await expect(page.getByText(/The demo was cleaned up/)).toBeVisible({
      timeout: 150_000,
    });
    await expect(
      page.getByText('Nothing to clean up: the demo is as it was seeded.'),
    ).toBeVisible();
    await expect(page.getByText(viewName)).toHaveCount(0);

    const views = await apiGet(request, '/api/saved-views?list=stores', token);
    expect(views.status()).toBe(200);
    expect(JSON.stringify(await views.json())).not.toContain(viewName);
    const plan = await apiGet(request, '/api/demo-cleanup', token);
    expect(
      ((await plan.json()) as { plan: { total: number } }).plan.total,
    ).toBe(0);
  });

  test('a platform admin is told only the super admin can clean up, and the API refuses them', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, DEMO_USERS.admin.email, '/demo-cleanup');
    await expect(
      page.getByRole('heading', {
        name: 'Only the super admin can clean up the demo',
      }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Delete and restore' }),
    ).toHaveCount(0);
    await expectNoAxeViolations(page, '/demo-cleanup refused at 1366 px');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, '/demo-cleanup refused at 390 px');

    const token = await apiToken(request, DEMO_USERS.admin.email);
    expect((await apiGet(request, '/api/demo-cleanup', token)).status()).toBe(
      403,
    );
    const refused = await request.post('/api/demo-cleanup', {
      headers: { authorization: `Bearer ${token}` },
      data: { confirmation: PHRASE, plan: '0123456789abcdef' },
    });
    expect(refused.status()).toBe(403);
  });
});
