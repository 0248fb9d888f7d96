import * as v from 'valibot';
import { expect, it } from 'vitest';

/**
 * The test that a file's example answers are ones the contract accepts
 * (`schema`, the endpoint's response), so no screen is tested with an answer
 * the server could not give. Needs Vitest.
 */
export function itUsesContractAnswers(
  schema: v.GenericSchema,
  answers: readonly unknown[],
): void {
  it('is tested with answers the contract accepts', () => {
    for (const answer of answers) {
      expect(v.safeParse(schema, answer).issues).toBeUndefined();
    }
  });
}
