import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './accessibility';

/**
 * Waits until the browser has rendered a frame, so layout chosen in
 * script before the paint (the list kit's cards after a resize, which a
 * ResizeObserver decides) is what is measured, as a user would see it.
 */
async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise((done) =>
        requestAnimationFrame(() => requestAnimationFrame(done)),
      ),
  );
}

/**
 * Fails when the page itself scrolls sideways at its current width (wide
 * tables scroll in their own region or become cards, never the page).
 */
export async function expectNoSidewaysScroll(
  page: Page,
  where: string,
): Promise<void> {
  await nextFrame(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `no sideways scrolling of ${where}`).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
}

/**
 * Fails when the page scrolls sideways at its current width or axe finds a
 * violation on it; `where` names the page and width in the failure.
 */
export async function expectFitsAndAxeClean(
  page: Page,
  where: string,
): Promise<void> {
  await expectNoSidewaysScroll(page, where);
  await expectNoAxeViolations(page, where);
}

/**
 * Fails when a shown table caption is narrower than its table (a caption
 * left in a table display inside a table made a block, as the list kit's
 * cards are on a phone, shrinks to a column of a few words).
 */
export async function expectCaptionsAcrossTheirTables(
  page: Page,
  where: string,
): Promise<void> {
  await nextFrame(page);
  const narrow = await page.evaluate(() =>
    [...document.querySelectorAll('table > caption')].flatMap((caption) => {
      const width = caption.getBoundingClientRect().width;
      const table = caption.parentElement?.getBoundingClientRect().width ?? 0;
      // Visually hidden captions (1 px) say it to screen readers only.
      return width > 1 && width < table - 1
        ? [`"${caption.textContent}": ${width} of ${table} px`]
        : [];
    }),
  );
  expect(narrow, `table captions of ${where}`).toEqual([]);
}

/** The desktop width the journeys check (decisions D1: 1366 px). */
export const DESKTOP = { width: 1366, height: 900 };
/** The phone width the journeys check (390 px). */
export const PHONE = { width: 390, height: 844 };

/**
 * At 1366 and then 390 px: `shown` passes, axe is clean and the page does
 * not scroll sideways; the journey goes on at 1366 px.
 */
export async function checkBothWidths(
  page: Page,
  what: string,
  shown: () => Promise<void>,
): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await shown();
  await expectFitsAndAxeClean(page, `${what} at 1366 px`);
  await page.setViewportSize(PHONE);
  await shown();
  await expectNoSidewaysScroll(page, `${what} at 390 px`);
  await expectCaptionsAcrossTheirTables(page, `${what} at 390 px`);
  await expectNoAxeViolations(page, `${what} at 390 px`);
  await page.setViewportSize(DESKTOP);
}
