import { describe, expect, it } from 'vitest';
import { labelledOptions } from './labelled-options';

describe('labelledOptions', () => {
  it('pairs each value with its label, in the values’ order', () => {
    expect(
      labelledOptions(['open', 'closed'] as const, {
        closed: 'Closed',
        open: 'Open',
      }),
    ).toEqual([
      { value: 'open', label: 'Open' },
      { value: 'closed', label: 'Closed' },
    ]);
  });
});
