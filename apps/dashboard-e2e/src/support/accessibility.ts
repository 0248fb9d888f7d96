import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs an axe scan of the whole page and fails with one readable entry per
 * offending element: rule, impact, help text, the element and axe's summary
 * of what to fix (for contrast, the measured colours and ratio).
 */
export async function expectNoAxeViolations(
  page: Page,
  screenName: string,
): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.flatMap((violation) =>
    violation.nodes.map((node) =>
      `${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help} at ${node.target.join(' ')}. ${node.failureSummary ?? ''}`.trim(),
    ),
  );

  expect(violations, `axe violations on ${screenName}`).toEqual([]);
}
