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

  it('reads a value the labels have no words for as itself', () => {
    const words: Readonly<Record<string, string>> = {
      'in-store': 'In-store bin',
    };
    expect(labelledOptions(['in-store', 'West'], words)).toEqual([
      { value: 'in-store', label: 'In-store bin' },
      { value: 'West', label: 'West' },
    ]);
  });
});
