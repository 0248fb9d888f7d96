import { expect, type Locator, type Page } from '@playwright/test';

/** A figure's value, by its term (the Figures tiles are a description list). */
export const figure = (page: Page, term: string): Locator =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd');

/**
 * A weight as the screens write it ("950 kg", "12.3 t", "1,204 t"), in kg;
 * fails the test on any other text.
 */
export function shownKg(text: string): number {
  const match = /^([\d,]+(?:\.\d+)?)\s*(kg|t)$/.exec(text.trim());
  expect(match, `a weight: "${text}"`).not.toBeNull();
  const value = Number((match?.[1] ?? '').replace(/,/g, ''));
  return match?.[2] === 't' ? Math.round(value * 1000) : value;
}

/**
 * The step a weight of `kg` is shown in: whole kilograms below a tonne,
 * tenths of a tonne below 100 t, whole tonnes above (formatWeight).
 */
export function shownStepKg(kg: number): number {
  if (Math.abs(kg) < 1000) return 1;
  return Math.abs(kg) < 100_000 ? 100 : 1000;
}
