import { expect, type Page } from '@playwright/test';

/** Fails when the page itself scrolls sideways (wide tables and code scroll in their own region). */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `no sideways scrolling of ${where}`).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
}
