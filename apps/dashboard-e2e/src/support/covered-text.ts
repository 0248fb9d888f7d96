import type { Locator } from '@playwright/test';

/**
 * The text a user sees under `element` where the page is scrolled now: each
 * text node outside it (HTML or SVG) one of whose line boxes meets its box
 * inside the window, and which is really drawn there (hit-testing, so text
 * that is clipped, visually hidden or in a closed `<details>` does not count).
 * Empty when the element covers no text.
 */
export function textCoveredBy(element: Locator): Promise<string[]> {
  return element.evaluate((cover) => {
    const box = cover.getBoundingClientRect();
    const covered: string[] = [];
    const walker = document.createTreeWalker(
      document.body,
      NodeFilter.SHOW_TEXT,
    );
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || cover.contains(node)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const drawnUnder = [...range.getClientRects()].some((line) => {
        const left = Math.max(line.left, box.left, 0);
        const right = Math.min(line.right, box.right, window.innerWidth);
        const top = Math.max(line.top, box.top, 0);
        const bottom = Math.min(line.bottom, box.bottom, window.innerHeight);
        if (left >= right || top >= bottom) return false;
        return document
          .elementsFromPoint((left + right) / 2, (top + bottom) / 2)
          .some((hit) => hit === parent || parent.contains(hit));
      });
      if (drawnUnder) covered.push(text);
    }
    return covered;
  });
}
