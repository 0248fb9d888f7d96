import { describe, expect, it } from 'vitest';
import { statusFilter } from './status-filter';

describe('statusFilter', () => {
  it('filters the list state’s status, with a choice for each status', () => {
    expect(
      statusFilter(['open', 'closed'] as const, {
        open: 'Open',
        closed: 'Closed',
      }),
    ).toEqual({
      key: 'status',
      label: 'Status',
      allLabel: 'Any status',
      options: [
        { value: 'open', label: 'Open' },
        { value: 'closed', label: 'Closed' },
      ],
    });
  });
});
