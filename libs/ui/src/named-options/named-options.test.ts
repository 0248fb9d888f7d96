import { describe, expect, it } from 'vitest';
import { namedOptions } from './named-options';

describe('namedOptions', () => {
  it('offers each record by its id as text, labelled with its name, in order', () => {
    expect(
      namedOptions([
        { id: 7, name: 'North' },
        { id: 'b-2', name: 'South' },
      ]),
    ).toEqual([
      { value: '7', label: 'North' },
      { value: 'b-2', label: 'South' },
    ]);
  });
});
