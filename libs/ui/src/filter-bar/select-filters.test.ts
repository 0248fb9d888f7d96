import { describe, expect, it } from 'vitest';
import { labelledFilter, statusFilter } from './select-filters';

describe('labelledFilter', () => {
  it('keeps the filter’s key and labels, with a choice per value in the list’s order', () => {
    expect(
      labelledFilter(
        { key: 'state', label: 'State', allLabel: 'Every state' },
        ['closed', 'open'] as const,
        { open: 'Open', closed: 'Closed' },
      ),
    ).toEqual({
      key: 'state',
      label: 'State',
      allLabel: 'Every state',
      options: [
        { value: 'closed', label: 'Closed' },
        { value: 'open', label: 'Open' },
      ],
    });
  });
});

describe('statusFilter', () => {
  it('filters the list state’s status, “Any status” when it sets none', () => {
    const filter = statusFilter(['open'] as const, { open: 'Open' });
    expect(filter).toMatchObject({
      key: 'status',
      label: 'Status',
      allLabel: 'Any status',
    });
    expect(filter.options).toEqual([{ value: 'open', label: 'Open' }]);
  });
});
